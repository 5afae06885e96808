import Foundation
import Testing
import _ScrollRenderTestSupport
import ScrollRenderKit

/// `scrollrender conformance`: the vectors exported the same every time and indexed, the model's own
/// offsets scoring perfect, two other toolkits' offsets scored as docs/CONFORMANCE.md reports
/// them, and bad logs, missing vectors and a changed set refused or named.
@Suite struct ConformanceTests {
    /// A fresh export in its own temporary folder (with the calibration recordings when asked and present).
    static func export(recordings: Bool = false) throws -> (folder: URL, vectors: URL) {
        let folder = try TestFiles.temporaryFolder()
        let vectors = folder.appendingPathComponent("vectors")
        let extra = recordings && SharedRecordings.isAvailable ? ["--recordings", SharedRecordings.folder.path] : []
        let result = ScrollrenderCommand.run(["conformance", "export"] + extra + [vectors.path])
        try #require(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        return (folder, vectors)
    }

    static func index(_ vectors: URL) throws -> ConformanceIndex {
        try JSONDecoder().decode(ConformanceIndex.self, from: Data(contentsOf: vectors.appendingPathComponent("index.json")))
    }

    /// Their logs: the model's own offsets, `NAME.csv` copied from `NAME.expected.csv`.
    static func copyExpected(_ vectors: URL, into theirs: URL, only: [String]? = nil) throws {
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        for vector in try index(vectors).vectors where only?.contains(vector.name) ?? true {
            try FileManager.default.copyItem(at: vectors.appendingPathComponent(vector.expectedFile), to: theirs.appendingPathComponent("\(vector.name).csv"))
        }
    }

    /// `score --json`: the status, and each vector's checks by name (nil when missing).
    static func score(_ vectors: URL, _ theirs: URL, _ extra: [String] = []) throws -> (status: Int32, checks: [String: [[String: Any]]], error: String, verdict: String) {
        let json = ScrollrenderCommand.run(["conformance", "score", "--json"] + extra + [vectors.path, theirs.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any], "\(json.standardError)")
        var checks: [String: [[String: Any]]] = [:]
        for vector in object["vectors"] as? [[String: Any]] ?? [] {
            checks[vector["name"] as! String] = vector["checks"] as? [[String: Any]]
        }
        #expect((object["passed"] as? Bool) == (json.status == 0))
        return (json.status, checks, json.standardError, object["verdict"] as? String ?? "")
    }

    /// The worst gesture's error of a measure: theirs − iOS's for values, the distance for paths.
    static func worst(_ checks: [[String: Any]]?, _ measure: String) -> Double {
        (checks ?? []).filter { ($0["name"] as! String).hasSuffix(measure) }
            .map { check in (check["recorded"] == nil ? 1 : -1) * (check["error"] as! Double) }
            .max { abs($0) < abs($1) } ?? .nan
    }

    @Test func exportIsTheSameEveryTimeAndIndexed() throws {
        let (folder, vectors) = try Self.export()
        defer { try? FileManager.default.removeItem(at: folder) }
        let again = folder.appendingPathComponent("again")
        #expect(ScrollrenderCommand.run(["conformance", "export", again.path]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: vectors.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: again.path).sorted() == names)
        for name in names {
            #expect(try Data(contentsOf: vectors.appendingPathComponent(name)) == Data(contentsOf: again.appendingPathComponent(name)), "\(name)")
        }
        let index = try Self.index(vectors)
        #expect(index.format == "scrollrender conformance vectors" && index.version == 1 && index.model == "scrollrender \(ScrollRenderVersion.current)")
        #expect(index.vectors.count == 13 && Set(index.vectors.map(\.input)) == [.touch, .trackpad] && Set(index.vectors.map(\.inputRate)) == [60, 120])
        // Every file but the index is listed once, with the SHA-256 sha256sum gives it.
        #expect(index.files.map(\.name).sorted() == names.filter { $0 != "index.json" })
        let sums = try CommandRunner.run(program: "/usr/bin/sha256sum", index.files.map(\.name), in: vectors)
        let listed = index.files.map { "\($0.sha256)  \($0.name)" }.joined(separator: "\n") + "\n"
        #expect(sums.status == 0 && sums.standardOutput == listed)
        for vector in index.vectors {
            #expect([vector.inputFile, vector.expectedFile, vector.callbacksFile] == ["input", "expected", "callbacks"].map { "\(vector.name).\($0).csv" })
            #expect(!vector.releases.isEmpty && vector.recordedFile == nil, "\(vector.name)")
        }
        // The set is never written over a folder holding anything: refused, the folder as it was.
        let refused = ScrollrenderCommand.run(["conformance", "export", vectors.path])
        #expect(refused.status == 73 && refused.standardError.contains("not empty"), "\(refused.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vectors.path).sorted() == names)
        // Recordings asked for where there are none: nothing is written.
        let elsewhere = folder.appendingPathComponent("elsewhere")
        let absent = ScrollrenderCommand.run(["conformance", "export", "--recordings", folder.appendingPathComponent("nowhere").path, elsewhere.path])
        #expect(absent.status == 66 && absent.standardError.contains("nowhere") && !FileManager.default.fileExists(atPath: elsewhere.path), "\(absent.standardError)")
    }

    /// The model's own offsets score zero error; with the recordings, each recorded vector carries
    /// its recording and the model's error against it.
    @Test func theModelsOwnOffsetsScorePerfect() throws {
        let (folder, vectors) = try Self.export(recordings: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = folder.appendingPathComponent("model")
        try Self.copyExpected(vectors, into: theirs)
        let scored = try Self.score(vectors, theirs)
        #expect(scored.status == 0, "\(scored.error)")
        #expect(scored.checks.count == (SharedRecordings.isAvailable ? 20 : 13))
        for (name, checks) in scored.checks {
            for check in checks { #expect(abs(check["error"] as! Double) <= 1e-6, "\(name): \(check)") }
        }
        #expect(scored.verdict == "within tolerance (offsets ±3 pt, path 5 pt, last write ±20 ms) on \(scored.checks.count) vectors")
        // Each recorded vector carries its recording as it was made, and the model within
        // compare-motion's tolerances of it.
        let recorded = try Self.index(vectors).vectors.filter { $0.evidence == .recorded && $0.recordedFile != nil }
        #expect(recorded.map(\.name) == (SharedRecordings.isAvailable ? ConformanceVector.recordings.map { "recorded-\($0.name)" } : []))
        for vector in recorded {
            let copy = try Data(contentsOf: vectors.appendingPathComponent(vector.recordedFile!))
            let name = String(vector.name.dropFirst("recorded-".count))
            #expect(copy == (try Data(contentsOf: SharedRecordings.folder.appendingPathComponent("\(name).csv"))))
            let error = try #require(vector.modelError)
            #expect(!error.isEmpty && error.allSatisfy(\.passed), "\(vector.name): \(error.filter { !$0.passed }.map(\.failure))")
        }
    }

    /// The two reference "other toolkits" (written from their published formulas in
    /// Conformance/), scored as docs/CONFORMANCE.md says. CONFORMANCE_TABLES=DIR writes their tables.
    @Test func otherToolkitsScoreWhereTheDocsSay() throws {
        let (folder, vectors) = try Self.export(recordings: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain-decay"), flutter = folder.appendingPathComponent("flutter")
        try OtherToolkitRun.logAll(vectors: vectors, into: plain, round: true) { PlainDecay() }
        try OtherToolkitRun.logAll(vectors: vectors, into: flutter) { FlutterBouncing() }
        if let tables = ProcessInfo.processInfo.environment["CONFORMANCE_TABLES"] {
            for theirs in [plain, flutter] {
                let table = ScrollrenderCommand.run(["conformance", "score", vectors.path, theirs.path]).standardOutput
                try Data(table.utf8).write(to: URL(fileURLWithPath: tables).appendingPathComponent("\(theirs.lastPathComponent).txt"))
            }
        }
        // The page: the table, then each vector's curves (theirs beside iOS's) and what is outside.
        let page = folder.appendingPathComponent("plain-decay.html")
        let decay = try Self.score(vectors, plain, ["--html", page.path])
        let html = try String(contentsOf: page, encoding: .utf8)
        let vectorCount = try Self.index(vectors).vectors.count
        #expect(html.contains("<pre>vector ") && !html.contains("<script"))
        #expect(html.components(separatedBy: "<polyline class=\"expected\"").count == vectorCount + 1)
        #expect(html.components(separatedBy: "<polyline class=\"actual\"").count == vectorCount + 1)
        #expect(html.contains("<h2>flick-fast-120 <span class=\"result fail\">OUTSIDE</span></h2>"))
        #expect(html.contains("travel after release: theirs "), "the failing measures, theirs against iOS's")
        #expect(decay.status == 1 && decay.error.hasPrefix("scrollrender: conformance OUTSIDE TOLERANCE: "))
        // A plain decay: hundreds of points short on fast flicks, at rest a second or more late.
        #expect(Self.worst(decay.checks["flick-fast-120"], "travel after release") < -300)
        #expect(Self.worst(decay.checks["flick-medium-120"], "travel after release") < -100)
        for name in ["flick-slow-60", "flick-medium-120", "flick-fast-120", "catch-and-reflick", "reversal", "trackpad-flick"] {
            #expect(Self.worst(decay.checks[name], "last write after release") > 1000, "\(name)")
        }
        // No overshoot where UIKit's flick into the edge goes 190 pt past it.
        #expect(Self.worst(decay.checks["flick-into-edge-120"], "peak past the rest") < -150)
        // Within tolerance where no fling follows: a trackpad creep.
        #expect((decay.checks["trackpad-creep"] ?? []).allSatisfy { $0["passed"] as! Bool })
        let bouncing = try Self.score(vectors, flutter)
        #expect(bouncing.status == 1)
        // Flutter: the travel of clean touch flicks within ±3 pt; every one at rest 200–250 ms late;
        // its offsets ahead of UIKit's at release by its pan's 10-pt recognition distance and more.
        for name in ["flick-slow-60", "reversal"] {
            #expect(abs(Self.worst(bouncing.checks[name], "travel after release")) <= 3, "\(name)")
        }
        for name in ["flick-slow-60", "flick-medium-120", "flick-fast-120", "catch-and-reflick", "reversal"] {
            let late = Self.worst(bouncing.checks[name], "last write after release")
            #expect(late > 150 && late < 300, "\(name): \(late) ms")
            #expect(Self.worst(bouncing.checks[name], "offset at release") >= 9, "\(name)")
        }
        // Its flick into the edge peaks short of UIKit's, by more than the offset tolerance.
        let peak = Self.worst(bouncing.checks["flick-into-edge-120"], "peak past the rest")
        #expect(peak < -30 && peak > -150, "\(peak) pt")
        // A pull released outward springs back within the offset tolerance; one released inward does not.
        let outward = bouncing.checks["pull-bottom-release-outward"] ?? []
        #expect(outward.filter { ($0["unit"] as! String) == "pt" && $0["recorded"] != nil }.allSatisfy { $0["passed"] as! Bool })
        #expect(Self.worst(bouncing.checks["pull-top-release-inward"], "travel after release") < -100)
        guard SharedRecordings.isAvailable else { return }
        // On the recorded inputs: Flutter's tracker finds the touch flicks' travel within 4 pt,
        // and misses the trackpad flick's by more than 1000; the plain decay misses both by 100s.
        for name in ["recorded-device-flick", "recorded-medium-flick", "recorded-slow-drag-release"] {
            #expect(abs(Self.worst(bouncing.checks[name], "travel after release")) <= 4, "\(name)")
        }
        #expect(Self.worst(bouncing.checks["recorded-trackpad-medium-flick"], "travel after release") < -1000)
        #expect(Self.worst(decay.checks["recorded-medium-flick"], "travel after release") < -300)
        #expect(Self.worst(decay.checks["recorded-trackpad-medium-flick"], "travel after release") > 1000)
        for name in ["recorded-device-flick", "recorded-medium-flick"] {
            #expect(Self.worst(decay.checks[name], "last write after release") > 1000, "\(name)")
            let late = Self.worst(bouncing.checks[name], "last write after release")
            #expect(late > 150 && late < 300, "\(name): \(late) ms")
        }
    }

    @Test func badLogsAreRefusedByFileAndLine() throws {
        let (folder, vectors) = try Self.export()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = folder.appendingPathComponent("theirs")
        try Self.copyExpected(vectors, into: theirs)
        let file = theirs.appendingPathComponent("flick-slow-60.csv")
        let junit = folder.appendingPathComponent("junit.xml")
        for (text, message) in [
            ("t,offsetY\n0,0\n0.1,abc\n", "flick-slow-60.csv:3:5: offsetY: expected a number, not \"abc\""),
            ("t,offsetY\n0,0\n", "flick-slow-60.csv:2:1: the offsets need at least two rows"),
            ("t,offsetY\n0,0\n0.02,0\n0.04,1\n", "flick-slow-60.csv:4:1: the offsets end at t=0.04, before the last release"),
            ("t,offsetY\n0,0\n0.2,0\n0.1,5\n", "flick-slow-60.csv:4:1: t: times must not go back"),
            ("t,offsetY\n# from the release\n0.1,0\n3,5\n", "flick-slow-60.csv:3:1: the offsets start at t=0.1, after the first drag began at t=0.05"),
            ("t,offset\n0,0\n", "flick-slow-60.csv:1:1: the header must name t and offsetY"),
            ("t,offsetY\n0,0\n1e300,0\n", "flick-slow-60.csv:3:1: t: a time must be a finite number"),
            ("t,offsetY\n0,0\n5,nan\n", "flick-slow-60.csv:3:3: offsetY: an offset must be a finite number"),
        ] {
            try Data(text.utf8).write(to: file)
            let refused = ScrollrenderCommand.run(["conformance", "score", "--junit", junit.path, vectors.path, theirs.path])
            #expect(refused.status == 65, "\(text): \(refused.standardError)")
            #expect(refused.standardError.hasPrefix("scrollrender: \(file.path.dropLast("flick-slow-60.csv".count))\(message)"), "\(refused.standardError)")
            #expect(refused.standardError.filter { $0 == "\n" }.count == 1 && refused.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: junit.path))
        }
    }

    @Test func missingVectorsAreNamed() throws {
        let (folder, vectors) = try Self.export()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = folder.appendingPathComponent("theirs")
        try Self.copyExpected(vectors, into: theirs, only: ["flick-slow-60", "paging"])
        let junit = folder.appendingPathComponent("junit.xml")
        let scored = ScrollrenderCommand.run(["conformance", "score", "--junit", junit.path, vectors.path, theirs.path])
        #expect(scored.status == 1)
        let missing = try Self.index(vectors).vectors.map(\.name).filter { $0 != "flick-slow-60" && $0 != "paging" }
        #expect(scored.standardError == "scrollrender: conformance OUTSIDE TOLERANCE: no offsets for \(missing.joined(separator: ", "))\n")
        for name in missing { #expect(scored.standardOutput.contains("MISSING: no \(theirs.path)/\(name).csv"), "\(name)") }
        #expect(scored.standardOutput.contains("\nflick-slow-60 ") && !scored.standardOutput.contains("OUTSIDE\n"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count == 14 && xml.components(separatedBy: "<error").count == missing.count + 1)
        #expect(xml.contains("offset at release: theirs 57.67 pt, iOS 57.67 pt (+0.00), tolerance ±3 pt"))
        // In a GitHub Actions job: an annotation per vector without offsets, a summary row each;
        // never inside --json's output.
        let summary = folder.appendingPathComponent("summary.md")
        let environment = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path]
        let annotated = ScrollrenderCommand.run(["conformance", "score", vectors.path, theirs.path], environment: environment)
        #expect(annotated.status == 1 && annotated.standardOutput.components(separatedBy: "::error title=").count == missing.count + 1)
        #expect(try String(contentsOf: summary, encoding: .utf8).contains("| ✅ | flick-slow-60 | within tolerance (offsets ±3 pt"))
        let quiet = ScrollrenderCommand.run(["conformance", "score", "--json", vectors.path, theirs.path], environment: environment)
        #expect(!quiet.standardOutput.contains("::error") && (try? JSONSerialization.jsonObject(with: Data(quiet.standardOutput.utf8))) != nil)
        // No offsets at all: nothing to score.
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = ScrollrenderCommand.run(["conformance", "score", vectors.path, empty.path])
        #expect(none.status == 66 && none.standardError.contains("no offsets for any vector; expected flick-slow-60.csv, "), "\(none.standardError)")
    }

    @Test func aChangedSetIsRefused() throws {
        let (folder, vectors) = try Self.export()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theirs = folder.appendingPathComponent("theirs")
        try Self.copyExpected(vectors, into: theirs)
        let expected = vectors.appendingPathComponent("creep.expected.csv")
        try Data("t,offsetY,offsetX\n0,0,0\n9,100,0\n".utf8).write(to: expected)
        let changed = ScrollrenderCommand.run(["conformance", "score", vectors.path, theirs.path])
        #expect(changed.status == 65 && changed.standardError.contains("creep.expected.csv: changed since the set was exported"), "\(changed.standardError)")
        // An index edited by hand: a view no scroll view has, a name that leaves the folder.
        let indexFile = vectors.appendingPathComponent("index.json")
        let original = try String(contentsOf: indexFile, encoding: .utf8)
        let edits: [(from: String, to: String, message: String)] = [
            (#""displayRate" : 60"#, #""displayRate" : 0"#, "view: displayRate must be from 10 to 480 Hz, not 0.0"),
            (#""name" : "creep""#, #""name" : "..\/creep""#, "a name must be a file name, once"),
        ]
        for (from, to, message) in edits {
            try Data(original.replacingOccurrences(of: from, with: to).utf8).write(to: indexFile)
            let refused = ScrollrenderCommand.run(["conformance", "score", vectors.path, theirs.path])
            #expect(refused.status == 65 && refused.standardError.contains(message), "\(refused.standardError)")
        }
        try Data("{\"format\": \"scrollrender conformance vectors\", \"version\": 2}".utf8).write(to: indexFile)
        let other = ScrollrenderCommand.run(["conformance", "score", vectors.path, theirs.path])
        #expect(other.status == 65 && other.standardError.contains("index.json: not a conformance set's index"), "\(other.standardError)")
        let absent = ScrollrenderCommand.run(["conformance", "score", folder.appendingPathComponent("nowhere").path, theirs.path])
        #expect(absent.status == 66, "\(absent.standardError)")
    }
}

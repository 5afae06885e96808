import FileSystem
import Foundation
import FrameDiff
@testable import GoldenCheck
import ScrollRenderKit
import Synchronization
import Testing

/// The one check's typed result for each case a golden can meet: the same value whichever command
/// or test asked for it.
@Suite struct GoldenCheckTests {
    @Test func aRecordedGoldenPassesAndKeepsBothManifests() throws {
        try CheckFixtures.inFolder { folder in
            let golden = FileSystem.join(folder, "golden")
            let recorded = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .missing), in: folder)
            guard case .missingGolden = recorded.outcome else { Issue.record("\(recorded.outcome)"); return }
            #expect(recorded.recorded?.what == .newGolden && recorded.recorded?.kind == .frames && recorded.status == .recorded)
            #expect(FileSystem.isRegularFile(FileSystem.join(golden, "manifest.json")))
            let checked = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden), in: folder)
            guard case .passed(let comparison) = checked.outcome else { Issue.record("\(checked.outcome)"); return }
            // The manifests the comparison read travel with it: no output reads them again.
            #expect(comparison.manifests?.expected.frames.count == comparison.manifests?.actual.frames.count)
            #expect(comparison.report.summary.identical == comparison.report.summary.compared && checked.recorded == nil)
        }
    }

    /// A suite's cases run at once, each publishing into a work folder and recording into a goldens
    /// folder that neither exists yet: every one records (one case's "exists and is not a folder",
    /// when another made the folder between its check and its mkdir, failed a suite now and then).
    /// And many threads making the same folders at once all succeed.
    @Test func casesRecordedAtOnceIntoMissingFoldersAllRecord() throws {
        try CheckFixtures.inFolder { folder in
            let settings = try CheckFixtures.fling(300)
            let work = FileSystem.join(folder, "work/run"), goldens = FileSystem.join(folder, "goldens")
            let statuses = Mutex([CheckResult.Status]())
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                let check = CheckFixtures.check(settings, golden: FileSystem.join(goldens, "case\(index)"), record: .missing, name: "case\(index)")
                let status = check.run(CheckContext(workFolder: work)).status
                statuses.withLock { $0.append(status) }
            }
            #expect(statuses.withLock { $0 } == Array(repeating: .recorded, count: 6))
            for trial in 0..<40 {
                let path = FileSystem.join(folder, "made\(trial)/a/b")
                let failures = Mutex([String]())
                DispatchQueue.concurrentPerform(iterations: 8) { _ in
                    do throws(FileSystemError) { try FileSystem.makeFolders(path) } catch { failures.withLock { $0.append(error.reason) } }
                }
                #expect(failures.withLock { $0 }.isEmpty && FileSystem.isFolder(path), "trial \(trial)")
            }
        }
    }

    @Test func pixelsThatDifferWithTheSameMotionDifferInPixelsOnly() throws {
        try CheckFixtures.inFolder { folder in
            let golden = FileSystem.join(folder, "golden")
            _ = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .missing), in: folder)
            let result = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300, indicators: "white"), golden: golden), in: folder)
            guard case .differs(let comparison) = result.outcome else { Issue.record("\(result.outcome)"); return }
            #expect(comparison.report.motion?.passed == true && comparison.report.summary.different > 0)
            #expect(result.status == .failed && result.fails)
        }
    }

    @Test func motionThatPartsLeadsTheVerdict() throws {
        try CheckFixtures.inFolder { folder in
            let golden = FileSystem.join(folder, "golden")
            _ = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .missing), in: folder)
            let result = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(420), golden: golden), in: folder)
            guard case .differs(let comparison) = result.outcome else { Issue.record("\(result.outcome)"); return }
            #expect(comparison.report.motion?.passed == false)
            #expect(result.verdict(naming: \.words).hasPrefix("DIFFERENT: motion parts at frame "), "\(result.verdict(naming: \.words))")
        }
    }

    /// Without a golden, `never` records nothing and says how to; every other mode records it whole.
    @Test(arguments: RecordMode.allCases)
    func aMissingGolden(_ mode: RecordMode) throws {
        try CheckFixtures.inFolder { folder in
            let golden = FileSystem.join(folder, "goldens/case")
            let result = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: mode), in: folder)
            guard case .missingGolden = result.outcome else { Issue.record("\(result.outcome)"); return }
            if mode == .never {
                #expect(result.recorded == nil && result.status == .missing && FileSystem.kind(golden) == nil)
                #expect(result.verdict(naming: { "--" + $0.words }).hasSuffix("record it with --record missing"))
            } else {
                let frames = try Manifest.read(folder: golden).frameCount
                #expect(frames > 1 && result.recorded == GoldenRecording(what: .newGolden, kind: .frames, mode: mode, frames: Array(0..<frames)))
                #expect(!result.fails)
            }
        }
    }

    @Test func aMotionGoldenIsItsManifestAlone() throws {
        try CheckFixtures.inFolder { folder in
            let golden = FileSystem.join(folder, "motion")
            var check = CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .missing)
            check.newGolden = .motion
            #expect(CheckFixtures.run(check, in: folder).recorded?.kind == .motion)
            #expect(FileSystem.entries(golden) == ["manifest.json"])
            let changed = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(420), golden: golden), in: folder)
            guard case .differs(let comparison) = changed.outcome else { Issue.record("\(changed.outcome)"); return }
            #expect(comparison.report.kind == .motion)
        }
    }

    @Test func aDamagedGoldenFailsAsAComparisonOfBadData() throws {
        try CheckFixtures.inFolder { folder in
            let golden = FileSystem.join(folder, "golden")
            _ = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .missing), in: folder)
            try Data("{\"frames\": [".utf8).write(to: URL(fileURLWithPath: FileSystem.join(golden, "manifest.json")))
            let result = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .failed), in: folder)
            guard case .failed(.comparison(.invalidManifest(let path, _))) = result.outcome else { Issue.record("\(result.outcome)"); return }
            #expect(path == FileSystem.join(golden, "manifest.json") && result.status == .error && result.recorded == nil)
        }
    }

    @Test func aFailingRenderIsTheRendersError() throws {
        try CheckFixtures.inFolder { folder in
            var check = CheckFixtures.check(try CheckFixtures.fling(300), golden: FileSystem.join(folder, "golden"), record: .missing)
            check.subject = .render(.settings(try CheckFixtures.fling(300)), image: FileSystem.join(folder, "absent.jpg"), compact: false)
            let result = CheckFixtures.run(check, in: folder)
            guard case .failed(.render(.inputNotFound(let path))) = result.outcome else { Issue.record("\(result.outcome)"); return }
            #expect(path.hasSuffix("absent.jpg") && FileSystem.kind(FileSystem.join(folder, "golden")) == nil)
        }
    }

    @Test func aBadScenarioFailsItsOwnCase() throws {
        try CheckFixtures.inFolder { folder in
            let scenario = FileSystem.join(folder, "bad.json")
            try Data("{\"settings\": {\"fps\": -1}}".utf8).write(to: URL(fileURLWithPath: scenario))
            var check = CheckFixtures.check(try CheckFixtures.fling(300), golden: FileSystem.join(folder, "golden"))
            check.subject = .render(.scenario(scenario), image: CheckFixtures.picture, compact: true)
            guard case .failed(.render(.invalidScenario(let path, _, _))) = CheckFixtures.run(check, in: folder).outcome else {
                Issue.record("not an invalid scenario"); return
            }
            #expect(path == scenario)
        }
    }

    /// `failed` approves what differs; the check says what it wrote, and the next check passes.
    @Test func recordingAChangeSaysWhatItWrote() throws {
        try CheckFixtures.inFolder { folder in
            let golden = FileSystem.join(folder, "golden")
            _ = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300), golden: golden, record: .missing), in: folder)
            let approved = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300, indicators: "white"), golden: golden, record: .failed), in: folder)
            guard case .differs = approved.outcome, let recording = approved.recorded else { Issue.record("\(approved.outcome)"); return }
            #expect(recording.what == .change && !recording.frames.isEmpty && recording.differences != nil && approved.status == .recorded)
            let again = CheckFixtures.run(CheckFixtures.check(try CheckFixtures.fling(300, indicators: "white"), golden: golden), in: folder)
            guard case .passed = again.outcome else { Issue.record("\(again.outcome)"); return }
        }
    }
}

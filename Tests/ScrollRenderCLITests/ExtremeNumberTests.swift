import Foundation
import Testing
import _ScrollRenderTestSupport

/// Random and extreme numbers in every numeric option and scenario key: each run ends by itself
/// with success, a usage error or a data error, in one line; one that accepts a large number does
/// so within 5 s of CPU and 1 GiB of address space. The runs write into memory when they can
/// (``TestFiles.temporaryFolder()``): the longest accepted (3600 s at 1 fps) are 3600 frame files each.
@Suite struct ExtremeNumberTests {
    /// Also the largest values the rules accept (distances, fling speeds, pages, seconds), which must
    /// still render in a moment.
    static let extremes = ["0", "-0", "nan", "inf", "-inf", "1e308", "-1e308", "1e-308", "9223372036854775807",
                           "-9223372036854775808", "1e15", "-1", "0.000001", "1000000", "-1000000", "100000", "100", "3600"]
    /// JSON has no NaN or infinity.
    static let jsonExtremes = ["0", "-0.0", "1e308", "-1e308", "1e-308", "9223372036854775807", "-9223372036854775808", "1e15", "-1", "1e-6",
                               "1000000", "-1000000", "100000", "100", "3600"]

    /// Each option and how one number fills its value.
    static let options: [(String, @Sendable (String) -> String)] = [
        ("--size", { "\($0)x\($0)" }), ("--scale", { $0 }), ("--offset", { "\($0),\($0)" }), ("--inset", { "\($0),0,\($0),0" }),
        ("--deceleration", { $0 }), ("--zoom", { $0 }), ("--zoom-range", { "\($0):\($0)" }), ("--indicator-insets", { "0,\($0),0,\($0)" }),
        ("--image-scale", { $0 }), ("--header-stretch", { $0 }), ("--fps", { $0 }), ("--hold", { $0 }), ("--compression", { $0 }),
        ("--threads", { $0 }), ("--max-memory", { $0 }), ("--max-pixels", { $0 }), ("--fling", { "\($0),\($0)" }),
        ("--drag", { "\($0),\($0)" }), ("--pinch", { $0 }), ("--page", { $0 }), ("--scroll-to", { "\($0),\($0)" }),
        ("--zoom-to", { "\($0),\($0),\($0),\($0)" }),
    ]

    /// Each scenario key (as a JSON fragment around one number).
    static let keys: [(String, @Sendable (String) -> String)] = [
        ("size", { #"{"settings": {"size": [\#($0), \#($0)]}, "timeline": [{"fling": 500}]}"# }),
        ("scale", { #"{"settings": {"scale": \#($0)}, "timeline": [{"fling": 500}]}"# }),
        ("offset", { #"{"settings": {"offset": [\#($0), \#($0)]}}"# }),
        ("inset", { #"{"settings": {"inset": [\#($0), 0, \#($0), 0]}, "timeline": [{"drag": {"by": [0, 50]}}]}"# }),
        ("zoom", { #"{"settings": {"zoom": \#($0)}, "timeline": [{"pinch": {"scale": 2}}]}"# }),
        ("zoomRange", { #"{"settings": {"zoomRange": [\#($0), \#($0)]}, "timeline": [{"pinch": {"scale": 2}}]}"# }),
        ("imageScale", { #"{"settings": {"imageScale": \#($0)}, "timeline": [{"fling": 500}]}"# }),
        ("fps", { #"{"settings": {"fps": \#($0)}, "timeline": [{"fling": 500}]}"# }),
        ("hold", { #"{"settings": {"hold": \#($0)}}"# }),
        ("fling", { #"{"timeline": [{"fling": [\#($0), \#($0)]}]}"# }),
        ("drag.by", { #"{"timeline": [{"drag": {"by": [0, \#($0)]}}]}"# }),
        ("drag.hold", { #"{"timeline": [{"drag": {"by": [0, 50], "hold": \#($0)}}]}"# }),
        ("drag.path", { #"{"timeline": [{"drag": {"path": [[0, 10, 10], [0.1, \#($0), \#($0)]]}}]}"# }),
        ("pinch", { #"{"timeline": [{"pinch": {"scale": \#($0), "center": [\#($0), 1], "duration": 0.5}}]}"# }),
        ("page", { #"{"timeline": [{"page": \#($0)}]}"# }),
        ("scrollTo", { #"{"timeline": [{"scrollTo": [\#($0), \#($0)]}]}"# }),
        ("zoomTo", { #"{"timeline": [{"zoomTo": [0, 0, \#($0), \#($0)]}]}"# }),
        ("zoomScale", { #"{"timeline": [{"zoomScale": \#($0)}]}"# }),
        ("wait", { #"{"timeline": [{"wait": \#($0)}]}"# }),
        ("at", { #"{"timeline": [{"fling": 500}, {"at": \#($0), "hold": 0.1}]}"# }),
        ("after", { #"{"timeline": [{"fling": 500}, {"after": \#($0), "hold": 0.1}]}"# }),
    ]

    /// A small picture and view, so that accepted values render in a moment.
    static let base = ["--quiet", "--size", "40x60", "--scale", "1", "--fps", "1", "--hold", "0"]

    @Test(arguments: options.map(\.0))
    func extremeOptionValues(_ option: String) throws {
        let fill = try #require(Self.options.first { $0.0 == option }?.1)
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 60, height: 90), named: "p.png", in: folder)
        for value in Self.extremes + Self.randomNumbers(count: 3) {
            let out = folder.appendingPathComponent("out").path
            var arguments = Self.base + [option, fill(value)]
            if !["--fling", "--drag", "--pinch", "--page", "--scroll-to", "--zoom-to"].contains(option) { arguments += ["--fling", "300"] }
            try Self.expectBounded(arguments + [image, out], "\(option) \(fill(value))", value: value)
            try? FileManager.default.removeItem(atPath: out)
        }
    }

    @Test(arguments: keys.map(\.0))
    func extremeScenarioValues(_ key: String) throws {
        let fill = try #require(Self.keys.first { $0.0 == key }?.1)
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 60, height: 90), named: "p.png", in: folder)
        for value in Self.jsonExtremes + Self.randomNumbers(count: 3) {
            let file = folder.appendingPathComponent("s.json")
            try fill(value).write(to: file, atomically: true, encoding: .utf8)
            let out = folder.appendingPathComponent("out").path
            // A small, slow view unless the key itself sets those, so that accepted values render in a moment.
            var view = key == "size" ? ["--scale", "1"] : key == "scale" ? ["--size", "40x60"] : ["--size", "40x60", "--scale", "1"]
            if key != "fps" { view += ["--fps", "1"] }
            try Self.expectBounded(["--quiet"] + view + ["--scenario", file.path, image, out], "\(key) = \(value)", value: value, allowed: [0, 65])
            try? FileManager.default.removeItem(atPath: out)
        }
    }

    /// Runs in process and checks the outcome; a value of 1000 or more (in size) that the run
    /// accepts is run again as a process with a 1-GiB address-space limit, and its CPU time bounded
    /// by 5 s (GNU `time`, which a busy CI runner does not inflate the way it does wall time; a run
    /// still going after 60 s is killed and fails). A refused value ends before anything is decoded
    /// or drawn, and a small one draws a 40×60 view for a few frames.
    static func expectBounded(_ arguments: [String], _ label: String, value: String, allowed: Set<Int32> = [0, 64, 65]) throws {
        let result = ScrollrenderCommand.run(arguments)
        #expect(allowed.contains(result.status), "\(label): exit \(result.status): \(result.standardError)")
        if result.status != 0 {
            #expect(result.standardError.split(separator: "\n").count == 1, "\(label): \(result.standardError)")
        }
        guard result.status == 0, Double(value).map({ abs($0) >= 1000 }) ?? true else { return }
        // The output folder the run in process wrote, which the process would refuse to replace.
        if let output = arguments.last { try? FileManager.default.removeItem(atPath: output) }
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let timing = TestFiles.scratch.appendingPathComponent("scrollrender-cpu-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: timing) }
        let bounded = try CommandRunner.run(shell:
            "ulimit -v 1048576; exec timeout -s KILL 60 /usr/bin/time -q -f '%U %S' -o '\(timing)' '\(CommandRunner.executable.path)' \(quoted)")
        #expect(bounded.status == 0, "\(label): exit \(bounded.status) as a process: \(bounded.standardError)")
        let cpu = ((try? String(contentsOfFile: timing, encoding: .utf8)) ?? "")
            .split(whereSeparator: \.isWhitespace).compactMap { Double($0) }.reduce(0, +)
        #expect(cpu < 5, "\(label): used \(cpu) s of CPU")
    }

    /// Numbers of every magnitude, from a generator seeded per run so failures name their value.
    static func randomNumbers(count: Int) -> [String] {
        (0..<count).map { _ in
            let magnitude = Double.random(in: -320...320)
            let sign = Bool.random() ? "-" : ""
            return sign + String(pow(10, magnitude))
        }
    }
}

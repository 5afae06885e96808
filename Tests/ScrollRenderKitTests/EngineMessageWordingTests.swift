import Foundation
import Testing

/// Issue 36: the engine speaks to library callers too, so its messages name options and settings
/// by marked terms (`\(option: .release)`, `\(setting: .device)`) that the command line words as
/// its flags; a bare `--flag` in an engine string would be wrong for every other caller.
@Suite struct EngineMessageWordingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Where a string is a command line by design: the command that makes an export again.
    static let commandLines: Set = ["Export/Exporter+FFmpeg.swift"]

    @Test(arguments: ["ScrollRenderKit", "ScrollPhysics", "FrameSequence"])
    func engineStringsNameNoFlag(_ module: String) throws {
        let folder = Self.root.appendingPathComponent("Sources/\(module)")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        for file in files where !Self.commandLines.contains(file) {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // A line without "--" names no flag: only the few with one are matched (3 s of CPU).
                guard line.contains("--") else { continue }
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for string in try Self.stringsNamingAFlag(in: code) {
                    Issue.record("\(module)/\(file):\(number + 1) names a flag: \(string)")
                }
            }
        }
    }

    @Test func theCheckFindsABareFlag() throws {
        #expect(try Self.stringsNamingAFlag(in: #"let advice = "give --shard K/N instead""#).count == 1)
        #expect(try Self.stringsNamingAFlag(in: #"let advice = "give \(option: .shard) as K/N; pages 1--4""#).isEmpty)
    }

    /// The string literals of a line of code that hold a `--flag`.
    static func stringsNamingAFlag(in code: String) throws -> [Substring] {
        let literal = try Regex(#""(?:[^"\\\n]|\\.)*""#)
        let flag = try Regex(#"(?:^|[\s(`'])--[a-z]"#)
        return code.matches(of: literal).map { code[$0.range] }.filter { $0.contains(flag) }
    }
}

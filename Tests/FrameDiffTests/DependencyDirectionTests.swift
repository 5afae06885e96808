import Foundation
import Testing

/// Issue 36: the comparison layer stands below the render layer. FrameDiff and FrameSequence name
/// no render module in Package.swift and import none, so a comparison never depends on how a
/// sequence was rendered.
@Suite struct DependencyDirectionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let renderModules = ["ScrollRenderKit", "ScrollRenderCLI", "RegressionSuite", "ScrollRenderTesting", "Compositor", "ScrollPhysics"]

    /// The dependencies Package.swift gives a target.
    static func dependencies(of target: String) throws -> [String] {
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(package.split(separator: "\n").first { $0.contains(".target(name: \"\(target)\"") })
        return line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { $0 != target }
    }

    @Test(arguments: ["FrameDiff", "FrameSequence"])
    func theComparisonLayerDependsOnNoRenderModule(_ target: String) throws {
        let dependencies = try Self.dependencies(of: target)
        #expect(!dependencies.isEmpty)
        #expect(Set(dependencies).isDisjoint(with: Self.renderModules), "\(target) depends on \(dependencies)")
        let folder = Self.root.appendingPathComponent("Sources/\(target)")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for module in Self.renderModules { #expect(!text.contains("import \(module)\n"), "\(target)/\(file) imports \(module)") }
        }
    }
}

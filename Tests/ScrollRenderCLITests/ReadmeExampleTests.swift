import Foundation
import Testing
import _ScrollRenderTestSupport

/// The README's Swift example is the test of `Examples/SnapshotPackage`, which `Scripts/test.sh`
/// builds and runs as a user's package: the two must not drift apart.
@Suite struct ReadmeExampleTests {
    @Test func theReadmesSwiftExampleIsTheExamplePackagesTest() throws {
        let readme = try String(contentsOf: TestFiles.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        let example = try #require(blocks.first { $0.contains("func cardStripSnaps") })
        let test = try String(contentsOf: TestFiles.packageRoot.appendingPathComponent("Examples/SnapshotPackage/Tests/AppTests/CardStripTests.swift"),
                              encoding: .utf8)
        #expect(example == test)
        // Its goldens are small: frames at review size, and the motion alone.
        let snapshots = TestFiles.packageRoot.appendingPathComponent("Examples/SnapshotPackage/Tests/AppTests/__Snapshots__").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: snapshots)
        let bytes = try files.reduce(0) { $0 + ((try FileManager.default.attributesOfItem(atPath: snapshots + "/" + $1)[.size] as? Int) ?? 0) }
        #expect(bytes < 2_000_000, "\(bytes) bytes of goldens")
        #expect(FileManager.default.fileExists(atPath: snapshots + "/cardStripSnaps-motion/manifest.json"))
    }
}

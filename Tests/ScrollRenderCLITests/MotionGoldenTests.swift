import Foundation
import Testing
import _ScrollRenderTestSupport

/// Motion goldens: a folder holding only `manifest.json`, compared on every frame's
/// `contentOffset` and `zoomScale` and the delegate callbacks — kilobytes instead of frames.
@Suite struct MotionGoldenTests {
    @Test func aMotionGoldenComparesTheMotionAlone() throws {
        let (folder, image) = try DiffWorkflowTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let same = try DiffWorkflowTests.sequence("same", fling: "400", in: folder, image: image)
        let again = try DiffWorkflowTests.sequence("again", fling: "400", in: folder, image: image)
        let faster = try DiffWorkflowTests.sequence("faster", fling: "420", in: folder, image: image)
        let golden = folder.appendingPathComponent("motion")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: same + "/manifest.json", toPath: golden.path + "/manifest.json")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: golden.path + "/manifest.json")[.size] as? Int)
        #expect(size < 100_000, "a motion golden of \(size) bytes")

        let equal = ScrollrenderCommand.run(["diff", golden.path, again])
        #expect(equal.status == 0 && equal.standardOutput.contains("result: equal (the motion of"), "\(equal.standardOutput)")
        // Another velocity parts: exit 1, naming the first frame that parts and where.
        let parted = ScrollrenderCommand.run(["diff", golden.path, faster])
        #expect(parted.status == 1, "\(parted.standardError)")
        #expect(parted.standardOutput.contains("motion parts at frame ") && parted.standardOutput.contains("contentOffset expected ("),
                "\(parted.standardOutput)")
        let json = ScrollrenderCommand.run(["diff", "--json", golden.path, faster])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "motion" && object["firstPartingFrame"] is Int)
        // A tolerance wide enough passes the offsets; recording keeps the golden a manifest alone.
        let tolerant = ScrollrenderCommand.run(["diff", "--offset-tolerance", "1000", golden.path, faster])
        #expect(!tolerant.standardOutput.contains("motion parts"), "\(tolerant.standardOutput)")
        #expect(ScrollrenderCommand.run(["diff", "--offset-tolerance", "-1", golden.path, faster]).status == 64)
        let recorded = ScrollrenderCommand.run(["diff", golden.path, faster, "--record", "failed"])
        #expect(recorded.status == 0 && recorded.standardError.contains("recorded the motion of"), "\(recorded.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: golden.path) == ["manifest.json"])
        #expect(ScrollrenderCommand.run(["diff", golden.path, faster]).status == 0)
    }
}

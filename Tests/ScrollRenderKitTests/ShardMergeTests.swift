import Foundation
import Geometry
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// A library caller merging parts learns why they do not fit from the error's case, not its words:
/// parts that overlap, parts that leave frames out, a part of another sequence.
@Suite struct ShardMergeTests {
    /// Renders frames `first...last` of a short fling (or another velocity's) into `folder/name`.
    static func part(_ name: String, _ first: Int, _ last: Int, in folder: URL, image: String, fling: Double = 400) throws -> String {
        let settings = try ExportSupport.settings([(.size, .size(Size(width: 40, height: 60))), (.scale, .number(1))],
                                                  steps: [.at(0, .touches(.fling(velocity: .init(x: 0, y: fling))))])
        var request = try RenderRequest(imagePath: image, outputPath: folder.appendingPathComponent(name).path, settings: settings)
        request.frames = .range(first: first, last: last)
        let session = RenderSession(request)
        _ = try session.run()
        return request.outputPath
    }

    static func mismatch(_ parts: [String], in folder: URL) throws -> ShardMismatch? {
        do {
            _ = try ShardMerge(outputPath: folder.appendingPathComponent("merged").path, shardPaths: parts).run()
            return nil
        } catch {
            guard case .shardsDoNotFit(let mismatch) = error else { throw error }
            return mismatch
        }
    }

    @Test func partsThatDoNotFitSayWhyByCase() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try ExportSupport.detailed(80, 400, in: folder)
        let a = try Self.part("a", 0, 5, in: folder, image: image), b = try Self.part("b", 4, 9, in: folder, image: image)
        #expect(try Self.mismatch([a, b], in: folder) == .overlap(first: a, second: b, frames: "4-5"))
        let c = try Self.part("c", 8, 9, in: folder, image: image)
        guard case .gaps(_, let missing) = try Self.mismatch([a, c], in: folder) else { Issue.record("no gap named"); return }
        #expect(missing.hasPrefix("6-7, "))
        let other = try Self.part("other", 6, 9, in: folder, image: image, fling: 900)
        guard case .otherSequence(let part, let first, _) = try Self.mismatch([a, other], in: folder) else { Issue.record("not another sequence"); return }
        #expect(part == other && first == a)
    }

    @Test func aMergeOfNoPartsIsRefused() {
        #expect(throws: ScrollRenderError.emptyInput(.noShards)) { try ShardMerge(outputPath: "/nonexistent/merged", shardPaths: []) }
    }
}

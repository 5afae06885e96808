import Compositor
import Foundation
import ImageCodecs
import Raster
import ScrollPhysics
@testable import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// A vertical scroll's frames are coded from rows shared through the run (``SharedRows``), the
/// rows under an indicator read in the layer but for its columns, and they decode to exactly the
/// pixels of frames coded alone.
@Suite struct SharedRowsRenderTests {
    /// A vertical fling (whole rows from one column), a horizontal one into the edge with its bounce
    /// (windows from many columns, then the layer in part of the frame), and a diagonal one.
    @Test(arguments: [[0.0, 900], [2000, 0], [500, 700]])
    func flingFramesEqualFramesCodedAlone(velocity: [Double]) throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 700, height: 1600), named: "p.png", in: folder)
        // Some runs of this render share their layer's rows: the shared path is the one taken.
        var settings = RenderSettings()
        settings.scrollView.boundsSize = .init(width: 80, height: 120)
        settings.scrollView.displayScale = 2
        settings.fps = 30
        settings.hold = 0.1
        settings.steps = [.at(0, .touches(.fling(velocity: .init(x: velocity[0], y: velocity[1]))))]
        let plan = try RenderPlan(request: RenderRequest(imagePath: image, outputPath: "/nonexistent", settings: settings))
        let runs = FrameJobs.runs(FrameJobs(plan.compositorFrames, range: plan.frameRange, placedBy: plan.compositor).jobs, sharingLayers: plan.compositor)
        let sharedRuns = runs.filter { run in
            guard run.sharesLayer, let layer = plan.compositor.contentLayer(for: run.jobs.map(\.frame)) else { return false }
            return RenderSession.sharedRows(of: layer, for: run.jobs, compositor: plan.compositor, encoder: settings.frameEncoder) != nil
        }
        #expect(!sharedRuns.isEmpty)
        // Frames whose rows under an indicator are read in the layer but for the indicator's columns.
        let patched = sharedRuns.contains { run in
            guard let layer = plan.compositor.contentLayer(for: run.jobs.map(\.frame)) else { return false }
            return run.jobs.contains { !plan.compositor.rowsUnderIndicators(of: $0.placed, in: layer).isEmpty }
        }
        #expect(patched)
        if velocity[0] > 1000 {
            // The bounce past the right edge shows the layer in part of the frame, from shared rows too.
            let partial = sharedRuns.flatMap(\.jobs).filter { job in
                plan.compositor.contentLayer(for: [job.frame]).flatMap { plan.compositor.layerSpan(of: job.frame, in: $0) }
                    .map { $0.columns != 0..<plan.compositor.pixelWidth } ?? false
            }
            #expect(!partial.isEmpty)
        }

        let fast = folder.appendingPathComponent("fast"), alone = folder.appendingPathComponent("zlib")
        let arguments = ["--quiet", "--size", "80x120", "--scale", "2", "--fps", "30", "--hold", "0.1",
                         "--fling", "\(Int(velocity[0])),\(Int(velocity[1]))"]
        #expect(ScrollrenderCommand.run(arguments + [image, fast.path]).status == 0)
        #expect(ScrollrenderCommand.run(arguments + ["--compression", "1", image, alone.path]).status == 0)
        let count = try RenderFixtures.manifest(in: fast).frames.count
        #expect(count > 10)
        #expect(try RenderFixtures.manifest(in: alone).frames.count == count)
        for index in 0..<count {
            #expect(try RenderFixtures.frame(index, in: fast) == RenderFixtures.frame(index, in: alone), "frame \(index)")
        }
    }
}

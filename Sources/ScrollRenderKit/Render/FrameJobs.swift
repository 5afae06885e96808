import Compositor

/// The frames to draw, with runs of identical consecutive frames (a still hold, a view at rest)
/// drawn and encoded once and written under each of their names.
struct FrameJobs: Sendable {
    /// A frame to draw, placed once for all its uses, and the indices that show it.
    struct Job: Sendable {
        var placed: Compositor.PlacedFrame
        var indices: Range<Int>

        var frame: Compositor.Frame { placed.frame }
    }

    let jobs: [Job]

    /// Jobs for the frames in `range`, by their global numbers, each placed by `compositor`.
    init(_ frames: [Compositor.Frame], range: Range<Int>, placedBy compositor: Compositor) {
        var jobs: [Job] = []
        for index in range {
            let frame = frames[index]
            if let last = jobs.last, last.frame == frame {
                jobs[jobs.count - 1].indices = last.indices.lowerBound..<(index + 1)
            } else {
                jobs.append(Job(placed: compositor.placed(frame), indices: index..<(index + 1)))
            }
        }
        self.jobs = jobs
    }

    /// A stretch of consecutive jobs: frames one content layer can serve, or frames drawn alone.
    struct Run: Sendable {
        var jobs: [Job]
        var sharesLayer: Bool
    }

    /// The jobs in order, cut into runs that one content layer can serve (consecutive frames at
    /// one zoom scale with the content's corner on a whole pixel, at most ``maximumRun``, that
    /// show no more than a layer holds) and runs of frames drawn alone (a pinch); every run is
    /// drawn on all workers.
    static func runs(_ jobs: [Job], sharingLayers compositor: Compositor) -> [Run] {
        var runs: [Run] = []
        var index = 0
        while index < jobs.count {
            var end = index + 1
            // Each frame is placed once as the run grows: linear in the number of frames.
            if var run = compositor.layerRun(startingWith: jobs[index].placed) {
                while end < jobs.count, end - index < maximumRun, compositor.extend(&run, with: jobs[end].placed) { end += 1 }
            }
            if end - index > 1 {
                runs.append(Run(jobs: Array(jobs[index..<end]), sharesLayer: true))
            } else if let last = runs.last, !last.sharesLayer {
                runs[runs.count - 1].jobs.append(jobs[index])
            } else {
                runs.append(Run(jobs: [jobs[index]], sharesLayer: false))
            }
            index = end
        }
        return runs
    }

    /// Frames in one layer run: each run's layer is drawn before its frames, so its first frame
    /// waits for it; a slow scroll's run stays short of the layer limit.
    static let maximumRun = 32
}

import Compositor

/// The frames to draw, with runs of identical consecutive frames (a still hold, a view at rest)
/// drawn and encoded once and written under each of their names.
struct FrameJobs: Sendable {
    /// A frame to draw and the indices that show it.
    struct Job: Sendable {
        var frame: Compositor.Frame
        var indices: Range<Int>
    }

    let jobs: [Job]

    /// Jobs for the frames in `range`, by their global numbers.
    init(_ frames: [Compositor.Frame], range: Range<Int>) {
        var jobs: [Job] = []
        for index in range {
            let frame = frames[index]
            if let last = jobs.last, last.frame == frame {
                jobs[jobs.count - 1].indices = last.indices.lowerBound..<(index + 1)
            } else {
                jobs.append(Job(frame: frame, indices: index..<(index + 1)))
            }
        }
        self.jobs = jobs
    }

    /// The jobs in order, cut into runs that one content layer can serve (consecutive frames at
    /// one zoom scale on whole pixels), and single jobs that it cannot; a run is also cut where
    /// its layer would grow past ``ContentLayer/maximumPixels``.
    static func runs(_ jobs: [Job], sharingLayers compositor: Compositor) -> [[Int]] {
        var runs: [[Int]] = []
        for index in jobs.indices {
            if let last = runs.last?.last, compositor.canShareLayer(jobs[last].frame, jobs[index].frame),
               runs[runs.count - 1].count < maximumRun {
                runs[runs.count - 1].append(index)
            } else {
                runs.append([index])
            }
        }
        return runs
    }

    /// Frames in one layer run: a fling of this many frames stays well inside the layer limit
    /// at any view size a phone has.
    static let maximumRun = 64
}

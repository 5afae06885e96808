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
}

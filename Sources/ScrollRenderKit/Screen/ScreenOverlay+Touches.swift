import Compositor
import Geometry
import ScrollPhysics

extension ScreenOverlay {
    /// The touch sequences to draw: each gesture of each step (from `began` to `ended`) as its
    /// fingers moved, or for a trackpad, the pointer resting in the middle of the view while its
    /// fingers are on the pad (iPadOS keeps the pointer still while two fingers scroll).
    static func timelines(_ handled: [HandledTouches], viewSize: Size) -> [TouchTimeline] {
        handled.flatMap { step in
            gestures(step.samples).map { samples in
                guard step.input == .trackpad else {
                    return TouchTimeline(samples: samples.map { TouchTimeline.Sample(time: $0.time, points: $0.locations) })
                }
                let middle = [Point(x: viewSize.width / 2, y: viewSize.height / 2)]
                return TouchTimeline(samples: [samples.first!, samples.last!].map { TouchTimeline.Sample(time: $0.time, points: middle) },
                                     kind: .pointer)
            }
        }
    }

    /// `samples` cut into gestures, each from a `began` to its `ended`.
    static func gestures(_ samples: [TouchSample]) -> [[TouchSample]] {
        var gestures: [[TouchSample]] = []
        for sample in samples {
            if sample.phase == .began || gestures.isEmpty { gestures.append([]) }
            gestures[gestures.count - 1].append(sample)
        }
        return gestures
    }
}

import Foundation

extension ConformanceVector {
    /// The set's version: a vector added, removed or changed is a new version.
    public static let formatVersion = 1

    /// The conformance set: flicks from rest at three speeds, one into an edge, a catch and re-flick, a slow drag,
    /// pulls past an edge released inward and outward, paging, trackpad flick and creep, a creep
    /// and a reversal; touches at 60 and 120 Hz.
    public static let catalog: [ConformanceVector] = [
        touch("flick-slow-60", "A flick from rest at about 600 pt/s, touches at 60 Hz.", .recorded,
              "The model's free flicks are checked against device-flick and medium-flick (docs/model.md).",
              rate: 60, view: phone(rate: 60), [flick(speed: 600, duration: 0.15, rate: 60)]),
        touch("flick-medium-120", "A flick from rest at about 1800 pt/s, touches at 120 Hz.", .recorded,
              "Like device-flick (iPhone Air, 120 Hz touches), checked in docs/model.md.",
              rate: 120, view: phone(rate: 120), [flick(speed: 1800, duration: 0.12, rate: 120)]),
        touch("flick-fast-120", "A fast flick from rest at about 4500 pt/s, touches at 120 Hz.", .readAtRuntime,
              "The deceleration rate is UIKit's, read at runtime; no recording flicks this fast.",
              rate: 120, view: phone(rate: 120), [flick(speed: 4500, duration: 0.1, rate: 120)]),
        touch("flick-into-edge-120", "A flick at about 6000 pt/s from 450 pt above the bottom edge: it reaches the edge fast and bounces.", .assumed,
              "The bounce of momentum at an edge is the model's rule (docs/model.md, edges); no recording flicks into an edge.",
              rate: 120, view: phone(rate: 120, offsetY: 6000 - 844 - 450), [flick(speed: 6000, duration: 0.08, rate: 120)]),
        touch("catch-and-reflick", "A flick, a touch that catches the deceleration and holds 0.1 s, then a second flick.", .recorded,
              "repeat-flick-first-four catches and re-flicks (docs/model.md).",
              rate: 60, view: phone(rate: 60),
              [flick(speed: 1200, duration: 0.12, rate: 60), flick(at: 0.6, speed: 1500, duration: 0.12, hold: 0.1, rate: 60)]),
        touch("slow-drag-release", "A slow drag (about 150 pt/s for 1 s) released while moving: it coasts.", .recorded,
              "slow-drag-release (docs/model.md).",
              rate: 60, view: phone(rate: 60), [flick(speed: 150, duration: 1, rate: 60)]),
        touch("creep", "A creep at 40 pt/s, held still 0.2 s, then lifted: no deceleration.", .assumed,
              "A touch creep is assumed to behave as trackpad-creep, the recording of a trackpad's.",
              rate: 120, view: phone(rate: 120), [flick(speed: 40, duration: 0.8, rest: 0.2, rate: 120)]),
        touch("reversal", "A drag up 200 pt, then back down, released moving down.", .assumed,
              "No recording reverses; the release velocity comes from the last samples as in the flicks.",
              rate: 60, view: phone(rate: 60, offsetY: 1500), [reversal(rate: 60)]),
        touch("pull-top-release-inward", "A pull 200 pt past the top edge, then back 60 pt, released moving inward.", .assumed,
              "The touch rubber band is read at runtime (UIKit's 0.55); no recording pulls past an edge by touch.",
              rate: 60, view: phone(rate: 60), [pull(by: 200, back: 60, rate: 60)]),
        touch("pull-bottom-release-outward", "A pull 150 pt past the bottom edge, released still moving outward.", .assumed,
              "The bounce back is UIKit's spring as the model has it; trackpad-overscroll-release is the nearest recording.",
              rate: 60, view: phone(rate: 60, offsetY: 6000 - 844), [flick(speed: 700, duration: 0.3, rate: 60)]),
        touch("paging", "Paging on: a short flick at about 500 pt/s settles on the next page.", .assumed,
              "Paging's target and animation are the model's; no recording pages.",
              rate: 60, view: phone(rate: 60, paging: true), [flick(speed: 500, duration: 0.1, rate: 60)]),
        trackpad("trackpad-flick", "A two-finger trackpad flick of about 2000 pt/s.", .recorded,
                 "trackpad-medium-flick (docs/model.md).",
                 [flick(speed: 2000, duration: 0.15, rate: 60, startX: 0, startY: 0)]),
        trackpad("trackpad-creep", "A trackpad creep at 60 pt/s, held still, lifted: no deceleration.", .recorded,
                 "trackpad-creep (docs/model.md).",
                 [flick(speed: 60, duration: 0.6, rest: 0.15, rate: 60, startX: 0, startY: 0)]),
    ]

    /// An iPhone-sized view (390×844 @3x) over content 6000 pt tall.
    static func phone(rate: Double, offsetY: Double = 0, paging: Bool = false) -> View {
        View(boundsWidth: 390, boundsHeight: 844, contentWidth: 390, contentHeight: paging ? 844 * 5 : 6000, scale: 3, displayRate: rate,
             offsetY: offsetY, decelerationRate: 0.998, isPagingEnabled: paging, insetTop: 0, insetBottom: 0)
    }

    static func touch(_ name: String, _ summary: String, _ evidence: Evidence, _ note: String, rate: Double, view: View, _ gestures: [[Sample]]) -> Self {
        ConformanceVector(name: name, summary: summary, evidence: evidence, evidenceNote: note, input: .touch, inputRate: rate, view: view, gestures: gestures,
                          recording: nil)
    }

    /// A trackpad vector on an iPad-sized view (1376×1032 @2x, 60 Hz) over content 8000 pt tall.
    static func trackpad(_ name: String, _ summary: String, _ evidence: Evidence, _ note: String, _ gestures: [[Sample]]) -> Self {
        let view = View(boundsWidth: 1376, boundsHeight: 1032, contentWidth: 1376, contentHeight: 8000, scale: 2, displayRate: 60,
                        offsetY: 0, decelerationRate: 0.998, isPagingEnabled: false, insetTop: 0, insetBottom: 0)
        return ConformanceVector(name: name, summary: summary, evidence: evidence, evidenceNote: note, input: .trackpad, inputRate: 60, view: view,
                                 gestures: gestures, recording: nil)
    }

    /// A finger (or a pan's translation) moving up: its speed ramps from 0 to `speed` (pt/s) over the
    /// first half of `duration`, then holds; after `hold` s still at the start (a catch) and `rest`
    /// s still at the end it lifts. Samples at `rate` Hz from `at`, on the microsecond and 1/10000 pt.
    static func flick(at start: Double = 0, speed: Double, duration: Double, hold: Double = 0, rest: Double = 0, rate: Double,
                      startX: Double = 195, startY: Double = 700) -> [Sample] {
        let ramp = duration / 2
        func travel(_ t: Double) -> Double {
            t < ramp ? speed * t * t / (2 * ramp) : speed * (ramp / 2 + (t - ramp))
        }
        let holding = Int((hold * rate).rounded()), moving = Int((duration * rate).rounded())
        var samples = (0...holding).map { k in sample(start + Double(k) / rate, startX, startY) }
        samples += (1...moving).map { k in sample(start + hold + Double(k) / rate, startX, startY - travel(Double(k) / rate)) }
        let end = samples[samples.count - 1]
        if rest > 0 { samples.append(sample(end.time + rest, end.x, end.y)) }
        return samples
    }

    /// A drag up 200 pt in 0.4 s, then down 100 pt in 0.25 s, lifted moving down.
    static func reversal(rate: Double) -> [Sample] {
        let up = Int((0.4 * rate).rounded()), down = Int((0.25 * rate).rounded())
        var samples = (0...up).map { k in sample(Double(k) / rate, 195, 600 - 200 * Double(k) / Double(up)) }
        samples += (1...down).map { k in sample(0.4 + Double(k) / rate, 195, 400 + 100 * Double(k) / Double(down)) }
        return samples
    }

    /// A pull down by `by` pt in 0.5 s from the top (past the edge), then up `back` pt in 0.15 s.
    static func pull(by distance: Double, back: Double, rate: Double) -> [Sample] {
        let out = Int((0.5 * rate).rounded()), inward = Int((0.15 * rate).rounded())
        var samples = (0...out).map { k in sample(Double(k) / rate, 195, 200 + distance * Double(k) / Double(out)) }
        samples += (1...inward).map { k in sample(0.5 + Double(k) / rate, 195, 200 + distance - back * Double(k) / Double(inward)) }
        return samples
    }

    /// A sample on the file's grid (microseconds, 1/10000 pt), so that the model replays what is written.
    static func sample(_ t: Double, _ x: Double, _ y: Double, places: Int = 4) -> Sample {
        let scale = places == 6 ? 1e6 : 1e4
        return Sample(time: (t * 1e6).rounded() / 1e6, x: (x * scale).rounded() / scale, y: (y * scale).rounded() / scale)
    }
}

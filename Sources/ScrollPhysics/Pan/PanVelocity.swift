import Geometry

/// The velocity UIKit's pan recognizer reports, and the one a release starts with, from the
/// finger's touch samples (all recorded on iOS):
///
/// - each sample k gives a sample velocity s_k = Δposition/Δt from the one before;
/// - the recognizer reports V_k = 0.2·s_k + 0.8·s_(k−1) (the first value is s_1 itself);
/// - a release starts with 0.75·V_prev + 0.25·V_last of the last two reports (V_last alone when
///   V_prev is 0); the lift-off itself adds no sample.
///
/// A finger that stops stops producing samples; what UIKit reports when it lifts after such a
/// pause was not recorded. The model says the release velocity is zero once the finger has been
/// still for ``UIKitConstants/stillFingerPause``, so that a drag that holds still lifts without a fling.
struct PanVelocity: Sendable, Hashable {
    private var lastLocation: Point
    private var lastTime: Double
    private var lastSampleVelocity: Point?
    /// The last two recognizer reports, finger direction (pt/s).
    private(set) var previous = Point.zero
    private(set) var last = Point.zero
    private var reports = 0

    init(down location: Point, at time: Double) {
        lastLocation = location
        lastTime = time
    }

    /// A `moved` sample. Samples at the same instant carry no velocity and are skipped.
    mutating func add(_ location: Point, at time: Double) {
        guard time > lastTime else {
            lastLocation = location
            return
        }
        let sample = (location - lastLocation) / (time - lastTime)
        let report = lastSampleVelocity.map { sample * UIKitConstants.recognizerCurrentWeight + $0 * (1 - UIKitConstants.recognizerCurrentWeight) } ?? sample
        (previous, last) = (last, report)
        reports += 1
        lastSampleVelocity = sample
        lastLocation = location
        lastTime = time
    }

    /// Two fingers resting on a trackpad at `time`, before the pan has moved: its first movement is
    /// measured from here, as UIKit measures a trackpad gesture's first velocity over the time
    /// since its movement began (recorded: 19.4 pt over 11.15 ms, less than a frame).
    mutating func rest(at time: Double) {
        guard !hasReported, time > lastTime else { return }
        lastTime = time
    }

    /// Whether the pan has moved since it began: a report was made.
    var hasReported: Bool { reports > 0 }

    /// The finger velocity a lift-off at `time` releases with (pt/s, finger direction).
    func release(at time: Double) -> Point {
        guard reports > 0, time - lastTime < UIKitConstants.stillFingerPause else { return .zero }
        guard reports > 1, previous != .zero else { return last }
        return previous * UIKitConstants.releasePreviousWeight + last * (1 - UIKitConstants.releasePreviousWeight)
    }
}

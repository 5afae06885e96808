import Foundation
import ScrollRenderKit

/// What most web scrolling libraries do: the content follows the finger, stops hard at the edges
/// (no rubber band), and after the lift decays as 0.998^(1000·t) from the finger's mean velocity
/// over its last 100 ms (the oldest sample within 100 ms of the lift to the lift), until less than
/// half a device pixel is left to travel; offsets on the device-pixel grid, as `scrollTop` is.
struct PlainDecay: OtherToolkit {
    var samples: [(time: Double, position: Double)] = []

    static let (rate, window) = (0.998, 0.1)

    mutating func began(at time: Double, position: Double, offset: Double) -> Double {
        samples = [(time, position)]
        return offset
    }

    mutating func moved(at time: Double, position: Double, offset: Double, view: ConformanceVector.View) -> Double {
        let delta = position - (samples.last?.position ?? position)
        samples.append((time, position))
        return min(max(offset - delta, 0), max(0, view.contentHeight - view.boundsHeight))
    }

    mutating func ended(at time: Double, position: Double, offset: Double, view: ConformanceVector.View) -> (offset: Double, fling: (any Fling)?) {
        let at = moved(at: time, position: position, offset: offset, view: view)
        guard let oldest = samples.first(where: { $0.time >= time - Self.window }), time > oldest.time else { return (at, nil) }
        let velocity = -(position - oldest.position) / (time - oldest.time)
        return (at, Decay(start: at, velocity: velocity, limit: max(0, view.contentHeight - view.boundsHeight), pixel: 1 / view.scale))
    }

    /// x(t) = x₀ + v·(e^{kt} − 1)/k, k = 1000·ln 0.998, clamped to the content.
    struct Decay: Fling {
        var start: Double
        var velocity: Double
        var limit: Double
        var pixel: Double
        let k = 1000 * log(PlainDecay.rate)

        func offset(at t: Double) -> Double {
            min(max(start + velocity * (exp(k * t) - 1) / k, 0), limit)
        }

        func isDone(at t: Double) -> Bool {
            let left = abs(velocity * exp(k * t) / k)
            let at = offset(at: t)
            return left < pixel / 2 || at <= 0 || at >= limit
        }
    }
}

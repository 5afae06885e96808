/// A motion integrated at the fixed ``UIKitConstants/integrationStep`` from its own start, so that
/// its shape never depends on how often it is sampled; read between steps by linear interpolation.
struct SteppedPath: Sendable, Hashable {
    /// Positions at 0, 1, 2, … steps; the last one is where the motion rests.
    let positions: [Double]
    /// Velocities (pt/s) at the same steps.
    let velocities: [Double]

    static let step = UIKitConstants.integrationStep

    var duration: Double { Double(positions.count - 1) * Self.step }
    var endPosition: Double { positions[positions.count - 1] }

    func position(at t: Double) -> Double { interpolate(positions, at: t) }

    func velocity(at t: Double) -> Double {
        t >= duration ? 0 : interpolate(velocities, at: t)
    }

    private func interpolate(_ values: [Double], at t: Double) -> Double {
        guard t > 0 else { return values[0] }
        let index = t / Self.step
        let lower = Int(index.rounded(.down))
        guard lower < values.count - 1 else { return values[values.count - 1] }
        let fraction = index - Double(lower)
        return values[lower] + (values[lower + 1] - values[lower]) * fraction
    }
}

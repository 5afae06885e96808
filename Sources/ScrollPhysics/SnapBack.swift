/// A snap-back in closed form from `edge + displacement` to `edge`.
struct SnapBack: Sendable, Hashable {
    let edge: Double
    let displacement: Double
    let model: SnapBackModel
    /// When the overscroll falls below ``UIKitConstants/snapBackRestDistance``; the view then snaps.
    let duration: Double

    init(edge: Double, displacement: Double, model: SnapBackModel) {
        self.edge = edge
        self.displacement = displacement
        self.model = model
        duration = Self.restTime(displacement: abs(displacement), model: model)
    }

    func position(at t: Double) -> Double {
        t >= duration ? edge : edge + displacement * model.remainingFraction(at: Swift.max(0, t))
    }

    func velocity(at t: Double) -> Double {
        t >= duration || t < 0 ? 0 : displacement * model.fractionRate(at: t)
    }

    /// Solves |x₀|·fraction(t) = rest distance by bisection (the fraction is monotone).
    private static func restTime(displacement: Double, model: SnapBackModel) -> Double {
        let threshold = UIKitConstants.snapBackRestDistance / displacement
        guard threshold < 1 else { return 0 }
        var upper = 1.0
        while model.remainingFraction(at: upper) > threshold { upper *= 2 }
        var lower = 0.0
        for _ in 0..<64 {
            let middle = (lower + upper) / 2
            if model.remainingFraction(at: middle) > threshold { lower = middle } else { upper = middle }
        }
        return upper
    }
}

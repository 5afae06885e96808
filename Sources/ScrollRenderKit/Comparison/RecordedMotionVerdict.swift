import TextFormat

/// How far a render's motion may be from a device's recording and still pass `compare-motion`:
/// the tolerances the README promises for every recording of the calibration set.
public struct RecordedMotionTolerances: Sendable, Hashable, Codable {
    /// Offsets, in points: at release, the travel after it, the resting offset, the peak past the
    /// rest, and every dragging write (the rubber band during a pull included).
    public var offset: Double
    /// The path after each release (after the best constant shift within ±16 ms), in points.
    public var path: Double
    /// The time from the last release to the last write that moved the offset, in seconds.
    public var lastWrite: Double

    public init(offset: Double = 3, path: Double = 5, lastWrite: Double = 0.020) {
        (self.offset, self.path, self.lastWrite) = (offset, path, lastWrite)
    }

    /// "offsets ±3 pt, path 5 pt, last write ±20 ms".
    public var description: String {
        "offsets ±\(TextFormat.number(offset)) pt, path \(TextFormat.number(path)) pt, last write ±\(TextFormat.number(lastWrite * 1000)) ms"
    }
}

/// One measure of a ``RecordedMotionComparison`` against its tolerance.
public struct RecordedMotionCheck: Sendable, Hashable, Codable {
    /// "offset at release", "gesture 2: travel after release", "resting offset", ….
    public var name: String
    /// The recorded and the model's values, when the measure compares two values (in ``unit``).
    public var recorded: Double?
    public var model: Double?
    /// The model's error: model − recorded, or the largest distance for paths (in ``unit``).
    public var error: Double
    /// The error allowed either way (in ``unit``).
    public var limit: Double
    /// "pt" or "ms".
    public var unit: String
    public var passed: Bool
    /// The constant shift (s) of the model's time the measure was taken after, for paths and dragging writes.
    public var shift: Double?

    public init(name: String, recorded: Double?, model: Double?, error: Double, limit: Double, unit: String, passed: Bool, shift: Double? = nil) {
        (self.name, self.recorded, self.model, self.error, self.limit, self.unit, self.passed, self.shift) =
            (name, recorded, model, error, limit, unit, passed, shift)
    }

    /// "resting offset 1242.1 pt off (±3 pt)", "path after release 7.25 pt (over 5 pt)".
    public var failure: String {
        let value = TextFormat.number(error, places: unit == "ms" ? 1 : 2)
        return recorded == nil ? "\(name) \(value) \(unit) (over \(TextFormat.number(limit)) \(unit))"
            : "\(name) \(value) \(unit) off (±\(TextFormat.number(limit)) \(unit))"
    }
}

extension RecordedMotionComparison {
    /// Every measure against `tolerances`, in the order the table shows them.
    public func checks(_ tolerances: RecordedMotionTolerances = RecordedMotionTolerances()) -> [RecordedMotionCheck] {
        func compared(_ name: String, _ recorded: Double, _ model: Double, _ limit: Double, unit: String = "pt", scale: Double = 1) -> RecordedMotionCheck {
            let error = (model - recorded) * scale
            return RecordedMotionCheck(name: name, recorded: recorded * scale, model: model * scale, error: error, limit: limit * scale,
                                       unit: unit, passed: abs(error) <= limit * scale + 1e-9)
        }
        func bound(_ name: String, _ error: Double, _ limit: Double, shift: Double) -> RecordedMotionCheck {
            RecordedMotionCheck(name: name, recorded: nil, model: nil, error: error, limit: limit, unit: "pt", passed: error <= limit + 1e-9, shift: shift)
        }
        var checks: [RecordedMotionCheck] = []
        for (index, gesture) in gestures.enumerated() {
            let prefix = gestures.count > 1 ? "gesture \(index + 1): " : ""
            checks.append(compared(prefix + "offset at release", gesture.recordedOffsetAtRelease, gesture.modelOffsetAtRelease, tolerances.offset))
            checks.append(compared(prefix + "travel after release", gesture.recordedTravel, gesture.modelTravel, tolerances.offset))
            checks.append(bound(prefix + "path after release", gesture.pathError, tolerances.path, shift: gesture.pathShift))
            checks.append(bound(prefix + "dragging writes", gesture.draggingError, tolerances.offset, shift: draggingShift))
        }
        let rest = endsBeforeRest ? "the last row" : "the rest"
        checks.append(compared(endsBeforeRest ? "offset at the last row" : "resting offset", recordedRest, modelRest, tolerances.offset))
        checks.append(compared("peak past \(rest)", recordedPeakPastRest, modelPeakPastRest, tolerances.offset))
        checks.append(compared(endsBeforeRest ? "last write up to the last row" : "last write after release", recordedLastWrite, modelLastWrite,
                               tolerances.lastWrite, unit: "ms", scale: 1000))
        return checks
    }

    /// Whether every measure is within `tolerances`.
    public func passes(_ tolerances: RecordedMotionTolerances = RecordedMotionTolerances()) -> Bool {
        checks(tolerances).allSatisfy(\.passed)
    }

    /// The verdict in one line: "within tolerance (offsets ±3 pt, …)" or "OUTSIDE TOLERANCE:
    /// resting offset 1242.1 pt off (±3 pt), …", naming a view that differs from the recording's.
    public func verdict(_ tolerances: RecordedMotionTolerances = RecordedMotionTolerances()) -> String {
        let failing = checks(tolerances).filter { !$0.passed }
        guard !failing.isEmpty else { return "within tolerance (\(tolerances.description))" }
        let view = recordedView.map { "; the recording's view is \($0), the render's \(renderedView ?? "another")" } ?? ""
        return "OUTSIDE TOLERANCE: " + failing.map(\.failure).joined(separator: ", ") + view
    }
}

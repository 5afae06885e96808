/// One gesture step's touch samples as the simulation handled them, each at its time on the
/// simulation's clock (seconds from its start) rather than the script's own: where the fingers
/// were when, for whoever draws them over the frames. Read only; the motion never looks at it.
public struct HandledTouches: Sendable, Hashable, Codable {
    /// A finger on the screen, or two fingers on a trackpad (whose locations are the pan's
    /// translation, not a place on the screen).
    public var input: PanInput
    /// In time order: `began`, `moved`…, `ended`, one or more gestures.
    public var samples: [TouchSample]

    public init(input: PanInput, samples: [TouchSample]) {
        (self.input, self.samples) = (input, samples)
    }
}

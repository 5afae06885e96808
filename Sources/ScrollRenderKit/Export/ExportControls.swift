import TextFormat

/// How a file plays the sequence, beyond its size: the frame rate, the colours of a GIF, looping,
/// slow motion and the part of the sequence it shows. Each is `nil` (or its plain value) to leave
/// the choice to the export's rules (``ExportPlan``).
public struct ExportControls: Sendable, Hashable {
    /// Pixels per point of the view (1: a phone as a pull request shows it); `nil`: by the rules.
    public var scale: Double?
    /// Frames per second of the file; `nil`: the sequence's rate (up to 60 for a device's render).
    public var fps: Double?
    /// A GIF's palette size, 2 to 255; `nil`: 255, fewer if a size budget needs.
    public var colors: Int?
    public var loop: ExportLoop
    /// Playback speed: 0.5 plays the motion at half speed (each frame shown twice as long).
    public var speed: Double
    /// The part of the sequence shown, in seconds of the render's time (frame `i` at `i / fps`).
    public var from: Double?
    public var to: Double?
    /// A line drawn above the device, as frameit and vhs title theirs; `nil`: none.
    public var title: String?
    /// Seconds of the first frame held still before the motion starts (0: none).
    public var leadIn: Double

    public init(scale: Double? = nil, fps: Double? = nil, colors: Int? = nil, loop: ExportLoop = .forever, speed: Double = 1,
                from: Double? = nil, to: Double? = nil, title: String? = nil, leadIn: Double = 0) {
        (self.scale, self.fps, self.colors, self.loop, self.speed, self.from, self.to) = (scale, fps, colors, loop, speed, from, to)
        (self.title, self.leadIn) = (title, leadIn)
    }

    /// The palette sizes a GIF may have.
    public static let colorRange = 2...255
    /// From a twentieth of the speed to twenty times it.
    public static let speedRange = 0.05...20.0
    public static let scaleRange = 0.05...10.0
    public static let fpsRange = 1.0...100.0

    /// Seconds from the start of the sequence a trim may name: more than any sequence lasts.
    public static let trimRange = 0.0...1e6
    /// A still lead-in of up to ten seconds.
    public static let leadInRange = 0.0...10.0
    /// A title of one short line.
    public static let titleLength = 1...80

    /// Throws the first control out of its range.
    func check() throws(ScrollRenderError) {
        func refuse(_ option: RunOption, _ value: Double, _ range: ClosedRange<Double>) throws(ScrollRenderError) {
            guard value.isFinite, range.contains(value) else {
                throw .invalidValue(InvalidOptionValue(option, given: TextFormat.number(value), allowed: .range(range)))
            }
        }
        if let scale { try refuse(.exportScale, scale, Self.scaleRange) }
        if let fps { try refuse(.exportFPS, fps, Self.fpsRange) }
        if let colors { try refuse(.colors, Double(colors), Double(Self.colorRange.lowerBound)...Double(Self.colorRange.upperBound)) }
        if case .repeats(let count) = loop { try refuse(.loop, Double(count), 1...Double(ExportLoop.maximumRepeats)) }
        try refuse(.speed, speed, Self.speedRange)
        for time in [from, to].compactMap({ $0 }) { try refuse(.trim, time, Self.trimRange) }
        try refuse(.leadIn, leadIn, Self.leadInRange)
        if let title, !Self.titleLength.contains(title.count) || title.contains(where: \.isNewline) {
            throw .invalidValue(InvalidOptionValue(.title, given: title, allowed: .range(Double(Self.titleLength.lowerBound)...Double(Self.titleLength.upperBound))))
        }
        if let from, let to, to <= from {
            throw .invalidValue(InvalidOptionValue(.trim, given: "\(TextFormat.number(from))–\(TextFormat.number(to)) s", allowed: .ordered))
        }
    }
}

/// How often a file plays: for ever, a number of times again after the first play, or once.
public enum ExportLoop: Sendable, Hashable {
    /// The most repeats a GIF's loop count holds (16 bits).
    public static let maximumRepeats = 65535

    case forever
    /// Played once and then `count` more times (GIF's loop count; APNG and WebP store the plays, count + 1).
    case repeats(Int)
    case once

    /// GIF's loop count (the NETSCAPE extension's; ffmpeg's `-loop`, where -1 means none): repeats
    /// after the first play, 0 for ever, `nil` (no extension) once.
    var gifLoopCount: Int? {
        switch self {
        case .forever: 0
        case .repeats(let count): count
        case .once: nil
        }
    }

    /// APNG's and WebP's count: the plays in all, 0 for ever.
    var plays: Int {
        switch self {
        case .forever: 0
        case .repeats(let count): count + 1
        case .once: 1
        }
    }
}

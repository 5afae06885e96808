import TextFormat
import Foundation

/// One way to encode a sequence: the size, frame rate and quality level of a try.
struct ExportAttempt: Sendable, Hashable {
    var width: Int
    var height: Int
    var fps: Double
    /// 0 is the best the format offers.
    var quality: Int

    /// The tries for a size budget, largest first: width down to a half, then a lower frame rate,
    /// then width and quality together, down to 15 % of the width — a demo loses least by getting
    /// smaller before it gets choppy, and choppy before it gets blotchy.
    static func ladder(format: ExportFormat, width: Int, height: Int, fps: Double) -> [ExportAttempt] {
        let full = format.frameRate(for: fps), reduced = format.reducedFrameRate(for: fps)
        let last = format.qualityLevels - 1
        let steps: [(Double, Double, Int)] = [
            (1, full, 0), (0.75, full, 0), (0.5, full, 0), (0.5, reduced, 0),
            (0.375, reduced, min(1, last)), (0.25, reduced, min(2, last)), (0.25, reduced, last),
            (0.2, reduced, last), (0.15, reduced, last),
        ]
        var attempts: [ExportAttempt] = []
        for (factor, rate, quality) in steps {
            let attempt = scaled(format: format, width: width, height: height, factor: factor, fps: rate, quality: quality)
            if attempts.last != attempt { attempts.append(attempt) }
        }
        return attempts
    }

    /// A try at `factor` of `width` (even where the format needs it), keeping the aspect ratio.
    static func scaled(format: ExportFormat, width: Int, height: Int, factor: Double, fps: Double, quality: Int) -> ExportAttempt {
        let evenStep = format.needsEvenSize ? 2 : 1
        let w = max(16, Int((Double(width) * factor / Double(evenStep)).rounded()) * evenStep)
        let h = max(evenStep, Int((Double(height) * Double(w) / Double(width) / Double(evenStep)).rounded()) * evenStep)
        return ExportAttempt(width: w, height: h, fps: fps, quality: quality)
    }

    /// The size this try would give, judged from a try already made: bytes grow with the pixels
    /// per second, and each quality level saves about a quarter.
    func predictedBytes(from other: ExportAttempt, bytes: Int) -> Double {
        let pixels = Double(width * height) / Double(other.width * other.height)
        let rate = fps / other.fps
        let quality = pow(0.75, Double(self.quality - other.quality))
        return Double(bytes) * pixels * rate * quality
    }

    /// The ffmpeg filters that turn the frames into this try: a rate change, then a scale.
    func filters(sourceWidth: Int, sourceFPS: Double) -> [String] {
        var filters: [String] = []
        if fps != sourceFPS { filters.append("fps=\(TextFormat.number(fps))") }
        if width != sourceWidth { filters.append("scale=\(width):\(height):flags=lanczos") }
        return filters
    }
}

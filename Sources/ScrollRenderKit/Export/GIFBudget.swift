import Dispatch
import Foundation
import GIFEncoding
import Raster

/// How a GIF is made to fit a size budget: what a viewer loses least — the full rate and
/// colours first, then the widest width, about 5 % narrower each step, at a rate of at least
/// 20 fps with 255 colours or 128 — each judged from a sample encode, so that only the chosen one
/// is encoded whole and the file lands near its budget.
struct GIFBudget {
    /// Pairs of consecutive frames whose second frame's bytes the estimate extrapolates.
    static let samplePairs = 6
    /// The estimate aims this far under the budget, for the error of extrapolating a sample.
    static let margin = 0.93
    /// A file under this share of its budget is made again a little wider.
    static let lowLanding = 0.82
    /// A try predicted this far over its budget from the full one's estimate is not estimated.
    static let hopelessOver = 1.3

    /// The widest width of `attempt`'s rate and colours that a file of `bytes` at its size says
    /// will fit (bytes grow a little slower than the pixels), when it is wider than `attempt`.
    static func wider(than attempt: ExportAttempt, bytes: Int, budget: Int, width: Int, height: Int) -> ExportAttempt? {
        let area = Double(attempt.width * attempt.height)
        return widths(width: width, height: height, fps: attempt.fps, quality: attempt.quality)
            .filter { $0.width > attempt.width }
            .last { Double(bytes) * pow(Double($0.width * $0.height) / area, 0.9) <= Double(budget) * 0.97 }
    }

    /// The widths a budget may take, about 5 % narrower each step (a file about 10 % smaller),
    /// down to an eighth of the full width.
    static func widths(width: Int, height: Int, fps: Double, quality: Int) -> [ExportAttempt] {
        var tries: [ExportAttempt] = [], factor = 1.0
        while factor >= 0.12 {
            let attempt = ExportAttempt.scaled(format: .gif, width: width, height: height, factor: factor, fps: fps, quality: quality)
            if tries.last != attempt { tries.append(attempt) }
            factor *= 0.95
        }
        return tries
    }

    /// The rate a budgeted GIF keeps: half a 50 fps sequence's, never under 20 fps.
    static func reducedRate(_ fps: Double) -> Double {
        let format = ExportFormat.gif
        let reduced = format.reducedFrameRate(for: fps)
        return reduced >= 20 ? reduced : format.frameRate(for: fps)
    }

    /// The rates a GIF shows between `fps` and the reduced one, fastest first: 33.3 between 50
    /// and 25, so that a file a little over its budget at 50 keeps two frames in three, not one in two.
    static func middleRates(_ fps: Double) -> [Double] {
        let full = ExportFormat.gif.frameRate(for: fps), reduced = reducedRate(fps)
        let fullDelay = Int((100 / full).rounded()), reducedDelay = Int((100 / reduced).rounded())
        guard reducedDelay > fullDelay + 1 else { return [] }
        return ((fullDelay + 1)..<reducedDelay).map { 100 / Double($0) }
    }

    /// The try that fits `budget` best, asking `estimate` as few times as it can: the whole
    /// sequence at its full rate and colours if it fits; else at the full width, the fastest rate
    /// between it and the reduced one at which it fits; else the widest width at which 128
    /// colours fit at the reduced rate (the full width first, then by bisection: the estimate
    /// shrinks with the width), with 255 colours there if they fit too; else fewer colours at the
    /// narrowest.
    static func choose(width: Int, height: Int, fps: Double, budget: Double,
                       estimate: (ExportAttempt) throws(ScrollRenderError) -> Double) throws(ScrollRenderError) -> (attempt: ExportAttempt, estimate: Double, fits: Bool) {
        let full = ExportAttempt.scaled(format: .gif, width: width, height: height, factor: 1, fps: ExportFormat.gif.frameRate(for: fps), quality: 0)
        let fullEstimate = try estimate(full)
        if fullEstimate <= budget { return (full, fullEstimate, true) }
        // A try whose size, judged from the full one's by its frame count, is far over is not estimated.
        func hopeless(_ attempt: ExportAttempt, colorsSaving: Double = 1) -> Bool {
            fullEstimate * attempt.fps / full.fps * colorsSaving > budget * hopelessOver
        }
        for rate in middleRates(fps) {
            var slower = full
            slower.fps = rate
            if hopeless(slower) { continue }
            let value = try estimate(slower)
            if value <= budget { return (slower, value, true) }
        }
        let widths = Self.widths(width: width, height: height, fps: reducedRate(fps), quality: 1)
        var estimates: [Int: Double] = [:]
        if !hopeless(widths[0], colorsSaving: 0.8) { estimates[0] = try estimate(widths[0]) }
        // The first index that fits lies in low..<high, or none.
        var (low, high) = estimates[0].map { $0 <= budget } == true ? (0, 0) : (1, widths.count)
        while low < high {
            let middle = (low + high) / 2
            let value = try estimate(widths[middle])
            estimates[middle] = value
            if value <= budget { high = middle } else { low = middle + 1 }
        }
        guard low < widths.count else {
            var last = widths[widths.count - 1], value = 0.0
            for quality in [2, 3] {
                last.quality = quality
                value = try estimate(last)
                if value <= budget { return (last, value, true) }
            }
            return (last, value, false)
        }
        var richer = widths[low]
        richer.quality = 0
        let richerEstimate = try estimate(richer)
        return richerEstimate <= budget ? (richer, richerEstimate, true) : (widths[low], estimates[low] ?? richerEstimate, true)
    }

    /// The bytes a GIF of `attempt` would take, from a sample of its frames (as `frames` makes
    /// them from `sourceFrames`): the first frame, and the changes of a few evenly spaced frames
    /// over the one before, extrapolated to all; and the palette made from that sample, which
    /// the file, if this try is chosen, uses too.
    static func estimate(_ attempt: ExportAttempt, frames: ShownFrames, colors: Int, sourceFrames: ([Int]) throws(ScrollRenderError) -> [RGBAImage],
                         keepsTransparency: Bool, cancellation: Cancellation) throws(ScrollRenderError) -> (bytes: Double, palette: GIFPalette) {
        let stopped: @Sendable () -> Bool = { cancellation.signalNumber != nil }
        func check() throws(ScrollRenderError) {
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
        }
        let shown = frames.shown
        let positions = Self.pairPositions(count: shown.count)
        let needed = Array(Set([shown[0]] + positions.flatMap { [shown[$0 - 1], shown[$0]] })).sorted()
        try check()
        let sources = try sourceFrames(needed)
        try check()
        let images = Dictionary(uniqueKeysWithValues: zip(needed, frames.make(fromSource: sources, numbers: needed)))
        let size = frames.outputSize
        let palette = GIFPalette(sampling: Array(images.values), opaqueOnly: keepsTransparency, maximumColors: colors, interrupted: stopped)
        try check()
        @Sendable func encoder() -> GIFEncoder {
            var encoder = GIFEncoder(width: size.width, height: size.height, palette: palette)
            encoder.keepsTransparency = keepsTransparency
            return encoder
        }
        // The first frame's bytes, then each pair's second frame's, coded on all cores.
        let bytes = Slots<Int>(count: positions.count + 1)
        DispatchQueue.concurrentPerform(iterations: positions.count + 1) { item in
            var coder = encoder()
            guard item > 0 else {
                _ = coder.add([images[shown[0]]!], delays: [1])
                return bytes.set(0, coder.header().count + coder.finish().count)
            }
            let position = positions[item - 1]
            _ = coder.add([images[shown[position - 1]]!, images[shown[position]]!], delays: [1, 1], interrupted: stopped)
            bytes.set(item, coder.frameCount == 2 ? coder.finish().count - 1 : 0)
        }
        try check()
        let firstBytes = bytes.results[0]!, changes = bytes.results.dropFirst().reduce(0) { $0 + $1! }
        let perChange = positions.isEmpty ? 0 : Double(changes) / Double(positions.count)
        return (Double(firstBytes) + perChange * Double(max(0, shown.count - 1)), palette)
    }

    /// The positions (each with the one before) the estimate samples.
    static func pairPositions(count: Int) -> [Int] {
        guard count > 1 else { return [] }
        let pairs = min(samplePairs, count - 1)
        return Array(Set((0..<pairs).map { 1 + $0 * (count - 1) / pairs })).sorted()
    }
}

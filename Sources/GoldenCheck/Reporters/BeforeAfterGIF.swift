import FileSystem
import FrameDiff
import FrameSequence
import GIFEncoding
import Raster

/// A failing case as a pull request comment shows it: a small looping GIF of the frames that
/// tell — a keyframe golden's keyframes, else the first frames that differ — each as the golden
/// (left) beside the actual render (right), at most 2 MB.
enum BeforeAfterGIF {
    static let budget = 2_000_000
    /// Frames in the loop, and how long each shows (hundredths of a second).
    static let frameLimit = 8, delay = 70

    /// The GIF of `comparison`'s sequences, or nil when there is nothing to show side by side.
    static func make(_ comparison: DiffComparison) -> [UInt8]? {
        let report = comparison.report
        guard report.kind == .sequences else { return nil }
        let indices = shown(comparison)
        let pairs = indices.compactMap { index -> RGBAImage? in
            let name = FrameNaming.name(index)
            guard let expected = try? PNGFile.read(FileSystem.join(report.expected, name)),
                  let actual = try? PNGFile.read(FileSystem.join(report.actual, name)) else { return nil }
            return sideBySide(expected, actual)
        }
        guard let first = pairs.first else { return nil }
        var width = min(first.width, 640)
        while width >= 80 {
            let height = max(1, first.height * width / first.width)
            let scaler = FrameScaler(sourceWidth: first.width, sourceHeight: first.height, width: width, height: height)
            let frames = pairs.filter { $0.width == first.width && $0.height == first.height }.map(scaler.scale)
            let bytes = encode(frames, width: width, height: height)
            if bytes.count <= budget { return bytes }
            width = width * 2 / 3
        }
        return nil
    }

    /// A keyframe golden's keyframes, else up to ``frameLimit`` failing frames, else the first.
    static func shown(_ comparison: DiffComparison) -> [Int] {
        if let keyframes = comparison.manifests?.expected.keyframes { return Array(keyframes.prefix(frameLimit)) }
        let failing = comparison.report.frames.filter { !$0.passed && $0.status != .missing && $0.status != .extra }.compactMap(\.index)
        return failing.isEmpty ? [0] : Array(failing.prefix(frameLimit))
    }

    /// `left` and `right` in one picture, a thin grey gap between them.
    static func sideBySide(_ left: RGBAImage, _ right: RGBAImage) -> RGBAImage {
        let gap = 4, height = max(left.height, right.height)
        var canvas = RGBAImage(width: left.width + gap + right.width, height: height, fill: RGBA(red: 128, green: 128, blue: 128))
        for y in 0..<height {
            for x in 0..<left.width where y < left.height { canvas[x, y] = left[x, y] }
            for x in 0..<right.width where y < right.height { canvas[left.width + gap + x, y] = right[x, y] }
        }
        return canvas
    }

    static func encode(_ frames: [RGBAImage], width: Int, height: Int) -> [UInt8] {
        let palette = GIFPalette(sampling: frames, maximumColors: 255)
        var encoder = GIFEncoder(width: width, height: height, palette: palette)
        var bytes = encoder.header()
        bytes += encoder.add(frames, delays: Array(repeating: delay, count: frames.count)) ?? []
        return bytes + encoder.finish()
    }
}

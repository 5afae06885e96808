import FileSystem
import Foundation
import FrameSequence
import Geometry
import ImageCodecs
import Raster

/// Compares two paths — two frame folders with manifests, or two PNG files — and reports,
/// optionally writing difference images for every frame that is not within tolerance.
///
/// This is what `scrollrender diff` runs and what golden tests call.
public enum FrameDiffer {
    /// Compares `actual` with `expected`.
    /// - Parameters:
    ///   - expected: The reference: a folder with `manifest.json` or a PNG file.
    ///   - actual: The same kind of input as `expected`.
    ///   - tolerance: What still counts as equal.
    ///   - masks: Rectangles in points left out of every frame (at the expected sequence's display
    ///     scale; for two PNG files, a point is a pixel).
    ///   - artifacts: Where to write the expected, actual and difference pictures of each frame that
    ///     is not within tolerance; the folder is created only when there is something to write.
    ///   - mirror: Another folder that gets the same pictures (a report's own, capped, go in
    ///     `artifacts`; `--diff-out`'s, all of them, here).
    ///   - memoryLimit: The most bytes of decoded frames held at once: fewer frames are compared
    ///     in parallel under a low limit, and frames too large for it are refused.
    ///   - offsetTolerance: How far each frame's `contentOffset` may part, in points: a motion
    ///     golden's (a folder holding only `manifest.json`) test, and the measure of the motion
    ///     verdict that leads a frame golden's report.
    ///   - interruption: The signal that asked the comparison to stop, if one did; read between frames.
    /// - Throws: ``DiffError`` when the inputs cannot be read, are of different kinds, or the pictures
    ///   cannot be written. Differences are never errors: see ``DiffReport/passed``.
    public static func compare(expected: String, actual: String, tolerance: DiffTolerance = .exact, masks: [Rect] = [],
                               artifacts: DiffArtifacts? = nil, alsoWriting mirror: DiffArtifacts? = nil,
                               decoder: ImageDecoder = ImageDecoder(), memoryLimit: Int = .max, offsetTolerance: Double = 0,
                               onDecoded: (@Sendable (Int, RGBAImage) -> Void)? = nil,
                               progress: ((_ compared: Int, _ total: Int) -> Void)? = nil,
                               interruption: @escaping @Sendable () -> Int32? = { nil }) throws(DiffError) -> DiffReport {
        try comparison(expected: expected, actual: actual, tolerance: tolerance, masks: masks, artifacts: artifacts, alsoWriting: mirror,
                       decoder: decoder, memoryLimit: memoryLimit, offsetTolerance: offsetTolerance, onDecoded: onDecoded,
                       progress: progress, interruption: interruption).report
    }

    /// ``compare(expected:actual:tolerance:masks:artifacts:alsoWriting:decoder:memoryLimit:offsetTolerance:onDecoded:progress:interruption:)``,
    /// keeping the manifests it read: a report's page and curves take them from here, never from disk again.
    public static func comparison(expected: String, actual: String, tolerance: DiffTolerance = .exact, masks: [Rect] = [],
                                  artifacts: DiffArtifacts? = nil, alsoWriting mirror: DiffArtifacts? = nil,
                                  decoder: ImageDecoder = ImageDecoder(), memoryLimit: Int = .max, offsetTolerance: Double = 0,
                                  onDecoded: (@Sendable (Int, RGBAImage) -> Void)? = nil,
                                  progress: ((_ compared: Int, _ total: Int) -> Void)? = nil,
                                  interruption: @escaping @Sendable () -> Int32? = { nil }) throws(DiffError) -> DiffComparison {
        let expectedIsFolder = try isFolder(expected)
        let actualIsFolder = try isFolder(actual)
        guard expectedIsFolder == actualIsFolder else { throw .mismatchedInputs(expected: expected, actual: actual) }

        // The report's pictures name the first folder's.
        var folders = [artifacts, mirror].compactMap { $0.map(WrittenPictures.init) }
        func write(_ name: String, _ expectedImage: RGBAImage, _ actualImage: RGBAImage, mask: [ImageRegion],
                   files: (String, String)? = nil) throws(DiffError) {
            for index in folders.indices {
                try folders[index].write(name, expectedImage, actualImage, tolerance: tolerance, mask: mask, files: files)
            }
        }

        if expectedIsFolder {
            // Each manifest is read once: for the frames, and for the motion whose verdict leads.
            let (expectedFrames, expectedManifest) = try FrameManifest.read(folder: expected)
            let (actualFrames, actualManifest) = try FrameManifest.read(folder: actual)
            let manifests = DiffComparison.Manifests(expected: expectedManifest, actual: actualManifest)
            if MotionComparison.isMotionGolden(expected) {
                let comparison = MotionComparison(expected: expectedManifest, actual: actualManifest, offsetTolerance: offsetTolerance)
                return DiffComparison(report: DiffReport(comparison, expected: expected, actual: actual, expectedManifest: expectedManifest,
                                                         actualManifest: actualManifest), manifests: manifests)
            }
            let motion = MotionComparison.recordsMotion(expectedManifest, actualManifest)
                ? MotionComparison(expected: expectedManifest, actual: actualManifest, offsetTolerance: offsetTolerance) : nil
            let mask = PixelMask(points: masks, scale: expectedFrames.displayScale,
                                 width: expectedFrames.pixelWidth, height: expectedFrames.pixelHeight).boxes
            let comparison = try SequenceComparison(
                expectedFolder: expected, actualFolder: actual, manifests: (expectedFrames, actualFrames), tolerance: tolerance,
                masks: masks, decoder: decoder, maximumConcurrency: ProcessInfo.processInfo.activeProcessorCount, memoryLimit: memoryLimit,
                onFailure: artifacts == nil && mirror == nil ? nil : { (frame, expectedImage, actualImage) throws(DiffError) in
                    try write(frame.name, expectedImage, actualImage, mask: mask,
                              files: (FileSystem.join(expected, frame.name), FileSystem.join(actual, frame.name)))
                },
                onDecoded: onDecoded, progress: progress, interruption: interruption)
            return DiffComparison(report: withPictures(DiffReport(comparison, motion: motion), folders.first), manifests: manifests)
        }
        let (expectedImage, actualImage) = try readPair(expected, actual, decoder: decoder, keepsPictures: !folders.isEmpty,
                                                        memoryLimit: memoryLimit)
        // Two pictures have no display scale: a point is a pixel.
        let mask = PixelMask(points: masks, scale: 1, width: expectedImage.width, height: expectedImage.height).boxes
        let comparison = ImageComparison(expected: expectedImage, actual: actualImage, tolerance: tolerance, mask: mask)
        var report = DiffReport(comparison, expected: expected, actual: actual)
        report.mask = mask.isEmpty ? nil : mask
        if !comparison.isWithinTolerance {
            try write(report.frames.first?.name ?? FileSystem.lastComponent(of: expected), expectedImage, actualImage, mask: mask)
        }
        return DiffComparison(report: withPictures(report, folders.first), manifests: nil)
    }

    /// `report` naming each frame's pictures in `pictures`, the folder the report shows.
    private static func withPictures(_ report: DiffReport, _ pictures: WrittenPictures?) -> DiffReport {
        var report = report
        for index in report.frames.indices {
            report.frames[index].images = pictures?.images[report.frames[index].name]
        }
        return report
    }

    /// Two PNG files, decoded only when their headers' sizes fit `memoryLimit` (both pictures, and
    /// again when difference images are written, and the inflated rows of one): a pair of small
    /// files claiming huge pictures is refused before anything is allocated.
    private static func readPair(_ expected: String, _ actual: String, decoder: ImageDecoder, keepsPictures: Bool,
                                 memoryLimit: Int) throws(DiffError) -> (RGBAImage, RGBAImage) {
        let bytes = (try PNGFile.readBytes(expected), try PNGFile.readBytes(actual))
        let sizes = (try PNGFile.size(of: bytes.0, path: expected, decoder: decoder), try PNGFile.size(of: bytes.1, path: actual, decoder: decoder))
        let pictures = 4 * (Double(sizes.0.width) * Double(sizes.0.height) + Double(sizes.1.width) * Double(sizes.1.height))
        let larger = sizes.0.width * sizes.0.height >= sizes.1.width * sizes.1.height ? sizes.0 : sizes.1
        let rows = Double(ImageDecoder.pngDecodingMemory(width: larger.width, height: larger.height))
        let needed = pictures * (keepsPictures ? 2 : 1) + rows
        guard needed <= Double(memoryLimit) else {
            throw .overMemoryLimit(needed: needed < Double(Int.max / 2) ? Int(needed) : Int.max / 2, limit: memoryLimit, frameSize: larger)
        }
        return (try PNGFile.decode(bytes.0, path: expected, decoder: decoder), try PNGFile.decode(bytes.1, path: actual, decoder: decoder))
    }

    /// Whether `path` is a folder; throws when nothing is there.
    private static func isFolder(_ path: String) throws(DiffError) -> Bool {
        guard FileSystem.kind(path) != nil else { throw .notFound(path: path) }
        return FileSystem.isFolder(path)
    }
}

/// A comparison's report and the manifests it read, so that no later output (a report's page,
/// its motion curves) reads them again.
public struct DiffComparison: Sendable {
    public struct Manifests: Sendable {
        public var expected: SequenceManifest
        public var actual: SequenceManifest
    }

    public var report: DiffReport
    /// Both sides' manifests, when the inputs are frame folders.
    public var manifests: Manifests?

    /// A report read back without its manifests (a shard's results).
    public init(report: DiffReport, manifests: Manifests? = nil) {
        (self.report, self.manifests) = (report, manifests)
    }
}

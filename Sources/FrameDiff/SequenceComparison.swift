import Dispatch
import FileSystem
import Foundation
import Geometry
import ImageCodecs
import Raster

/// The comparison of two frame sequences (folders written by `scrollrender`, each with a
/// `manifest.json`), frame by frame and by decoded pixels.
///
/// Differences in the sequence as a whole are reported in their own words rather than as frames
/// that differ 100 %: a different frame rate (``hasFrameRateMismatch``), a different frame size
/// (``hasSizeMismatch``), frames the actual sequence lacks (``missingFrames``) or has in excess
/// (``extraFrames``).
public struct SequenceComparison: Sendable, Hashable {
    public var expectedFolder: String
    public var actualFolder: String
    public var expected: FrameManifest
    public var actual: FrameManifest
    public var tolerance: DiffTolerance
    /// The pixels left out of every frame's comparison (the masks, at the expected frames' scale).
    public var mask: [ImageRegion] = []
    /// The masks leave no pixel of a frame to compare.
    public var masksEveryPixel = false
    /// Every frame of either sequence in ``window``, in order.
    public var frames: [FrameComparison]

    /// Called with each frame that is not within tolerance (different pixels or a different size),
    /// its expected and actual pictures, in frame order, e.g. to write difference images.
    public typealias FailureHandler = (FrameComparison, RGBAImage, RGBAImage) throws(DiffError) -> Void

    /// Reads both folders' manifests and compares their frames.
    ///
    /// Frames are decoded and compared on up to `maximumConcurrency` threads at a time;
    /// `onFailure` is called on the calling thread, in frame order; `onDecoded` on the worker that
    /// decoded a pair, with the actual picture (a report makes its thumbnail from it). `masks`, in
    /// points, are left out of every frame (at the expected sequence's display scale).
    /// - Throws: ``DiffError`` when a folder, its manifest or a frame cannot be read or decoded. A
    ///   frame the actual sequence lacks is a result (``missingFrames``), not an error; a frame the
    ///   expected sequence's manifest lists but that is not on disk is an error.
    public init(
        expectedFolder: String, actualFolder: String, tolerance: DiffTolerance = .exact, masks: [Rect] = [],
        decoder: ImageDecoder = ImageDecoder(),
        maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        memoryLimit: Int = .max,
        onFailure: FailureHandler? = nil,
        onDecoded: (@Sendable (Int, RGBAImage) -> Void)? = nil,
        progress: ((_ compared: Int, _ total: Int) -> Void)? = nil,
        interruption: @Sendable () -> Int32? = { nil }
    ) throws(DiffError) {
        try self.init(expectedFolder: expectedFolder, actualFolder: actualFolder,
                      manifests: (try FrameManifest.read(folder: expectedFolder).0, try FrameManifest.read(folder: actualFolder).0),
                      tolerance: tolerance, masks: masks, decoder: decoder, maximumConcurrency: maximumConcurrency,
                      memoryLimit: memoryLimit, onFailure: onFailure, onDecoded: onDecoded, progress: progress, interruption: interruption)
    }

    /// The comparison of two folders whose manifests were read already.
    init(
        expectedFolder: String, actualFolder: String, manifests: (expected: FrameManifest, actual: FrameManifest),
        tolerance: DiffTolerance, masks: [Rect], decoder: ImageDecoder, maximumConcurrency: Int, memoryLimit: Int,
        onFailure: FailureHandler?, onDecoded: (@Sendable (Int, RGBAImage) -> Void)?,
        progress: ((_ compared: Int, _ total: Int) -> Void)?, interruption: @Sendable () -> Int32?
    ) throws(DiffError) {
        let (expected, actual) = manifests
        self.expectedFolder = expectedFolder
        self.actualFolder = actualFolder
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        self.frames = []
        let mask = PixelMask(points: masks, scale: expected.displayScale, width: expected.pixelWidth, height: expected.pixelHeight)
        self.mask = mask.boxes
        masksEveryPixel = !mask.boxes.isEmpty && mask.comparedPixelCount == 0

        // A keyframe golden pictures only its keyframes: the other frames' pixels are not compared.
        let pictured = Self.window(expected, actual).filter(expected.isPictured)
        let keepsPictures = onFailure != nil
        let batchSize = try Self.framesAtOnce(expected, actual, keepsPictures: keepsPictures,
                                              limit: memoryLimit, cores: maximumConcurrency)
        // The memory plan holds frames of the manifests' sizes: a frame file that claims more is
        // refused before its pixels are allocated.
        var frameDecoder = decoder
        frameDecoder.maximumPixelCount = min(decoder.maximumPixelCount,
                                             max(1, expected.pixelWidth * expected.pixelHeight, actual.pixelWidth * actual.pixelHeight))
        var start = 0
        while start < pictured.count {
            if let signal = interruption() { throw .interrupted(signal: signal) }
            let indices = pictured[start..<min(pictured.count, start + batchSize)]
            let slots = Slots<Result<(FrameComparison, (expected: RGBAImage, actual: RGBAImage)?), DiffError>>(count: indices.count)
            let work: @Sendable (Int) -> Void = { [expected, actual, frameDecoder, mask] offset in
                slots.set(offset, Result { () throws(DiffError) in
                    try Self.compareFrame(indices[indices.startIndex + offset], expected: expected, actual: actual,
                                          expectedFolder: expectedFolder, actualFolder: actualFolder, tolerance: tolerance, mask: mask,
                                          decoder: frameDecoder, keepsPictures: keepsPictures, onDecoded: onDecoded)
                })
            }
            if indices.count == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: indices.count, execute: work) }
            for result in slots.results {
                let (frame, pictures) = try result!.get()
                frames.append(frame)
                if let onFailure, let pictures, !frame.isWithinTolerance {
                    try onFailure(frame, pictures.expected, pictures.actual)
                }
            }
            start = indices.endIndex
            progress?(start, pictured.count)
        }
    }

    /// How many frames are compared at once: one per core, as memory allows. A frame pair costs
    /// both decoded pictures (and, when difference images are written, as much again) and the
    /// inflated rows of the one being decoded, whatever the frame count; a single pair over
    /// `limit` is refused before anything is decoded.
    static func framesAtOnce(_ expected: FrameManifest, _ actual: FrameManifest, keepsPictures: Bool,
                             limit: Int, cores: Int) throws(DiffError) -> Int {
        let pair = 4 * (expected.pixelWidth * expected.pixelHeight + actual.pixelWidth * actual.pixelHeight)
        let decoding = max(ImageDecoder.pngDecodingMemory(width: expected.pixelWidth, height: expected.pixelHeight),
                           ImageDecoder.pngDecodingMemory(width: actual.pixelWidth, height: actual.pixelHeight))
        let cost = (keepsPictures ? pair * 2 : pair) + decoding
        guard cost <= limit else {
            throw .overMemoryLimit(needed: cost, limit: limit, frameSize: expected.pixelWidth * expected.pixelHeight >= actual.pixelWidth * actual.pixelHeight ? expected.size : actual.size)
        }
        return max(1, min(cores, limit / cost))
    }

    /// Builds a comparison from known parts (for reports and tests).
    public init(expectedFolder: String, actualFolder: String, expected: FrameManifest, actual: FrameManifest,
                tolerance: DiffTolerance, frames: [FrameComparison]) {
        self.expectedFolder = expectedFolder
        self.actualFolder = actualFolder
        self.expected = expected
        self.actual = actual
        self.tolerance = tolerance
        self.frames = frames
    }

    /// The manifests give different frame rates.
    public var hasFrameRateMismatch: Bool { expected.fps != actual.fps }
    /// The manifests give different frame sizes.
    public var hasSizeMismatch: Bool { expected.size != actual.size }
    /// The manifests give sequences of different lengths (for parts: their whole sequences').
    public var hasFrameCountMismatch: Bool { expected.sequenceLength != actual.sequenceLength }

    /// The frames compared: all of both sequences, or — when a folder holds part of its sequence
    /// (a shard) — the frames that part holds (both parts', when both are).
    public var window: Range<Int> { Self.window(expected, actual) }

    static func window(_ expected: FrameManifest, _ actual: FrameManifest) -> Range<Int> {
        guard expected.isPartial || actual.isPartial else { return 0..<max(expected.frameCount, actual.frameCount) }
        let whole = 0..<Int.max
        let range = (expected.isPartial ? expected.indices : whole).clamped(to: actual.isPartial ? actual.indices : whole)
        return range.isEmpty ? 0..<0 : range
    }

    /// Frames the expected sequence has and the actual one lacks.
    public var missingFrames: [FrameComparison] { frames.filter { $0.outcome == .missing } }
    /// Frames the actual sequence has beyond the expected one's end.
    public var extraFrames: [FrameComparison] { frames.filter { $0.outcome == .extra } }
    /// Frames both have, compared.
    public var comparedFrames: [FrameComparison] { frames.filter { $0.comparison != nil } }
    /// Compared frames that are not within tolerance.
    public var failingFrames: [FrameComparison] { frames.filter { $0.comparison != nil && !$0.isWithinTolerance } }

    /// Same frame rate, size and count, at least one frame compared, and every frame within tolerance.
    public var isWithinTolerance: Bool {
        !hasFrameRateMismatch && !hasSizeMismatch && !hasFrameCountMismatch && !window.isEmpty && frames.allSatisfy(\.isWithinTolerance)
    }

    private static func compareFrame(
        _ index: Int, expected: FrameManifest, actual: FrameManifest, expectedFolder: String, actualFolder: String,
        tolerance: DiffTolerance, mask: PixelMask, decoder: ImageDecoder, keepsPictures: Bool,
        onDecoded: (@Sendable (Int, RGBAImage) -> Void)?
    ) throws(DiffError) -> (FrameComparison, (expected: RGBAImage, actual: RGBAImage)?) {
        // Both patterns were checked when the manifests were read.
        let expectedName = expected.fileName(index)!, actualName = actual.fileName(index)!
        let actualPath = FileSystem.join(actualFolder, actualName)
        guard expected.indices.contains(index) else {
            return (FrameComparison(index: index, name: actualName, outcome: .extra), nil)
        }
        let expectedPath = FileSystem.join(expectedFolder, expectedName)
        guard FileSystem.kind(expectedPath) != nil else { throw .missingExpectedFrame(path: expectedPath) }
        guard actual.indices.contains(index), FileSystem.kind(actualPath) != nil else {
            return (FrameComparison(index: index, name: expectedName, outcome: .missing), nil)
        }
        let expectedBytes = try PNGFile.readBytes(expectedPath, of: expectedFolder), actualBytes = try PNGFile.readBytes(actualPath, of: actualFolder)
        // Identical files are identical pixels, once one copy is known to decode: a stream cut
        // short behind valid CRCs is damaged however many copies of it there are.
        if expectedBytes == actualBytes {
            let image = try PNGFile.decode(expectedBytes, path: expectedPath, decoder: decoder)
            onDecoded?(index, image)
            let size = PixelSize(width: image.width, height: image.height)
            let compared = size.width == mask.width && size.height == mask.height ? mask.comparedPixelCount : size.width * size.height
            let same = PixelDifference(largestChannelDifference: 0, differingPixelCount: 0, pixelCount: compared, boundingBox: nil)
            let comparison = ImageComparison(expectedSize: size, actualSize: size, tolerance: tolerance, pixels: same)
            return (FrameComparison(index: index, name: expectedName, outcome: .compared(comparison)), nil)
        }
        let expectedImage = try PNGFile.decode(expectedBytes, path: expectedPath, decoder: decoder)
        let actualImage = try PNGFile.decode(actualBytes, path: actualPath, decoder: decoder)
        onDecoded?(index, actualImage)
        let comparison = ImageComparison(expected: expectedImage, actual: actualImage, tolerance: tolerance, mask: mask.boxes)
        let frame = FrameComparison(index: index, name: expectedName, outcome: .compared(comparison))
        return (frame, keepsPictures && !comparison.isWithinTolerance ? (expectedImage, actualImage) : nil)
    }
}

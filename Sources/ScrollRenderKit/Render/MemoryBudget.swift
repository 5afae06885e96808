#if canImport(Glibc)
import Glibc
#endif
import Compositor
import FileSystem
import ImageCodecs

/// The memory a render will need at its peak, estimated from the headers before anything is
/// decoded, so that a run that cannot fit is refused up front with the setting to lower.
package struct MemoryBudget: Sendable, Equatable {
    /// The region of the picture the frames read, as decoding allocates it, and its mipmaps.
    package var source: Int
    /// The header picture and its mipmaps.
    package var header: Int
    /// One RGBA frame and its PNG per worker, and the content layer the frames are cut from.
    package var framesInFlight: Int

    package var total: Int { source + header + framesInFlight }

    /// `content` is what decoding the region of the picture the frames read allocates (its
    /// pixels, an upright copy while turning, libjpeg's coefficient arrays for a progressive file,
    /// row buffers); its mipmaps, when a frame reads them, add a third of its pixels. Counted in `Double` and saturated, so
    /// that absurd claims give an enormous budget to refuse instead of an overflow.
    package init(content: RegionDecodePlan, mipmapped: Bool = true, header: ImageInfo?, settings: RenderSettings, workers: Int) {
        let mipmaps = mipmapped ? Double(content.region.width) * Double(content.region.height) * 4 / 3 : 0
        source = Self.bytes(Double(content.estimatedBytes) + mipmaps)
        self.header = Self.bytes(header.map { Double($0.storedWidth) * Double($0.storedHeight) * 4 * 4 / 3 } ?? 0)
        let view = settings.scrollView
        let frame = (view.boundsSize.width * view.displayScale).rounded(.down) * (view.boundsSize.height * view.displayScale).rounded(.down) * 4
        // A content layer at a time, and its rows coded once: within the layer limit, and no more
        // than a run's frames show.
        let limit = ContentLayer.maximumPixels(framePixels: Self.bytes(frame / 4))
        let layerPixels = min(Double(limit), frame / 4 * Double(FrameJobs.maximumRun))
        framesInFlight = Self.bytes(Double(workers) * frame * 2 + layerPixels * Double(4 + SharedRows.maximumBytesPerPixel))
    }

    /// A byte count as an `Int`, at most a quarter of `Int.max` so that sums cannot overflow.
    static func bytes(_ count: Double) -> Int {
        count < Double(Int.max / 4) ? Int(count) : Int.max / 4
    }

    /// What a run may plan to use when not told: half the memory the machine (or its container) gives.
    package static var defaultLimit: Int { MachineMemory.defaultLimit }

    /// Refuses a budget over `limit` bytes, saying where the memory goes.
    package func check(limit: Int) throws(ScrollRenderError) {
        guard total > limit else { return }
        throw .overMemoryLimit(MemoryShortfall(.render(picture: source, header: header, framesInFlight: framesInFlight), needed: total, limit: limit))
    }
}

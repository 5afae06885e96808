import Dispatch
import GIFEncoding
import Raster
import Synchronization

/// Where an export's frames come from: the frame files of a folder (``ExportFrames``, decoded and
/// checked), or the render that has just drawn them (``DrawnFrames``, drawn again in memory
/// instead of decoding what was just encoded). Either way a batch is made on all cores and handed
/// over in order, so memory is a batch's whatever the frame count.
protocol ExportFrameSource: Sendable {
    /// The global numbers of the frames, in order.
    var indices: Range<Int> { get }

    /// The frames `indices` (global numbers), each `transform`ed (scaled to an export's size), in order.
    func frames(_ indices: [Int], transform: @escaping @Sendable (RGBAImage) -> RGBAImage) throws(ScrollRenderError) -> [RGBAImage]

    /// The frames `indices` scaled by `scaler`, in order: by default each made whole, then scaled.
    func frames(_ indices: [Int], scaledBy scaler: FrameScaler) throws(ScrollRenderError) -> [RGBAImage]
}

/// Frames an export makes at once: two per core, so that decoding or drawing, scaling, mapping and
/// coding keep both cores busy while memory stays a batch's, whatever the frame count, and a
/// signal waits for one batch.
enum ExportBatch {
    static let size = 4

    /// `items` cut into batches, in order.
    static func split(_ items: [Int]) -> [[Int]] {
        stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min(items.count, $0 + size)]) }
    }
}

extension ExportFrameSource {
    /// The frames `indices` as they are.
    func frames(_ indices: [Int]) throws(ScrollRenderError) -> [RGBAImage] {
        try frames(indices, transform: { $0 })
    }

    func frames(_ indices: [Int], scaledBy scaler: FrameScaler) throws(ScrollRenderError) -> [RGBAImage] {
        try frames(indices, transform: { scaler.scale($0) })
    }

    /// Every frame in order, handed to `body` (which writes it to ffmpeg) while the next batch is
    /// made: the encoder is never kept waiting for frames, and two batches are held at most.
    func forEach(_ body: (RGBAImage) throws(ScrollRenderError) -> Void) throws(ScrollRenderError) {
        try forEachBatch { batch throws(ScrollRenderError) in
            for image in batch { try body(image) }
        }
    }

    /// Every batch of frames in order, handed to `body` (which encodes it) while the next is made.
    func forEachBatch(_ body: ([RGBAImage]) throws(ScrollRenderError) -> Void) throws(ScrollRenderError) {
        let batches = ExportBatch.split(Array(indices))
        guard !batches.isEmpty else { return }
        var current = try frames(batches[0])
        for position in batches.indices {
            let ahead = position + 1 < batches.count ? makeAhead(batches[position + 1]) : nil
            defer { ahead?.wait() }  // a failed write leaves no work behind
            try body(current)
            if let ahead { current = try ahead.result() }
        }
    }

    private func makeAhead(_ batch: [Int]) -> Ahead {
        let ahead = Ahead()
        ahead.group.enter()
        DispatchQueue.global().async { [self] in
            ahead.set(Result { () throws(ScrollRenderError) in try frames(batch) })
            ahead.group.leave()
        }
        return ahead
    }
}

/// A batch being made on another thread.
private final class Ahead: Sendable {
    let group = DispatchGroup()
    private let value = Mutex<Result<[RGBAImage], ScrollRenderError>?>(nil)

    func set(_ result: Result<[RGBAImage], ScrollRenderError>) { value.withLock { $0 = result } }
    func wait() { group.wait() }

    func result() throws(ScrollRenderError) -> [RGBAImage] {
        group.wait()
        return try value.withLock { $0 }!.get()
    }
}

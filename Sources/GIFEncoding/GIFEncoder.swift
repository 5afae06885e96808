#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Raster

/// Writes an animated GIF a batch of frames at a time, memory bounded by a batch: each frame is
/// mapped to the palette and coded on all cores, then written in order. A frame keeps only the
/// rectangle that changed since the one before, its unchanged pixels there transparent (the
/// frame below shows through); a frame identical to the one before adds its delay to it.
public struct GIFEncoder: Sendable {
    public let width: Int
    public let height: Int
    public let palette: GIFPalette
    /// How many times the animation repeats after its first play (0: for ever); `nil` plays it
    /// once, without the looping extension.
    public var loopCount: Int? = 0
    /// Pixels under half opaque become the transparent index, so that the page shows through
    /// (a phone's rounded corners). Only for pixels that stay transparent from frame to frame: a
    /// frame leaves the one before in place, so a pixel cannot turn transparent later.
    public var keepsTransparency = false
    /// The frame written last, as palette indices: what the next one is compared with.
    private var previous: [UInt8]?
    /// The last frame's bytes, held until the next frame says whether it lasts longer.
    private var pending: (rect: Rect, codes: [UInt8], delay: Int)?
    public private(set) var frameCount = 0

    struct Rect: Sendable { var x = 0, y = 0, width = 0, height = 0 }

    public init(width: Int, height: Int, palette: GIFPalette) {
        (self.width, self.height, self.palette) = (max(1, min(width, 65535)), max(1, min(height, 65535)), palette)
    }

    /// The file's start: the screen, the palette, and the looping extension (``loopCount``).
    public func header() -> [UInt8] {
        var bytes = Array("GIF89a".utf8)
        bytes += Self.uint16(width) + Self.uint16(height)
        // A global table just large enough for the colours and the transparent index.
        bytes += [0xF0 | UInt8(tableBits - 1), 0, 0]
        for index in 0..<(1 << tableBits) {
            let color = index < palette.colors.count ? palette.colors[index] : (0, 0, 0)
            bytes += [color.0, color.1, color.2]
        }
        if let loopCount {
            bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01] + Self.uint16(min(loopCount, 65535)) + [0x00]
        }
        return bytes
    }

    /// Bits of an index: the palette's colours and the transparent one (2 to 256 entries).
    var tableBits: Int {
        var bits = 1
        while 1 << bits < palette.colors.count + 1 { bits += 1 }
        return bits
    }

    /// Adds `frames` (each `width`×`height` RGBA, shown for its delay in hundredths of a second)
    /// and returns the bytes now final; `nil` when `interrupted` stopped the work (the encoder is
    /// then not to be used further).
    public mutating func add(_ frames: [RGBAImage], delays: [Int], interrupted: @Sendable () -> Bool = { false }) -> [UInt8]? {
        let indexed = Self.map(frames, palette: palette, keepsTransparency: keepsTransparency)
        if interrupted() { return nil }
        // The rectangles depend on the frame before: found in order, then coded on all cores.
        var jobs: [(rect: Rect, pixels: [UInt8], delay: Int)?] = []
        for (frame, delay) in zip(indexed, delays) {
            guard let previous else {
                jobs.append((Rect(x: 0, y: 0, width: width, height: height), frame, delay))
                self.previous = frame
                continue
            }
            if let rect = changedRect(previous, frame) {
                jobs.append((rect, cutOut(rect, of: frame, over: previous), delay))
                self.previous = frame
            } else {
                jobs.append(nil)
                if let last = jobs.lastIndex(where: { $0 != nil }) { jobs[last]!.delay += delay } else { pending?.delay += delay }
            }
        }
        let coded = Slots<[UInt8]>(count: jobs.count), planned = jobs
        // GIF's LZW codes at least 2 bits a symbol.
        let codeSize = max(2, tableBits)
        DispatchQueue.concurrentPerform(iterations: planned.count) { position in
            guard let job = planned[position], !interrupted() else { return }
            coded.set(position, job.pixels.withUnsafeBufferPointer { GIFLZW.encode($0, minimumCodeSize: codeSize) })
        }
        if interrupted() { return nil }
        var bytes: [UInt8] = []
        let codes = coded.results
        for (position, job) in jobs.enumerated() {
            guard let job else { continue }
            if let pending { bytes += frameBytes(pending) }
            pending = (job.rect, codes[position]!, job.delay)
            frameCount += 1
        }
        return bytes
    }

    /// The last frame and the trailer.
    public mutating func finish() -> [UInt8] {
        defer { pending = nil }
        return (pending.map(frameBytes) ?? []) + [0x3B]
    }

    private func frameBytes(_ frame: (rect: Rect, codes: [UInt8], delay: Int)) -> [UInt8] {
        // Graphic control: leave the frame in place, this delay, the transparent index.
        var bytes: [UInt8] = [0x21, 0xF9, 0x04, 0b0000_0101] + Self.uint16(min(frame.delay, 65535)) + [palette.transparentIndex, 0]
        bytes += [0x2C] + Self.uint16(frame.rect.x) + Self.uint16(frame.rect.y) + Self.uint16(frame.rect.width) + Self.uint16(frame.rect.height) + [0]
        return bytes + frame.codes
    }

    /// Each frame's pixels as palette indices, on all cores. A pixel equal to the one before it
    /// takes its index again (a screen's runs of one colour), so most pixels cost one compare.
    static func map(_ frames: [RGBAImage], palette: GIFPalette, keepsTransparency: Bool = false) -> [[UInt8]] {
        let results = Slots<[UInt8]>(count: frames.count)
        DispatchQueue.concurrentPerform(iterations: frames.count) { position in
            var lookup = palette.lookup
            let clear = palette.transparentIndex
            let indices = frames[position].pixels.withUnsafeBytes { rgba in
                [UInt8](unsafeUninitializedCapacity: rgba.count / 4) { out, count in
                    var last: UInt32?, lastIndex: UInt8 = 0
                    for index in 0..<(rgba.count / 4) {
                        let pixel = rgba.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self)
                        if pixel != last {
                            last = pixel
                            let (r, g, b, a) = (rgba[4 * index], rgba[4 * index + 1], rgba[4 * index + 2], rgba[4 * index + 3])
                            if keepsTransparency, a < 128 {
                                lastIndex = clear
                            } else {
                                let key = GIFPalette.key(r, g, b)
                                if lookup[key] == GIFPalette.unknown { lookup[key] = UInt16(GIFPalette.nearest(key, in: palette.colors)) }
                                lastIndex = UInt8(lookup[key])
                            }
                        }
                        out[index] = lastIndex
                    }
                    count = rgba.count / 4
                }
            }
            results.set(position, indices)
        }
        return results.results.map { $0! }
    }

    /// The smallest rectangle holding every pixel that differs, or `nil` when none does.
    private func changedRect(_ a: [UInt8], _ b: [UInt8]) -> Rect? {
        var top = height, bottom = -1, left = width, right = -1
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let row = y * width
                    guard memcmp(a.baseAddress! + row, b.baseAddress! + row, width) != 0 else { continue }
                    (top, bottom) = (min(top, y), y)
                    var x = 0
                    while x < left, a[row + x] == b[row + x] { x += 1 }
                    left = min(left, x)
                    x = width - 1
                    while x > right, a[row + x] == b[row + x] { x -= 1 }
                    right = max(right, x)
                }
            }
        }
        return bottom < 0 ? nil : Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The rectangle of `frame`, its pixels equal to `previous` made transparent (a loop the
    /// compiler vectorizes).
    private func cutOut(_ rect: Rect, of frame: [UInt8], over previous: [UInt8]) -> [UInt8] {
        let clear = palette.transparentIndex
        return [UInt8](unsafeUninitializedCapacity: rect.width * rect.height) { out, count in
            frame.withUnsafeBufferPointer { frame in
                previous.withUnsafeBufferPointer { previous in
                    for y in 0..<rect.height {
                        let source = (rect.y + y) * width + rect.x, target = out.baseAddress! + y * rect.width
                        let now = frame.baseAddress! + source, before = previous.baseAddress! + source
                        for x in 0..<rect.width { target[x] = now[x] == before[x] ? clear : now[x] }
                    }
                }
            }
            count = rect.width * rect.height
        }
    }

    static func uint16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}

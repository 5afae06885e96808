import Dispatch
import Raster

/// One level of a ``SourceImage`` pyramid: RGBA8 pixels, row-major, no padding.
///
/// Level 0 is the picture itself, in straight alpha as decoded. Every smaller level is a 2×2 box
/// average of the one above it, stored **premultiplied** so that filtering never lets the colour of a
/// transparent pixel bleed into its neighbours. For an opaque picture the two forms are the same bytes.
///
/// A level of an odd-sized parent keeps the partial last column (row): its pixel averages only the
/// pixels that exist, and ``extentWidth`` (``extentHeight``) records the true, fractional extent of the
/// picture in this level's pixels, so that area filters weigh that partial pixel by the area it really covers.
struct MipmapLevel: Sendable {
    let width: Int
    let height: Int
    /// The picture's extent in this level's pixels: `sourceWidth / 2^level` (may end mid-pixel).
    let extentWidth: Double
    let extentHeight: Double
    /// `width * height * 4` bytes.
    let pixels: [UInt8]
    /// Whether ``pixels`` are premultiplied by alpha: true for every level above 0, and for level 0
    /// of an opaque picture (where both forms are the same bytes). Otherwise the resampler
    /// premultiplies as it reads.
    let isPremultiplied: Bool

    /// The next smaller level: each pixel is the average of the (up to) 2×2 pixels it covers,
    /// premultiplied, rounded half to even so that repeated halving does not drift.
    func halved(isOpaque: Bool) -> MipmapLevel {
        let newWidth = (width + 1) / 2
        let newHeight = (height + 1) / 2
        let premultiplyOnLoad = !isOpaque && !isPremultiplied
        // Uninitialised: every output byte is written below.
        let output = [UInt8](unsafeUninitializedCapacity: newWidth * newHeight * 4) { buffer, count in
            // A level of a megapixel or more is halved in row bands on all cores.
            let bands = newWidth * newHeight >= 1 << 20 ? 4 : 1
            pixels.withUnsafeBufferPointer { source in
                let rows = HalvedRows(source: source.baseAddress!, destination: buffer.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    for y in (band * newHeight / bands)..<((band + 1) * newHeight / bands) {
                        halve(row: y, of: rows.source, into: rows.destination + y * newWidth * 4, premultiplyOnLoad: premultiplyOnLoad)
                    }
                }
            }
            count = newWidth * newHeight * 4
        }
        return MipmapLevel(
            width: newWidth, height: newHeight,
            extentWidth: extentWidth / 2, extentHeight: extentHeight / 2,
            pixels: output, isPremultiplied: true)
    }

    /// Output row `y` of ``halved(isOpaque:)``, from this level's `source` pixels.
    private func halve(row y: Int, of source: UnsafePointer<UInt8>, into outRow: UnsafeMutablePointer<UInt8>,
                       premultiplyOnLoad: Bool) {
        let newWidth = (width + 1) / 2
        let row0 = source + (2 * y) * width * 4
        let row1 = 2 * y + 1 < height ? row0 + width * 4 : row0
        // Opaque or premultiplied: the four pixels' channels summed in vector lanes, two source
        // pixels a row at a time, but for a last column of one.
        let paired = premultiplyOnLoad ? 0 : width / 2
        for x in 0..<paired {
            let top = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(row0 + 8 * x).loadUnaligned(as: SIMD8<UInt8>.self))
            let bottom = SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(row1 + 8 * x).loadUnaligned(as: SIMD8<UInt8>.self))
            let pair = top &+ bottom
            let sum = pair.lowHalf &+ pair.highHalf
            // As `quarter`: to nearest, ties to even.
            let rounded = (sum &+ 1 &+ ((sum &>> 2) & 1)) &>> 2
            UnsafeMutableRawPointer(outRow + 4 * x).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: rounded), as: SIMD4<UInt8>.self)
        }
        for x in paired..<newWidth {
            let offset0 = 8 * x
            let offset1 = 2 * x + 1 < width ? offset0 + 4 : offset0
            if premultiplyOnLoad {
                let a00 = Int(row0[offset0 + 3]), a01 = Int(row0[offset1 + 3])
                let a10 = Int(row1[offset0 + 3]), a11 = Int(row1[offset1 + 3])
                for channel in 0..<3 {
                    let sum = Blending.multiply(Int(row0[offset0 + channel]), a00)
                        + Blending.multiply(Int(row0[offset1 + channel]), a01)
                        + Blending.multiply(Int(row1[offset0 + channel]), a10)
                        + Blending.multiply(Int(row1[offset1 + channel]), a11)
                    outRow[4 * x + channel] = Self.quarter(sum)
                }
                outRow[4 * x + 3] = Self.quarter(a00 + a01 + a10 + a11)
            } else {
                for channel in 0..<4 {
                    let sum = Int(row0[offset0 + channel]) + Int(row0[offset1 + channel])
                        + Int(row1[offset0 + channel]) + Int(row1[offset1 + channel])
                    outRow[4 * x + channel] = Self.quarter(sum)
                }
            }
        }
    }

    /// `sum / 4`, rounded half to even. The sum always holds four samples: where the parent has no
    /// second row or column, the existing one is counted twice, which averages only real pixels.
    @inline(__always)
    private static func quarter(_ sum: Int) -> UInt8 {
        let quotient = sum >> 2
        return UInt8(truncatingIfNeeded: (sum + 1 + (quotient & 1)) >> 2)
    }
}

/// A level being halved and its output, each band of whose rows one thread writes.
private struct HalvedRows: @unchecked Sendable {
    let source: UnsafePointer<UInt8>
    let destination: UnsafeMutablePointer<UInt8>
}

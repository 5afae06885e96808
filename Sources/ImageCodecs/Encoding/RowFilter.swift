/// PNG's five row filters (PNG spec §9) and their inverses, written as straight loops over unsafe
/// pointers that the compiler vectorises, and the "minimum sum of absolute differences" choice
/// among them.
enum RowFilter {
    /// The filter-type byte that starts each row in the zlib stream.
    enum Kind: UInt8, CaseIterable {
        case none = 0, sub, up, average, paeth
    }

    /// Filters `count` bytes of `row` (whose row above is `previous`, all zeros for the first row)
    /// into `output`. Pixels are `bytesPerPixel` bytes; the bytes left of the row count as zeros.
    static func apply(_ kind: Kind, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
                      count: Int, bytesPerPixel: Int, into output: UnsafeMutablePointer<UInt8>) {
        let head = min(bytesPerPixel, count)
        switch kind {
        case .none:
            output.update(from: row, count: count)
        case .sub:
            output.update(from: row, count: head)
            var index = head
            while index < count {
                output[index] = row[index] &- row[index &- bytesPerPixel]
                index &+= 1
            }
        case .up:
            var index = 0
            while index < count {
                output[index] = row[index] &- previous[index]
                index &+= 1
            }
        case .average:
            for index in 0..<head { output[index] = row[index] &- previous[index] >> 1 }
            var index = head
            while index < count {
                let left = UInt16(row[index &- bytesPerPixel]), above = UInt16(previous[index])
                output[index] = row[index] &- UInt8(truncatingIfNeeded: (left &+ above) >> 1)
                index &+= 1
            }
        case .paeth:
            // With no left neighbour the predictor is the byte above.
            for index in 0..<head { output[index] = row[index] &- previous[index] }
            var index = head
            while index < count {
                output[index] = row[index] &- paeth(left: row[index &- bytesPerPixel], above: previous[index],
                                                    upperLeft: previous[index &- bytesPerPixel])
                index &+= 1
            }
        }
    }

    /// Undoes `kind` on `count` bytes of `row` in place, given the row above already undone
    /// (`previous`, all zeros for the first row): what a decoder does to each row.
    static func undo(_ kind: Kind, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
                     count: Int, bytesPerPixel: Int) {
        let head = min(bytesPerPixel, count)
        switch kind {
        case .none:
            break
        case .sub:
            var index = head
            while index < count {
                row[index] &+= row[index &- bytesPerPixel]
                index &+= 1
            }
        case .up:
            // In vector lanes by hand: the compiler cannot tell that `row` and `previous` are apart.
            let target = UnsafeMutableRawPointer(row), above = UnsafeRawPointer(previous)
            var index = 0
            while count &- index >= 32 {
                let sum = target.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self)
                    &+ above.loadUnaligned(fromByteOffset: index, as: SIMD32<UInt8>.self)
                target.storeBytes(of: sum, toByteOffset: index, as: SIMD32<UInt8>.self)
                index &+= 32
            }
            while index < count {
                row[index] &+= previous[index]
                index &+= 1
            }
        case .average:
            for index in 0..<head { row[index] &+= previous[index] >> 1 }
            var index = head
            while index < count {
                let left = UInt16(row[index &- bytesPerPixel]), above = UInt16(previous[index])
                row[index] &+= UInt8(truncatingIfNeeded: (left &+ above) >> 1)
                index &+= 1
            }
        case .paeth:
            for index in 0..<head { row[index] &+= previous[index] }
            var index = head
            while index < count {
                row[index] &+= paeth(left: row[index &- bytesPerPixel], above: previous[index],
                                     upperLeft: previous[index &- bytesPerPixel])
                index &+= 1
            }
        }
    }

    /// The Paeth predictor, computed in bytes so that the loop vectorises 16 lanes wide: with
    /// x = b − c and y = a − c, |x + y| is |x| + |y| when they have the same sign, else ||x| − |y||;
    /// a sum past 255 can saturate, as only its order against |x| and |y| matters.
    @inline(__always)
    static func paeth(left a: UInt8, above b: UInt8, upperLeft c: UInt8) -> UInt8 {
        let pa = max(b, c) &- min(b, c)
        let pb = max(a, c) &- min(a, c)
        let sameSign = (b >= c) == (a >= c)
        let sum = UInt16(pa) &+ UInt16(pb)
        let pc = sameSign ? UInt8(truncatingIfNeeded: min(sum, 255)) : max(pa, pb) &- min(pa, pb)
        let bOrC = pb <= pc ? b : c
        return pa <= pb && pa <= pc ? a : bOrC
    }

    /// libpng's heuristic for choosing a filter: the sum of the bytes read as signed magnitudes.
    static func cost(of bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        var sum: UInt32 = 0
        var index = 0
        while index < count {
            let byte = bytes[index]
            sum &+= UInt32(min(byte, 0 &- byte))
            index &+= 1
        }
        return Int(sum)
    }
}

@testable import ImageCodecs
import Testing

/// The fast encoder's filters against the PNG specification's definitions (PNG spec §9).
@Suite struct RowFilterTests {
    /// The Paeth predictor exactly as the specification writes it.
    static func referencePaeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    @Test func bytewisePaethMatchesSpecification() {
        var mismatches = 0
        for a in 0...255 {
            for b in 0...255 {
                for c in stride(from: a % 3, through: 255, by: 3) {
                    let (a, b, c) = (UInt8(a), UInt8(b), UInt8(c))
                    if RowFilter.paeth(left: a, above: b, upperLeft: c) != Self.referencePaeth(a, b, c) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: RowFilter.Kind.allCases, [3, 4])
    func filtersMatchSpecification(kind: RowFilter.Kind, bytesPerPixel: Int) {
        let count = 61 * bytesPerPixel
        var state: UInt32 = 99
        let bytes = (0..<(2 * count)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let previous = Array(bytes[..<count]), row = Array(bytes[count...])
        var output = [UInt8](repeating: 0, count: count)
        row.withUnsafeBufferPointer { row in
            previous.withUnsafeBufferPointer { previous in
                output.withUnsafeMutableBufferPointer { output in
                    RowFilter.apply(kind, row: row.baseAddress!, previous: previous.baseAddress!, count: count,
                                    bytesPerPixel: bytesPerPixel, into: output.baseAddress!)
                }
            }
        }
        for index in 0..<count {
            let a = index >= bytesPerPixel ? row[index - bytesPerPixel] : 0
            let b = previous[index]
            let c = index >= bytesPerPixel ? previous[index - bytesPerPixel] : 0
            let prediction: UInt8 = switch kind {
            case .none: 0
            case .sub: a
            case .up: b
            case .average: UInt8((Int(a) + Int(b)) / 2)
            case .paeth: Self.referencePaeth(a, b, c)
            }
            #expect(output[index] == row[index] &- prediction, "byte \(index)")
        }
    }
}

import ImageCodecs
import Raster
import Testing

/// Rows coded once and taken by many frames (a vertical scroll over a content layer): the frames
/// decode to exactly their pixels, whatever the filter, alpha, bit alignment and changed rows.
@Suite struct SharedRowsTests {
    /// A layer wider than the frames, and the frames' window into it from `column`.
    static let layer = FastEncoderTests.Picture.noise(width: 61, height: 90, opaque: true)
    static let column = 7
    static let frameWidth = 45

    /// Frame rows `0..<height` showing layer rows from `top`, with `changed` rows painted over.
    static func frame(top: Int, height: Int, changed: Set<Int>, opaque: Bool = true) -> (image: RGBAImage, rowMap: [Int?]) {
        var image = RGBAImage(width: frameWidth, height: height)
        var rowMap = [Int?](repeating: nil, count: height)
        for y in 0..<height {
            let row = top + y
            for x in 0..<frameWidth {
                var pixel = layer[column + x, min(row, layer.height - 1)]
                if !opaque { pixel.alpha = UInt8(truncatingIfNeeded: x * 5 + y) }
                image[x, y] = changed.contains(y) || row >= layer.height ? RGBA(red: UInt8(y), green: 200, blue: UInt8(x)) : pixel
            }
            if !changed.contains(y), row < layer.height { rowMap[y] = row }
        }
        return (image, rowMap)
    }

    static func shared(_ encoder: PNGEncoder, opaque: Bool = true) throws -> SharedRows {
        var source = layer
        if !opaque {
            for y in 0..<source.height {
                for x in 0..<frameWidth { source[column + x, y].alpha = UInt8(truncatingIfNeeded: x * 5 + y) }
            }
        }
        // (Alpha above depends on the frame row: only frames from top 0 match a non-opaque layer.)
        return try #require(source.pixels.withUnsafeBufferPointer { pixels in
            SharedRows(encoder: encoder, base: pixels.baseAddress! + column * 4, width: frameWidth,
                       height: source.height, bytesPerRow: source.bytesPerRow)
        })
    }

    @Test(arguments: PNGEncoder.Filter.allCases)
    func framesFromSharedRowsDecodeToTheirPixels(filter: PNGEncoder.Filter) throws {
        let encoder = PNGEncoder(method: .fast, filter: filter)
        let shared = try Self.shared(encoder)
        // Frames at several offsets (so that shared rows land at every bit position), with rows
        // changed at the top, the middle, in runs and at the end, and frames running off the layer.
        let cases: [(top: Int, changed: Set<Int>)] = [
            (0, []), (1, [0]), (5, [3, 4, 5, 20]), (13, [39]), (44, [10, 11, 12, 13]), (60, []), (89, [])
        ]
        for (top, changed) in cases {
            let (image, rowMap) = Self.frame(top: top, height: 40, changed: changed)
            let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap)
            #expect(try ImageDecoder().decode(bytes).image == image, "frame from row \(top), filter \(filter)")
            try FastEncoderTests.checkStructure(bytes, width: image.width, height: image.height, colorType: 2)
        }
    }

    @Test func rgbaFramesKeepAlpha() throws {
        let encoder = PNGEncoder(method: .fast, filter: .paeth, keepsAlpha: true)
        let shared = try Self.shared(encoder, opaque: false)
        let (image, rowMap) = Self.frame(top: 0, height: 40, changed: [17], opaque: false)
        let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap)
        #expect(try ImageDecoder().decode(bytes).image == image)
    }

    @Test func rowsComeFromTheSharedCoding() throws {
        // Given a frame whose first row is layer row 10 and whose other rows are blank, but whose
        // row map says they show layer rows 11…49
        let encoder = PNGEncoder.frames()
        let shared = try Self.shared(encoder)
        var frame = RGBAImage(width: Self.frameWidth, height: 40, fill: .white)
        for x in 0..<Self.frameWidth { frame[x, 0] = Self.layer[Self.column + x, 10] }
        let rowMap: [Int?] = (0..<40).map { 10 + $0 }
        // Then every row decodes to the layer's: the rows were taken, not coded again from the frame
        let decoded = try ImageDecoder().decode(encoder.encode(frame, reusing: shared, rowMap: rowMap)).image
        for y in 0..<40 { #expect(decoded[3, y] == Self.layer[Self.column + 3, 10 + y], "row \(y)") }
    }

    @Test func refusesWhatItCannotServe() throws {
        let shared = try Self.shared(.frames())
        let image = RGBAImage(width: Self.frameWidth + 1, height: 4, fill: .white)
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(image, reusing: shared, rowMap: [nil, nil, nil, nil]) }
        let fitting = RGBAImage(width: Self.frameWidth, height: 4, fill: .white)
        #expect(throws: ImageCodecError.self) { try PNGEncoder(method: .fast, filter: .up).encode(fitting, reusing: shared, rowMap: [nil, nil, nil, nil]) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: [nil]) }
        let zlib = PNGEncoder(method: .zlib)
        #expect(Self.layer.pixels.withUnsafeBufferPointer {
            SharedRows(encoder: zlib, base: $0.baseAddress!, width: 10, height: 10, bytesPerRow: Self.layer.bytesPerRow)
        } == nil)
    }
}

import ImageCodecs
import Raster
import Testing

/// Rows coded once and taken by many frames (a scroll over a content layer): the frames decode to
/// exactly their pixels, whatever the filter, alpha, bit alignment, column and changed rows.
@Suite struct SharedRowsTests {
    /// A layer wider than the frames, and the frames' window into it from `column`.
    static let layer = FastEncoderTests.Picture.noise(width: 61, height: 90, opaque: true)
    /// Rows of whole 8-byte words (64 RGB or RGBA pixels): a window can end where the row ends.
    static let wordLayer = FastEncoderTests.Picture.noise(width: 64, height: 90, opaque: true)
    static let column = 7
    static let frameWidth = 45

    /// Frame rows `0..<height` showing layer rows from `top`, with `changed` rows painted over.
    static func frame(top: Int, height: Int, changed: Set<Int>, opaque: Bool = true, column: Int = column,
                      of layer: RGBAImage = layer) -> (image: RGBAImage, rowMap: [Int?]) {
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

    static func shared(_ encoder: PNGEncoder, opaque: Bool = true, columns: Set<Int> = [column],
                       of layer: RGBAImage = layer) throws -> SharedRows {
        try #require(sharedIfPossible(encoder, opaque: opaque, columns: columns, of: layer))
    }

    static func sharedIfPossible(_ encoder: PNGEncoder, opaque: Bool = true, columns: Set<Int> = [column],
                                 of layer: RGBAImage = layer) -> SharedRows? {
        var source = layer
        if !opaque {
            for y in 0..<source.height {
                for x in 0..<source.width { source[x, y].alpha = UInt8(truncatingIfNeeded: (x - column) * 5 + y) }
            }
        }
        // (Alpha above depends on the frame row: only frames from top 0 match a non-opaque layer.)
        return SharedRows(encoder: encoder, layer: source.pixels, layerWidth: source.width, frameWidth: frameWidth, columns: columns)
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
            let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap, column: Self.column)
            #expect(try ImageDecoder().decode(bytes).image == image, "frame from row \(top), filter \(filter)")
            try FastEncoderTests.checkStructure(bytes, width: image.width, height: image.height, colorType: 2)
        }
    }

    @Test func rgbaFramesKeepAlpha() throws {
        let encoder = PNGEncoder(method: .fast, filter: .paeth, keepsAlpha: true)
        let shared = try Self.shared(encoder, opaque: false)
        let (image, rowMap) = Self.frame(top: 0, height: 40, changed: [17], opaque: false)
        let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap, column: Self.column)
        #expect(try ImageDecoder().decode(bytes).image == image)
    }

    /// Windows from every column a horizontal scroll shows (the first pixel coded per frame, the
    /// rest cut from rows coded as literals at any byte), for each fixed filter, RGB and RGBA.
    @Test(arguments: [PNGEncoder.Filter.none, .sub, .up, .average, .paeth], [false, true])
    func windowsFromAnyColumnDecodeToTheirPixels(filter: PNGEncoder.Filter, keepsAlpha: Bool) throws {
        let encoder = PNGEncoder(method: .fast, filter: filter, keepsAlpha: keepsAlpha)
        for layer in [Self.layer, Self.wordLayer] {
            let columns = Set(0...(layer.width - Self.frameWidth))
            let shared = try Self.shared(encoder, columns: columns, of: layer)
            for column in columns.sorted() {
                try Self.checkWindow(from: column, of: layer, shared: shared, encoder: encoder)
            }
        }
    }

    /// A frame from `column` (its rows from a row that depends on the column, some changed) decodes to its pixels.
    static func checkWindow(from column: Int, of layer: RGBAImage, shared: SharedRows, encoder: PNGEncoder) throws {
        let (image, rowMap) = frame(top: column % 9, height: 40, changed: column % 3 == 0 ? [0, 7, 8] : [],
                                    column: column, of: layer)
        let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap, column: column)
        #expect(try ImageDecoder().decode(bytes).image == image, "column \(column) of \(layer.width), \(encoder.filter)")
    }

    @Test func windowsNeedOneFilterAndFewFlatRuns() throws {
        let columns: Set<Int> = [0, 5]
        #expect(Self.sharedIfPossible(PNGEncoder(method: .fast, filter: .adaptive), columns: columns) == nil)
        #expect(Self.sharedIfPossible(PNGEncoder(method: .fast, filter: .paeth), columns: columns) != nil)
        let flat = RGBAImage(width: 61, height: 90, fill: .white)
        #expect(SharedRows(encoder: .frames(), layer: flat.pixels, layerWidth: 61, frameWidth: Self.frameWidth, columns: columns) == nil)
        // Whole rows from one column take any filter and any picture.
        #expect(Self.sharedIfPossible(PNGEncoder(method: .fast, filter: .adaptive)) != nil)
        #expect(SharedRows(encoder: .frames(), layer: flat.pixels, layerWidth: 61, frameWidth: Self.frameWidth, columns: [5]) != nil)
    }

    @Test func rowsComeFromTheSharedCodingAndTheLayer() throws {
        // Given a blank frame whose row map says it shows layer rows 10…49
        let encoder = PNGEncoder.frames()
        let shared = try Self.shared(encoder)
        let blank = RGBAImage(width: Self.frameWidth, height: 40, fill: .white)
        let rowMap: [Int?] = (0..<40).map { 10 + $0 }
        // Then every row decodes to the layer's: the rows (and the first, coded alone) were read
        // from the layer, not from the frame the compositor left them out of
        let decoded = try ImageDecoder().decode(encoder.encode(blank, reusing: shared, rowMap: rowMap, column: Self.column)).image
        for y in 0..<40 { #expect(decoded[3, y] == Self.layer[Self.column + 3, 10 + y], "row \(y)") }
    }

    @Test func refusesWhatItCannotServe() throws {
        let shared = try Self.shared(.frames())
        let image = RGBAImage(width: Self.frameWidth + 1, height: 4, fill: .white)
        let none: [Int?] = [nil, nil, nil, nil]
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(image, reusing: shared, rowMap: none, column: Self.column) }
        let fitting = RGBAImage(width: Self.frameWidth, height: 4, fill: .white)
        #expect(throws: ImageCodecError.self) { try PNGEncoder(method: .fast, filter: .up).encode(fitting, reusing: shared, rowMap: none, column: Self.column) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: [nil], column: Self.column) }
        // Whole rows are coded for one column only.
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: none, column: Self.column + 1) }
        let zlib = PNGEncoder(method: .zlib)
        #expect(SharedRows(encoder: zlib, layer: Self.layer.pixels, layerWidth: 61, frameWidth: 10, columns: [0]) == nil)
        // A window past the layer's edge, and pixels that are not whole rows.
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 61, frameWidth: 10, columns: [52]) == nil)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 60, frameWidth: 10, columns: [0]) == nil)
    }
}

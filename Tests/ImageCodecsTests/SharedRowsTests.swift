import ImageCodecs
import Raster
import Testing

/// Rows coded once and taken by many frames (a scroll over a content layer): the frames decode to
/// exactly their pixels, whatever the filter, alpha, bit alignment, span and changed rows.
@Suite struct SharedRowsTests {
    /// A layer wider than the frames.
    static let layer = FastEncoderTests.Picture.noise(width: 61, height: 90, opaque: true)
    /// Rows of whole 8-byte words (64 RGB or RGBA pixels): a window can end where the row ends.
    static let wordLayer = FastEncoderTests.Picture.noise(width: 64, height: 90, opaque: true)
    static let frameWidth = 45
    static let background = RGBA(red: 9, green: 99, blue: 199)

    /// A frame showing the layer across its whole width from `column`.
    static func whole(from column: Int) -> LayerSpan { LayerSpan(columns: 0..<frameWidth, layerColumn: column) }
    static let span = whole(from: 7)

    /// Frame rows `0..<height` showing layer rows from `top` in `span` (the background elsewhere),
    /// with `changed` rows painted over; alpha varies when not `opaque`.
    static func frame(top: Int, height: Int, changed: Set<Int>, opaque: Bool = true, span: LayerSpan = span,
                      of layer: RGBAImage = layer) -> (image: RGBAImage, rowMap: [Int?]) {
        var image = RGBAImage(width: frameWidth, height: height)
        var rowMap = [Int?](repeating: nil, count: height)
        for y in 0..<height {
            let row = top + y
            for x in 0..<frameWidth {
                var pixel = span.columns.contains(x) ? layer[span.layerColumn + x - span.columns.lowerBound, min(row, layer.height - 1)] : background
                if !opaque { pixel.alpha = UInt8(truncatingIfNeeded: x * 5 + y) }
                image[x, y] = changed.contains(y) || row >= layer.height ? RGBA(red: UInt8(y), green: 200, blue: UInt8(x)) : pixel
            }
            if !changed.contains(y), row < layer.height { rowMap[y] = row }
        }
        return (image, rowMap)
    }

    static func shared(_ encoder: PNGEncoder, opaque: Bool = true, spans: Set<LayerSpan> = [span],
                       of layer: RGBAImage = layer) throws -> SharedRows {
        try #require(sharedIfPossible(encoder, opaque: opaque, spans: spans, of: layer))
    }

    static func sharedIfPossible(_ encoder: PNGEncoder, opaque: Bool = true, spans: Set<LayerSpan> = [span],
                                 of layer: RGBAImage = layer) -> SharedRows? {
        var source = layer
        if !opaque {
            // Alpha as the frame from row 0 at `span` has it.
            for y in 0..<source.height {
                for x in 0..<source.width { source[x, y].alpha = UInt8(truncatingIfNeeded: (x - span.layerColumn) * 5 + y) }
            }
        }
        return SharedRows(encoder: encoder, layer: source.pixels, layerWidth: source.width, frameWidth: frameWidth, spans: spans)
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
            let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap, span: Self.span)
            #expect(try ImageDecoder().decode(bytes).image == image, "frame from row \(top), filter \(filter)")
            try FastEncoderTests.checkStructure(bytes, width: image.width, height: image.height, colorType: 2)
        }
    }

    @Test func rgbaFramesKeepAlpha() throws {
        let encoder = PNGEncoder(method: .fast, filter: .paeth, keepsAlpha: true)
        let shared = try Self.shared(encoder, opaque: false)
        let (image, rowMap) = Self.frame(top: 0, height: 40, changed: [17], opaque: false)
        let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap, span: Self.span)
        #expect(try ImageDecoder().decode(bytes).image == image)
    }

    /// Windows from every column a horizontal scroll shows, and spans that cover part of the
    /// frame as a bounce past either edge shows them (the span's first pixel and the frame's own
    /// pixels coded per frame, the rest cut from rows coded as literals at any byte), for each
    /// fixed filter, RGB and RGBA.
    @Test(arguments: [PNGEncoder.Filter.none, .sub, .up, .average, .paeth], [false, true])
    func windowsDecodeToTheirPixels(filter: PNGEncoder.Filter, keepsAlpha: Bool) throws {
        let encoder = PNGEncoder(method: .fast, filter: filter, keepsAlpha: keepsAlpha)
        for layer in [Self.layer, Self.wordLayer] {
            let lastColumn = layer.width - Self.frameWidth
            let spans = Set((0...lastColumn).map(Self.whole(from:)) + [
                LayerSpan(columns: 0..<30, layerColumn: layer.width - 30),  // past the right edge
                LayerSpan(columns: 12..<45, layerColumn: 0),                 // past the left edge
                LayerSpan(columns: 3..<4, layerColumn: 9),                   // one pixel
                LayerSpan(columns: 44..<45, layerColumn: layer.width - 1),
            ])
            let shared = try Self.shared(encoder, spans: spans, of: layer)
            for (index, span) in spans.sorted(by: { ($0.layerColumn, $0.columns.lowerBound) < ($1.layerColumn, $1.columns.lowerBound) }).enumerated() {
                let (image, rowMap) = Self.frame(top: index % 9, height: 40, changed: index % 3 == 0 ? [0, 7, 8] : [],
                                                 span: span, of: layer)
                let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap, span: span)
                #expect(try ImageDecoder().decode(bytes).image == image, "\(span) of \(layer.width), \(filter)")
            }
        }
    }

    @Test func windowsNeedOneFilterAndFewFlatRuns() throws {
        let spans: Set<LayerSpan> = [Self.whole(from: 0), Self.whole(from: 5)]
        #expect(Self.sharedIfPossible(PNGEncoder(method: .fast, filter: .adaptive), spans: spans) == nil)
        #expect(Self.sharedIfPossible(PNGEncoder(method: .fast, filter: .paeth), spans: spans) != nil)
        let flat = RGBAImage(width: 61, height: 90, fill: .white)
        #expect(SharedRows(encoder: .frames(), layer: flat.pixels, layerWidth: 61, frameWidth: Self.frameWidth, spans: spans) == nil)
        // Whole rows from one column take any filter and any picture.
        #expect(Self.sharedIfPossible(PNGEncoder(method: .fast, filter: .adaptive)) != nil)
        #expect(SharedRows(encoder: .frames(), layer: flat.pixels, layerWidth: 61, frameWidth: Self.frameWidth,
                           spans: [Self.whole(from: 5)]) != nil)
    }

    @Test func rowsComeFromTheSharedCodingAndTheLayer() throws {
        // Given a blank frame whose row map says it shows layer rows 10…49 across its width
        let encoder = PNGEncoder.frames()
        let shared = try Self.shared(encoder)
        let blank = RGBAImage(width: Self.frameWidth, height: 40, fill: .white)
        let rowMap: [Int?] = (0..<40).map { 10 + $0 }
        // Then every row decodes to the layer's: the rows (and the first, coded alone) were read
        // from the layer, not from the frame the compositor left them out of
        let decoded = try ImageDecoder().decode(encoder.encode(blank, reusing: shared, rowMap: rowMap, span: Self.span)).image
        for y in 0..<40 { #expect(decoded[3, y] == Self.layer[Self.span.layerColumn + 3, 10 + y], "row \(y)") }
    }

    @Test func refusesWhatItCannotServe() throws {
        let shared = try Self.shared(.frames())
        let image = RGBAImage(width: Self.frameWidth + 1, height: 4, fill: .white)
        let none: [Int?] = [nil, nil, nil, nil]
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(image, reusing: shared, rowMap: none, span: Self.span) }
        let fitting = RGBAImage(width: Self.frameWidth, height: 4, fill: .white)
        #expect(throws: ImageCodecError.self) { try PNGEncoder(method: .fast, filter: .up).encode(fitting, reusing: shared, rowMap: none, span: Self.span) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: [nil], span: Self.span) }
        // Whole rows are coded for one span only.
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: none, span: Self.whole(from: 8)) }
        let zlib = PNGEncoder(method: .zlib)
        #expect(SharedRows(encoder: zlib, layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: [Self.whole(from: 0)]) == nil)
        // A span past the layer's edge or the frame's, no span, and pixels that are not whole rows.
        let tooFar = LayerSpan(columns: 0..<10, layerColumn: 52), tooWide = LayerSpan(columns: 40..<50, layerColumn: 0)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: [tooFar]) == nil)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: [tooWide]) == nil)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: []) == nil)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 60, frameWidth: 45, spans: [Self.whole(from: 0)]) == nil)
    }
}

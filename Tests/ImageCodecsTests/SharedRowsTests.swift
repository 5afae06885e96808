@testable import ImageCodecs
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
                       of layer: RGBAImage = layer, tileWidth: Int? = nil) throws -> SharedRows {
        try #require(sharedIfPossible(encoder, opaque: opaque, spans: spans, of: layer, tileWidth: tileWidth))
    }

    static func sharedIfPossible(_ encoder: PNGEncoder, opaque: Bool = true, spans: Set<LayerSpan> = [span],
                                 of layer: RGBAImage = layer, tileWidth: Int? = nil) -> SharedRows? {
        var source = layer
        if !opaque {
            // Alpha as the frame from row 0 at `span` has it.
            for y in 0..<source.height {
                for x in 0..<source.width { source[x, y].alpha = UInt8(truncatingIfNeeded: (x - span.layerColumn) * 5 + y) }
            }
        }
        return SharedRows(encoder: encoder, layer: source.pixels, layerWidth: source.width, frameWidth: frameWidth, spans: spans,
                          tileWidth: tileWidth)
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
    /// Layers in one tile and in tiles 16 and 21 pixels wide, whose rows were coded apart (each
    /// tile's first pixel filtered against the last of the tile before it): windows across them.
    @Test(arguments: [PNGEncoder.Filter.none, .sub, .up, .average, .paeth], [false, true])
    func windowsDecodeToTheirPixels(filter: PNGEncoder.Filter, keepsAlpha: Bool) throws {
        let encoder = PNGEncoder(method: .fast, filter: filter, keepsAlpha: keepsAlpha)
        for (layer, tileWidth) in [(Self.layer, nil), (Self.wordLayer, nil), (Self.layer, 16), (Self.wordLayer, 21)] {
            let lastColumn = layer.width - Self.frameWidth
            let spans = Set((0...lastColumn).map(Self.whole(from:)) + [
                LayerSpan(columns: 0..<30, layerColumn: layer.width - 30),  // past the right edge
                LayerSpan(columns: 12..<45, layerColumn: 0),                 // past the left edge
                LayerSpan(columns: 3..<4, layerColumn: 9),                   // one pixel
                LayerSpan(columns: 44..<45, layerColumn: layer.width - 1),
            ])
            let shared = try Self.shared(encoder, spans: spans, of: layer, tileWidth: tileWidth)
            for (index, span) in spans.sorted(by: { ($0.layerColumn, $0.columns.lowerBound) < ($1.layerColumn, $1.columns.lowerBound) }).enumerated() {
                let (image, rowMap) = Self.frame(top: index % 9, height: 40, changed: index % 3 == 0 ? [0, 7, 8] : [],
                                                 span: span, of: layer)
                let bytes = try encoder.encode(image, reusing: shared, rowMap: rowMap, span: span)
                #expect(try ImageDecoder().decode(bytes).image == image, "\(span) of \(layer.width) in tiles of \(tileWidth ?? 0), \(filter)")
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

    /// Whole rows of a one-tile layer, and windows of a layer in tiles (whose rows a frame
    /// codes itself are joined from the tiles they cross).
    @Test(arguments: [nil, 16])
    func rowsComeFromTheSharedCodingAndTheLayer(tileWidth: Int?) throws {
        // Given a blank frame whose row map says it shows layer rows 10…49 across its width,
        // but for rows 20 and 21 (under an indicator, say)
        let encoder = PNGEncoder.frames()
        let spans: Set<LayerSpan> = tileWidth == nil ? [Self.span] : [Self.span, Self.whole(from: 0)]
        let shared = try Self.shared(encoder, spans: spans, of: Self.layer, tileWidth: tileWidth)
        let blank = RGBAImage(width: Self.frameWidth, height: 40, fill: .white)
        let rowMap: [Int?] = (0..<40).map { [20, 21].contains($0) ? nil : 10 + $0 }
        // Then every other row decodes to the layer's: the rows (and those coded alone) were read
        // from the layer, not from the frame the compositor left them out of
        let decoded = try ImageDecoder().decode(encoder.encode(blank, reusing: shared, rowMap: rowMap, span: Self.span)).image
        for y in 0..<40 {
            for x in [0, 3, 15, 16, 17, 44] {
                let expected = rowMap[y] == nil ? RGBA.white : Self.layer[Self.span.layerColumn + x, 10 + y]
                #expect(decoded[x, y] == expected, "pixel \(x), row \(y)")
            }
        }
    }

    /// Whole rows cut where an indicator's columns begin and end: a frame row under it takes the
    /// coded row's pieces around its columns, from flat rows (zero runs that a cut stops) and
    /// noisy ones; a patch that does not begin and end at cuts, under a row patched elsewhere,
    /// or in the first row is coded whole. Either way the frame decodes to its pixels, the rest
    /// of a patched row read in the layer.
    @Test(arguments: [false, true], [PNGEncoder.Filter.up, .none])
    func rowsUnderAnIndicatorTakeTheCodedPiecesAroundIt(flat: Bool, filter: PNGEncoder.Filter) throws {
        let encoder = PNGEncoder(method: .fast, filter: filter)
        let layer = flat ? RGBAImage(width: 61, height: 90, fill: RGBA(red: 30, green: 60, blue: 90)) : Self.layer
        let shared = try #require(SharedRows(encoder: encoder, layer: layer.pixels, layerWidth: 61, frameWidth: Self.frameWidth,
                                             spans: [Self.span], cuts: [0, 30, 36, 45, 60]))
        // Frame rows 0..<40 show layer rows 10..<50; these rows have pixels of their own in these columns.
        var columns: [Int: Range<Int>] = [0: 30..<36, 9: 30..<45, 10: 30..<36, 15: 0..<30, 20: 31..<35]
        for y in 3...8 { columns[y] = 30..<36 }
        var expected = RGBAImage(width: Self.frameWidth, height: 40), given = RGBAImage(width: Self.frameWidth, height: 40, fill: .white)
        var patches = [LayerRowPatch?](repeating: nil, count: 40)
        for y in 0..<40 {
            for x in 0..<Self.frameWidth {
                let own = columns[y]?.contains(x) == true
                expected[x, y] = own ? RGBA(red: UInt8(y), green: 200, blue: UInt8(x)) : layer[Self.span.layerColumn + x, 10 + y]
                if own { given[x, y] = expected[x, y] }
            }
            patches[y] = columns[y].map { LayerRowPatch(layerRow: 10 + y, columns: $0) }
        }
        let rowMap: [Int?] = (0..<40).map { columns[$0] == nil ? 10 + $0 : nil }
        let cut = Set((0..<40).filter { shared.row(showing: $0, patchedBy: patches, in: rowMap) != nil })
        #expect(cut == [3, 4, 5, 6, 7, 8, 9, 15])
        let bytes = try encoder.encode(given, reusing: shared, rowMap: rowMap, span: Self.span, patches: patches)
        #expect(try ImageDecoder().decode(bytes).image == expected)
        // Rows are not cut at more than a few columns.
        let many = try #require(SharedRows(encoder: encoder, layer: layer.pixels, layerWidth: 61, frameWidth: Self.frameWidth,
                                           spans: [Self.span], cuts: [5, 10, 15, 30, 36]))
        #expect(many.row(showing: 3, patchedBy: patches, in: rowMap) == nil)
    }

    /// A layer that continues another (the same content, further along) takes the tiles the
    /// other coded, with its code: frames across old and new tiles decode to their pixels.
    @Test func continuedLayersTakeTheTilesAlreadyCoded() throws {
        let encoder = PNGEncoder.frames()
        let picture = FastEncoderTests.Picture.noise(width: 96, height: 50, opaque: true)
        let tiles = LayerTile.cutting(picture.pixels, width: 96, tileWidth: 16)
        let frameWidth = 40
        let first = try #require(SharedRows(encoder: encoder, tiles: Array(tiles[0..<4]), frameWidth: frameWidth,
                                            spans: [LayerSpan(columns: 0..<40, layerColumn: 0), LayerSpan(columns: 0..<40, layerColumn: 24)]))
        // The next layer keeps tiles 2 and 3 and adds 4 and 5.
        let kept = try #require(first.keeping(columns: 32..<96))
        let spans = Set((0...24).map { LayerSpan(columns: 0..<frameWidth, layerColumn: $0) })
        let next = try #require(SharedRows(encoder: encoder, tiles: Array(tiles[2..<6]), frameWidth: frameWidth, spans: spans,
                                           continuing: kept))
        for column in [0, 1, 7, 16, 24] {
            var image = RGBAImage(width: frameWidth, height: 50)
            for y in 0..<50 { for x in 0..<frameWidth { image[x, y] = picture[32 + column + x, y] } }
            let bytes = try encoder.encode(image, reusing: next, rowMap: (0..<50).map { $0 }, span: LayerSpan(columns: 0..<frameWidth, layerColumn: column))
            #expect(try ImageDecoder().decode(bytes).image == image, "from column \(column)")
        }
        // Tiles are taken, not coded again: once tile 2 is painted white, a frame continued from
        // its rows still shows (the differences of) what it held when they were coded; coded
        // anew, the white tile would give a white frame.
        tiles[2].mutablePixels!.update(repeating: 255, count: 17 * 50 * 4)
        let taken = try #require(SharedRows(encoder: encoder, tiles: Array(tiles[2..<6]), frameWidth: frameWidth, spans: spans,
                                            continuing: kept))
        let white = RGBAImage(width: frameWidth, height: 50, fill: .white)
        let bytes = try encoder.encode(white, reusing: taken, rowMap: (0..<50).map { $0 }, span: LayerSpan(columns: 0..<frameWidth, layerColumn: 0))
        #expect(try ImageDecoder().decode(bytes).image[5, 30] != .white)
        // Tiles that are not the same (other pixels at the same columns) are coded anew.
        let otherPicture = FastEncoderTests.Picture.noise(width: 96, height: 51, opaque: true)
        let other = LayerTile.cutting(Array(otherPicture.pixels[(96 * 4)...]), width: 96, tileWidth: 16)
        let recoded = try #require(SharedRows(encoder: encoder, tiles: Array(other[2..<6]), frameWidth: frameWidth, spans: spans,
                                              continuing: kept))
        var otherFrame = RGBAImage(width: frameWidth, height: 50)
        for y in 0..<50 { for x in 0..<frameWidth { otherFrame[x, y] = otherPicture[32 + x, y + 1] } }
        let otherBytes = try encoder.encode(otherFrame, reusing: recoded, rowMap: (0..<50).map { $0 },
                                            span: LayerSpan(columns: 0..<frameWidth, layerColumn: 0))
        #expect(try ImageDecoder().decode(otherBytes).image == otherFrame)
    }

    @Test func refusesWhatItCannotServe() throws {
        let shared = try Self.shared(.frames())
        let image = RGBAImage(width: Self.frameWidth + 1, height: 4, fill: .white)
        let none: [Int?] = [nil, nil, nil, nil]
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(image, reusing: shared, rowMap: none, span: Self.span) }
        let fitting = RGBAImage(width: Self.frameWidth, height: 4, fill: .white)
        #expect(throws: ImageCodecError.self) { try PNGEncoder(method: .fast, filter: .paeth).encode(fitting, reusing: shared, rowMap: none, span: Self.span) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: [nil], span: Self.span) }
        // Patches by row, on rows that show no layer row whole, within the frame.
        let mapped: [Int?] = [nil, 11, 12, 13], patch = LayerRowPatch(layerRow: 10, columns: 40..<45)
        #expect(throws: Never.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: mapped, span: Self.span, patches: [patch, nil, nil, nil]) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: mapped, span: Self.span, patches: [patch]) }
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: mapped, span: Self.span, patches: [nil, patch, nil, nil]) }
        let wide = LayerRowPatch(layerRow: 10, columns: 40..<46)
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: mapped, span: Self.span, patches: [wide, nil, nil, nil]) }
        // Whole rows are coded for one span only.
        #expect(throws: ImageCodecError.self) { try PNGEncoder.frames().encode(fitting, reusing: shared, rowMap: none, span: Self.whole(from: 8)) }
        let zlib = PNGEncoder(method: .zlib)
        #expect(SharedRows(encoder: zlib, layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: [Self.whole(from: 0)]) == nil)
        // A span past the layer's edge or the frame's, and no span.
        let tooFar = LayerSpan(columns: 0..<10, layerColumn: 52), tooWide = LayerSpan(columns: 40..<50, layerColumn: 0)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: [tooFar]) == nil)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: [tooWide]) == nil)
        #expect(SharedRows(encoder: .frames(), layer: Self.layer.pixels, layerWidth: 61, frameWidth: 45, spans: []) == nil)
    }
}

extension SharedRows {
    /// `layer`'s rows (`layerWidth` RGBA pixels each) cut into tiles `tileWidth` wide (one tile
    /// when `nil`) and coded for frames that show them in `spans`, whole rows cut at `cuts`.
    init?(encoder: PNGEncoder, layer pixels: [UInt8], layerWidth: Int, frameWidth: Int, spans: Set<LayerSpan>,
          tileWidth: Int? = nil, cuts: Set<Int> = []) {
        self.init(encoder: encoder, tiles: LayerTile.cutting(pixels, width: layerWidth, tileWidth: tileWidth ?? layerWidth),
                  frameWidth: frameWidth, spans: spans, cuts: cuts)
    }
}

extension LayerTile {
    /// `pixels` (rows `width` RGBA pixels each) cut into tiles `tileWidth` wide (the last may be
    /// narrower), the first from column 0; each tile's left neighbour is the pixel before it, zero
    /// for the first.
    static func cutting(_ pixels: [UInt8], width: Int, tileWidth: Int) -> [LayerTile] {
        let height = pixels.count / (width * 4)
        return stride(from: 0, to: width, by: tileWidth).map { start in
            let tile = LayerTile(column: start, width: min(tileWidth, width - start), height: height)
            let context = start > 0 ? 1 : 0
            for y in 0..<height {
                let from = (y * width + start - context) * 4, count = (tile.width + context) * 4
                let to = tile.mutablePixels! + y * tile.bytesPerRow + (1 - context) * 4
                pixels.withUnsafeBufferPointer { to.update(from: $0.baseAddress! + from, count: count) }
            }
            return tile
        }
    }
}

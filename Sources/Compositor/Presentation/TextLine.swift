import _FontShims

/// One line of text as coverage, through FreeType in the title's font (``TitleArtwork/fontPath``):
/// the title above the device and the date of iPadOS's status bar.
struct TextLine {
    var coverage: [UInt8]
    var width: Int
    var height: Int
    /// Rows from the top to the baseline.
    var baseline: Int

    static func render(_ text: String, pixelSize: Int) throws(TitleArtwork.Failure) -> TextLine {
        let codes = text.unicodeScalars.map(\.value)
        var line = sr_text_line()
        let status = codes.withUnsafeBufferPointer {
            sr_text_line_render(TitleArtwork.fontPath, $0.baseAddress, Int32($0.count), Int32(pixelSize), &line)
        }
        guard status == 0 else { throw .freeType(code: status) }
        defer { sr_text_line_free(&line) }
        let count = Int(line.width) * Int(line.height)
        let coverage = count > 0 ? Array(UnsafeBufferPointer(start: line.coverage, count: count)) : []
        return TextLine(coverage: coverage, width: Int(line.width), height: Int(line.height), baseline: Int(line.baseline))
    }

    /// The line as a mask with its top-left pixel at (`x`, `y`).
    func mask(x: Int, y: Int) -> CoverageMask {
        let coverage = self.coverage, width = self.width
        return CoverageMask(x: x, y: y, width: width, height: height) { px, py in Double(coverage[(py - y) * width + (px - x)]) / 255 }
    }
}

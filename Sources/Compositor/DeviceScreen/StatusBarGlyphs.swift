import Geometry

/// The status bar's time and icons as outlines of our own, in points, each with its top-left ink
/// corner at the origin. No font and no Apple artwork: the digits are strokes drawn to SF Pro
/// Semibold's proportions (cap height 0.705 em, stems about a sixth of it), the icons follow the
/// shapes iOS 16 and later show (four bars, three Wi-Fi bands, a battery with a translucent outline).
enum StatusBarGlyphs {
    /// One drawn item: its opaque and translucent parts and the size of its ink.
    struct Item {
        var parts: [(shape: VectorShape, opacity: Double)]
        var size: Size

        /// The item moved so that its ink's top-left corner is at `origin`.
        func placed(at origin: Point) -> [(shape: VectorShape, opacity: Double)] {
            parts.map { (.mapped($0.shape, ChromeTransform(scale: 1, offset: origin)), $0.opacity) }
        }
    }

    // MARK: - "9:41"

    /// "9:41" with digits `capHeight` points tall.
    static func time(capHeight: Double) -> Item {
        // In cap heights: ink widths and the gaps between glyphs.
        let glyphs: [(shape: VectorShape, width: Double)] = [(nine, 0.70), (colon, 0.22), (four, 0.74), (one, 0.45)]
        let gap = 0.13
        var x = 0.0
        var shapes = [VectorShape]()
        for glyph in glyphs {
            shapes.append(.mapped(glyph.shape, ChromeTransform(scale: capHeight, offset: Point(x: x * capHeight, y: 0))))
            x += glyph.width + gap
        }
        return Item(parts: [(.union(shapes), 1)], size: Size(width: (x - gap) * capHeight, height: capHeight))
    }

    /// Half the stem width, in cap heights (Semibold: a stem of about 0.17 cap height).
    private static let stem = 0.088

    /// A bowl (an ellipse) and a tail that falls from its right side and curls to the lower left.
    private static let nine: VectorShape = {
        let bowl = VectorShape.arc(center: Point(x: 0.35, y: 0.34), radiusX: 0.35 - stem, radiusY: 0.34 - stem, from: 0, to: 2 * .pi)
        let tail = [Point(x: 0.70 - stem, y: 0.34)]
            + VectorShape.arc(center: Point(x: 0.30, y: 0.47), radiusX: 0.40 - stem, radiusY: 0.53 - stem, from: 0, to: 2.1)
        return .union([.stroke(bowl, halfWidth: stem, flatStart: false, flatEnd: false),
                       .stroke(tail, halfWidth: stem, flatStart: false, flatEnd: true)])
    }()

    /// Two round dots centred on the digits' height, as a clock's colon sits.
    private static let colon: VectorShape = {
        let radius = 0.11
        return .union([.disc(center: Point(x: radius, y: 0.27), radius: radius), .disc(center: Point(x: radius, y: 0.73), radius: radius)])
    }()

    /// A closed four: a stem, a crossbar through it, and a thinner diagonal from the stem's top.
    private static let four: VectorShape = .union([
        .stroke([Point(x: 0.53, y: 0), Point(x: 0.53, y: 1)], halfWidth: stem, flatStart: true, flatEnd: true),
        .stroke([Point(x: 0, y: 0.71), Point(x: 0.74, y: 0.71)], halfWidth: stem * 0.9, flatStart: true, flatEnd: true),
        .stroke([Point(x: 0.5, y: 0.075), Point(x: 0.075, y: 0.71)], halfWidth: stem * 0.8, flatStart: false, flatEnd: false),
    ])

    /// A stem with a short flag to the upper left, no foot (as SF draws it).
    private static let one: VectorShape = .union([
        .stroke([Point(x: 0.45 - stem, y: 0), Point(x: 0.45 - stem, y: 1)], halfWidth: stem, flatStart: true, flatEnd: true),
        .stroke([Point(x: 0, y: 0.26), Point(x: 0.36, y: 0.045)], halfWidth: stem * 0.8, flatStart: true, flatEnd: true),
    ])

    // MARK: - Icons (points at scale 1; an island iPhone's size)

    /// Four bars rising to the right, full strength.
    static func cellularSignal(scale: Double) -> Item {
        let width = 3.0, pitch = 4.8, heights = [4.0, 6.3, 8.6, 11.0]
        let bars = heights.enumerated().map { index, height in
            VectorShape.roundedRect(Rect(x: Double(index) * pitch, y: 11 - height, width: width, height: height), radius: 1)
        }
        return Item(parts: [(scaled(.union(bars), scale), 1)], size: Size(width: 3 * pitch + width, height: 11) * scale)
    }

    /// Wi-Fi at full strength: a small fan and two bands around the same point, cut along the
    /// lines ±45° from the vertical.
    static func wifi(scale: Double) -> Item {
        let outer = 10.9
        let apex = Point(x: outer * 0.5.squareRoot(), y: outer)
        let wedge = VectorShape.upwardQuarter(apex: apex)
        func band(_ inner: Double, _ outer: Double) -> VectorShape {
            // An arc a little longer than the wedge, so that the wedge cuts both its ends.
            let arc = VectorShape.arc(center: apex, radiusX: (inner + outer) / 2, radiusY: (inner + outer) / 2,
                                      from: -3 * .pi / 4 - 0.2, to: -.pi / 4 + 0.2)
            return .intersecting(.stroke(arc, halfWidth: (outer - inner) / 2, flatStart: false, flatEnd: false), wedge)
        }
        let fan = VectorShape.intersecting(.disc(center: apex, radius: 3.3), wedge)
        let shape = VectorShape.union([fan, band(4.55, 7.05), band(8.4, outer)])
        return Item(parts: [(scaled(shape, scale), 1)], size: Size(width: 2 * apex.x, height: outer) * scale)
    }

    /// A full battery: a translucent outline, the charge inside it, and the terminal's nub.
    static func battery(scale: Double) -> Item {
        let body = Rect(x: 0, y: 0, width: 25, height: 12)
        let outline = VectorShape.subtracting(.roundedRect(body, radius: 4.2),
                                              .roundedRect(Rect(x: 1, y: 1, width: 23, height: 10), radius: 3.2))
        let charge = VectorShape.roundedRect(Rect(x: 2, y: 2, width: 21, height: 8), radius: 2.4)
        let nub = VectorShape.subtracting(.roundedRect(Rect(x: 24.6, y: 4, width: 2.6, height: 4), radius: 1.3),
                                          .roundedRect(body, radius: 4.2))
        return Item(parts: [(scaled(outline, scale), 0.4), (scaled(charge, scale), 1), (scaled(nub, scale), 0.45)],
                    size: Size(width: 27.2, height: 12) * scale)
    }

    private static func scaled(_ shape: VectorShape, _ scale: Double) -> VectorShape {
        scale == 1 ? shape : .mapped(shape, ChromeTransform(scale: scale))
    }
}

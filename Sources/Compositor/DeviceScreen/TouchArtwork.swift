#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster

/// The finger and pointer marks at one pixel scale, rasterized once and centred on pixel corner
/// `(0, 0)`, so that drawing one is a shift to the touch's nearest pixel corner and a blend.
struct TouchArtwork: Sendable {
    let finger: CoverageMask
    /// A thin dark ring at the finger disc's edge: the light disc alone fades into mid-tone
    /// pictures (sky, a photograph), where the ring still draws the circle.
    let fingerRing: CoverageMask
    let pointer: CoverageMask

    /// A finger: a 44-point grey-white disc at half opacity whose edge fades over its outer 3 points,
    /// as "Show Touches" draws it; light enough to see on black and dark enough to see on white.
    static let fingerColor = RGBA(red: 170, green: 170, blue: 175)
    static let fingerDiameter = 44.0
    static let fingerOpacity = 0.5
    static let ringColor = RGBA(red: 40, green: 40, blue: 45)
    static let ringWidth = 1.5
    static let ringOpacity = 0.45
    /// A pointer: iPadOS's round trackpad pointer, a 19-point dark-grey translucent dot.
    static let pointerColor = RGBA(red: 60, green: 60, blue: 64)
    static let pointerDiameter = 19.0
    static let pointerOpacity = 0.6

    init(scale: Double) {
        finger = Self.disc(radius: Self.fingerDiameter / 2 * scale, softEdge: 3 * scale, opacity: Self.fingerOpacity)
        fingerRing = Self.ring(radius: Self.fingerDiameter / 2 * scale, width: Self.ringWidth * scale, opacity: Self.ringOpacity)
        pointer = Self.disc(radius: Self.pointerDiameter / 2 * scale, softEdge: max(1, 0.75 * scale), opacity: Self.pointerOpacity)
    }

    func mask(for kind: TouchMark.Kind) -> CoverageMask {
        kind == .finger ? finger : pointer
    }

    func color(for kind: TouchMark.Kind) -> RGBA {
        kind == .finger ? Self.fingerColor : Self.pointerColor
    }

    /// A band `width` pixels wide just inside `radius`, `opacity` at its middle, anti-aliased at both edges.
    private static func ring(radius: Double, width: Double, opacity: Double) -> CoverageMask {
        let reach = Int(ceil(radius)) + 1
        let half = max(0.5, width / 2), middle = radius - half
        return CoverageMask(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach) { x, y in
            let distance = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).length
            return opacity * min(max(half + 0.5 - abs(distance - middle), 0), 1)
        }
    }

    /// A disc of `radius` pixels, `opacity` inside, falling smoothly to 0 over `softEdge` pixels.
    private static func disc(radius: Double, softEdge: Double, opacity: Double) -> CoverageMask {
        let reach = Int(ceil(radius)) + 1
        return CoverageMask(x: -reach, y: -reach, width: 2 * reach, height: 2 * reach) { x, y in
            let distance = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).length
            let t = min(max((radius - distance) / softEdge, 0), 1)
            return opacity * t * t * (3 - 2 * t)
        }
    }
}

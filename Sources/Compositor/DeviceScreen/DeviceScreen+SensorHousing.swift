import Geometry

extension DeviceScreen {
    /// The black cut-out at the top of a Face ID iPhone's screen: the Dynamic Island (a pill a little
    /// below the edge) or the notch (hanging from the edge, its lower corners rounded).
    public struct SensorHousing: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case dynamicIsland, notch
        }

        public var kind: Kind
        /// Width and height in portrait, in points.
        public var size: Size
        /// From the screen's top edge to the housing's top, in points (0 for a notch).
        public var topOffset: Double
        /// Radius of a notch's lower corners, in points (an island is a pill).
        public var notchCornerRadius: Double
        /// Radius of the small concave curves joining a notch to the screen's top edge, in points.
        public var notchEarRadius: Double

        /// A Dynamic Island of `size`, `topOffset` below the screen's top edge, centred.
        public static func dynamicIsland(size: Size, topOffset: Double) -> SensorHousing {
            SensorHousing(kind: .dynamicIsland, size: size, topOffset: topOffset, notchCornerRadius: 0, notchEarRadius: 0)
        }

        /// A notch of `size` hanging from the screen's top edge, centred. Its lower corners default
        /// to the iPhone X's 20 points, the curves joining it to the edge to an estimated 6.
        public static func notch(size: Size, cornerRadius: Double = 20, earRadius: Double = 6) -> SensorHousing {
            SensorHousing(kind: .notch, size: size, topOffset: 0, notchCornerRadius: cornerRadius, notchEarRadius: earRadius)
        }

        /// The housing's box on a portrait screen `width` points wide (a notch's ears lie beside it).
        public func frame(inScreenWidth width: Double) -> Rect {
            Rect(x: (width - size.width) / 2, y: topOffset, width: size.width, height: size.height)
        }

        /// The housing's outline on a portrait screen `width` points wide, in points.
        func outline(inScreenWidth width: Double) -> VectorShape {
            let box = frame(inScreenWidth: width)
            switch kind {
            case .dynamicIsland:
                return .roundedRect(box, radius: box.height / 2)
            case .notch:
                return notchOutline(box)
            }
        }

        /// A notch: a rectangle from above the edge down to `box.maxY` with rounded lower corners,
        /// and on each side a square of the ear's radius less a disc, blending it into the edge.
        private func notchOutline(_ box: Rect) -> VectorShape {
            let radius = min(notchCornerRadius, box.height, box.width / 2)
            let body = VectorShape.roundedRect(Rect(x: box.minX, y: box.minY - radius, width: box.width, height: box.height + radius),
                                               radius: radius)
            let ear = min(notchEarRadius, box.height - radius)
            guard ear > 0 else { return body }
            let left = VectorShape.subtracting(.roundedRect(Rect(x: box.minX - ear, y: box.minY - ear, width: ear + 1, height: 2 * ear), radius: 0),
                                               .disc(center: Point(x: box.minX - ear, y: box.minY + ear), radius: ear))
            let right = VectorShape.subtracting(.roundedRect(Rect(x: box.maxX - 1, y: box.minY - ear, width: ear + 1, height: 2 * ear), radius: 0),
                                                .disc(center: Point(x: box.maxX + ear, y: box.minY + ear), radius: ear))
            return .union([body, left, right])
        }
    }
}

extension DeviceScreen {
    /// The status bar: the top safe area, and how iOS lays out its time and icons there.
    public struct StatusBar: Sendable, Hashable {
        public enum Layout: String, Sendable, Hashable {
            /// Face ID iPhones: the time left of the sensor housing, the icons right of it.
            case besideSensorHousing
            /// Home-button iPhones: signal and Wi-Fi at the left, the time centred, the battery at the right.
            case centeredTime
            /// iPads: the time at the leading edge, the icons at the trailing edge.
            case leadingTime
        }

        /// The status bar's height in portrait (the top safe area), in points.
        public var height: Double
        /// Its height in landscape; `nil` where iOS hides it there (iPhones).
        public var landscapeHeight: Double?
        public var layout: Layout

        public init(height: Double, landscapeHeight: Double?, layout: Layout) {
            (self.height, self.landscapeHeight, self.layout) = (height, landscapeHeight, layout)
        }
    }
}

extension DeviceScreen {
    /// The bar at the bottom of a screen without a home button: a pill, centred, a little above the edge.
    public struct HomeIndicator: Sendable, Hashable {
        /// Its length in portrait, in points.
        public var width: Double
        /// Its length in landscape, in points.
        public var landscapeWidth: Double
        /// Its thickness, in points (the pill's radius is half of it).
        public var height: Double
        /// From the bar's lower edge to the screen's bottom edge, in points.
        public var bottomOffset: Double

        public init(width: Double, landscapeWidth: Double, height: Double, bottomOffset: Double) {
            (self.width, self.landscapeWidth, self.height, self.bottomOffset) = (width, landscapeWidth, height, bottomOffset)
        }
    }
}

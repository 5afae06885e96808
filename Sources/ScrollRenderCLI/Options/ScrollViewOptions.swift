import ArgumentParser
import Compositor
import Raster
import ScrollPhysics
import ScrollRenderKit

/// The scroll view's properties, named after their UIKit counterparts. Each is optional: only the
/// options given change the settings, so that they override a scenario file's.
struct ScrollViewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("View size in points (default 390x844).", valueName: "WxH"))
    var size: SizeValue?

    @Option(help: ArgumentHelp("Device pixels per point; output pixels = size × scale (default 2).", valueName: "S"))
    var scale: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial contentOffset (default: the top-left of the content).", valueName: "X,Y"))
    var offset: PointValue?

    @Option(parsing: .unconditional, help: ArgumentHelp("contentInset.", valueName: "T,L,B,R"))
    var inset: InsetValue?

    @Option(help: ArgumentHelp("decelerationRate: normal (0.998, default), fast (0.99) or a rate per millisecond.", valueName: "normal|fast|RATE"))
    var deceleration: DecelerationValue?

    @Flag(help: "isPagingEnabled.")
    var paging = false

    @Flag(name: .customLong("no-bounce"), help: "bounces = false: stop hard at the edges.")
    var noBounce = false

    @Flag(help: "alwaysBounceHorizontal.")
    var alwaysBounceHorizontal = false

    @Flag(help: "alwaysBounceVertical.")
    var alwaysBounceVertical = false

    @Option(help: ArgumentHelp("Initial zoomScale (default 1).", valueName: "S"))
    var zoom: Double?

    @Option(name: .customLong("zoom-range"), help: ArgumentHelp("minimumZoomScale:maximumZoomScale (default 1:1, or aspect-fit:4 when a gesture zooms).", valueName: "MIN:MAX"))
    var zoomRange: ZoomRangeValue?

    @Flag(name: .customLong("no-bounce-zoom"), help: "bouncesZoom = false.")
    var noBounceZoom = false

    @Flag(name: .customLong("directional-lock"), help: "isDirectionalLockEnabled.")
    var directionalLock = false

    @Option(help: ArgumentHelp("Scroll indicator style (default: default).", valueName: "default|black|white|none"))
    var indicators: IndicatorsValue?

    @Option(name: .customLong("image-scale"), help: ArgumentHelp("Like UIImage.scale: the picture has 1/S points per pixel (default 1).", valueName: "S"))
    var imageScale: Double?

    @Option(help: ArgumentHelp("A picture shown as a stretchy header above the content.", valueName: "IMAGE"))
    var header: String?

    @Option(name: .customLong("header-stretch"), help: ArgumentHelp("Header height = −contentOffset.y × F while pulled down (default \(StretchyHeader.defaultStretchFactor)).", valueName: "F"))
    var headerStretch: Double?

    @Option(help: ArgumentHelp("Background colour: a name or #RRGGBB[AA] (default white).", valueName: "COLOR"))
    var background: ColorValue?

    /// Sets what was given; leaves everything else as the defaults or the scenario have it.
    func apply(to settings: inout RenderSettings) {
        if let size { settings.viewSize = size.size }
        if let scale { settings.displayScale = scale }
        if let offset { settings.contentOffset = offset.point }
        if let inset { settings.contentInset = inset.insets }
        if let deceleration { settings.decelerationRate = deceleration.rate }
        if paging { settings.isPagingEnabled = true }
        if noBounce { settings.bounces = false }
        if alwaysBounceHorizontal { settings.alwaysBounceHorizontal = true }
        if alwaysBounceVertical { settings.alwaysBounceVertical = true }
        if let zoom { settings.zoomScale = zoom }
        if let zoomRange { settings.zoomRange = zoomRange.minimum...max(zoomRange.minimum, zoomRange.maximum) }
        if noBounceZoom { settings.bouncesZoom = false }
        if directionalLock { settings.isDirectionalLockEnabled = true }
        if let indicators { settings.indicatorStyle = indicators.style }
        if let imageScale { settings.imageScale = imageScale }
        if let header { settings.headerPath = header }
        if let headerStretch { settings.headerStretch = headerStretch }
        if let background { settings.background = background.color }
    }

    func validate() throws {
        if let range = zoomRange, range.minimum > range.maximum {
            throw ValidationError("--zoom-range minimum \(range.minimum) is above the maximum \(range.maximum)")
        }
    }
}

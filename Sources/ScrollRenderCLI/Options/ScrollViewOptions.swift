import ArgumentParser
import Compositor
import Raster
import ScrollPhysics
import ScrollRenderKit

/// The scroll view's properties, named after their UIKit counterparts.
struct ScrollViewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("View size in points.", valueName: "WxH"))
    var size = SizeValue(argument: "390x844")!

    @Option(help: ArgumentHelp("Device pixels per point (output pixels = size × scale).", valueName: "S"))
    var scale = 2.0

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial contentOffset (default: the top-left of the content).", valueName: "X,Y"))
    var offset: PointValue?

    @Option(parsing: .unconditional, help: ArgumentHelp("contentInset.", valueName: "T,L,B,R"))
    var inset: InsetValue?

    @Option(help: ArgumentHelp("decelerationRate: normal (0.998), fast (0.99) or a rate per millisecond.", valueName: "normal|fast|RATE"))
    var deceleration = DecelerationValue(argument: "normal")!

    @Flag(help: "isPagingEnabled.")
    var paging = false

    @Flag(name: .customLong("no-bounce"), help: "bounces = false: stop hard at the edges.")
    var noBounce = false

    @Flag(help: "alwaysBounceHorizontal.")
    var alwaysBounceHorizontal = false

    @Flag(help: "alwaysBounceVertical.")
    var alwaysBounceVertical = false

    @Option(help: ArgumentHelp("Initial zoomScale.", valueName: "S"))
    var zoom = 1.0

    @Option(name: .customLong("zoom-range"), help: ArgumentHelp("minimumZoomScale:maximumZoomScale (default 1:1, or aspect-fit:4 when a gesture zooms).", valueName: "MIN:MAX"))
    var zoomRange: ZoomRangeValue?

    @Flag(name: .customLong("no-bounce-zoom"), help: "bouncesZoom = false.")
    var noBounceZoom = false

    @Flag(name: .customLong("directional-lock"), help: "isDirectionalLockEnabled.")
    var directionalLock = false

    @Option(help: ArgumentHelp("Scroll indicator style.", valueName: "default|black|white|none"))
    var indicators = IndicatorsValue(argument: "default")!

    @Option(name: .customLong("image-scale"), help: ArgumentHelp("Like UIImage.scale: the picture has 1/S points per pixel.", valueName: "S"))
    var imageScale = 1.0

    @Option(help: ArgumentHelp("A picture shown as a stretchy header above the content.", valueName: "IMAGE"))
    var header: String?

    @Option(name: .customLong("header-stretch"), help: ArgumentHelp("Header height = −contentOffset.y × F while pulled down.", valueName: "F"))
    var headerStretch = StretchyHeader.defaultStretchFactor

    @Option(help: ArgumentHelp("Background colour: a name or #RRGGBB[AA].", valueName: "COLOR"))
    var background = ColorValue(argument: "white")!

    func apply(to settings: inout RenderSettings) {
        settings.viewSize = size.size
        settings.displayScale = scale
        settings.contentOffset = offset?.point
        settings.contentInset = inset?.insets ?? .zero
        settings.decelerationRate = deceleration.rate
        settings.isPagingEnabled = paging
        settings.bounces = !noBounce
        settings.alwaysBounceHorizontal = alwaysBounceHorizontal
        settings.alwaysBounceVertical = alwaysBounceVertical
        settings.zoomScale = zoom
        settings.zoomRange = zoomRange.map { $0.minimum...max($0.minimum, $0.maximum) }
        settings.bouncesZoom = !noBounceZoom
        settings.isDirectionalLockEnabled = directionalLock
        settings.indicatorStyle = indicators.style
        settings.imageScale = imageScale
        settings.headerPath = header
        settings.headerStretch = headerStretch
        settings.background = background.color
    }

    func validate() throws {
        if let range = zoomRange, range.minimum > range.maximum {
            throw ValidationError("--zoom-range minimum \(range.minimum) is above the maximum \(range.maximum)")
        }
    }
}

import ArgumentParser
import Compositor
import Geometry
import ScrollPhysics
import ScrollRenderKit

/// The scroll view's properties, named after their UIKit counterparts. Each is optional: only the
/// options given change the settings, so that they override a scenario file's.
struct ScrollViewOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A real device: its view size, scale and safe area (scrollrender devices lists them; case is ignored).", valueName: "NAME"))
    var device: String?

    @Flag(help: "Turn the device to landscape.")
    var landscape = false

    @Option(name: .customLong("safe-area"), parsing: .unconditional,
            help: ArgumentHelp("safeAreaInsets of the view (default: the device's, or none).", valueName: "T,L,B,R"))
    var safeArea: InsetValue?

    @Option(name: .customLong("content-inset-adjustment-behavior"),
            help: ArgumentHelp("How the safe area joins adjustedContentInset (default automatic).", valueName: "automatic|scrollableAxes|never|always"))
    var contentInsetAdjustmentBehavior: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("View size in points (default 390x844).", valueName: "WxH"))
    var size: SizeValue?

    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels per point; output pixels = size × scale (default 2).", valueName: "S"))
    var scale: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial contentOffset (default: the top-left of the content).", valueName: "X,Y"))
    var offset: PointValue?

    @Option(parsing: .unconditional, help: ArgumentHelp("contentInset.", valueName: "T,L,B,R"))
    var inset: InsetValue?

    @Option(parsing: .unconditional, help: ArgumentHelp("decelerationRate: normal (0.998, default), fast (0.99) or a rate per millisecond.", valueName: "normal|fast|RATE"))
    var deceleration: DecelerationValue?

    @Flag(help: "isPagingEnabled.")
    var paging = false

    @Flag(name: .customLong("no-bounce"), help: "bounces = false: stop hard at the edges.")
    var noBounce = false

    @Flag(help: "alwaysBounceHorizontal.")
    var alwaysBounceHorizontal = false

    @Flag(help: "alwaysBounceVertical.")
    var alwaysBounceVertical = false

    @Flag(name: .customLong("no-scroll"), help: "isScrollEnabled = false: touches do not scroll (calls still do).")
    var noScroll = false

    @Flag(name: .customLong("no-scrolls-to-top"), help: "scrollsToTop = false: a status-bar tap does nothing.")
    var noScrollsToTop = false

    @Flag(name: .customLong("no-delay-content-touches"), help: "delaysContentTouches = false: the content gets a touch at once.")
    var noDelayContentTouches = false

    @Flag(name: .customLong("no-cancel-content-touches"), help: "canCancelContentTouches = false: a touch the content has is never taken back by a pan (the view does not scroll).")
    var noCancelContentTouches = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Initial zoomScale (default 1).", valueName: "S"))
    var zoom: Double?

    @Option(name: .customLong("zoom-range"), parsing: .unconditional, help: ArgumentHelp("minimumZoomScale:maximumZoomScale (default 1:1, or aspect-fit:4 when a gesture zooms).", valueName: "MIN:MAX"))
    var zoomRange: ZoomRangeValue?

    @Flag(name: .customLong("no-bounce-zoom"), help: "bouncesZoom = false.")
    var noBounceZoom = false

    @Flag(name: .customLong("directional-lock"), help: "isDirectionalLockEnabled.")
    var directionalLock = false

    @Option(help: ArgumentHelp("Scroll indicator style (default: default).", valueName: "default|black|white|none"))
    var indicators: IndicatorsValue?

    @Option(name: .customLong("indicator-insets"), parsing: .unconditional,
            help: ArgumentHelp("scrollIndicatorInsets: where the indicators' tracks end.", valueName: "T,L,B,R"))
    var indicatorInsets: InsetValue?

    @Option(name: .customLong("snap-interval"), parsing: .unconditional,
            help: ArgumentHelp("The delegate snaps targetContentOffset to multiples of W,H when a drag ends (0: that axis free), as card and photo strips do.", valueName: "W,H"))
    var snapInterval: PointValue?

    @Option(name: .customLong("image-scale"), parsing: .unconditional, help: ArgumentHelp("Like UIImage.scale: the picture has 1/S points per pixel (default 1).", valueName: "S"))
    var imageScale: Double?

    @Option(help: ArgumentHelp("A picture shown as a stretchy header above the content.", valueName: "IMAGE"))
    var header: String?

    @Option(name: .customLong("header-stretch"), parsing: .unconditional, help: ArgumentHelp("Header height = −contentOffset.y × F while pulled down (default \(StretchyHeader.defaultStretchFactor)).", valueName: "F"))
    var headerStretch: Double?

    @Option(help: ArgumentHelp("Background colour: a name or #RRGGBB[AA] (default white).", valueName: "COLOR"))
    var background: String?

    /// The settings given, each with the value read from its option.
    var given: [(Setting, SettingValue)] {
        var values: [(Setting, SettingValue?)] = [
            (.device, device.map { .text($0) }),
            (.safeArea, safeArea.map { .numbers($0.values) }),
            (.contentInsetAdjustmentBehavior, contentInsetAdjustmentBehavior.map { .text($0) }),
            (.size, size.map { .numbers([$0.size.width, $0.size.height]) }),
            (.scale, scale.map { .number($0) }),
            (.offset, offset.map { .numbers([$0.point.x, $0.point.y]) }),
            (.inset, inset.map { .numbers($0.values) }),
            (.deceleration, deceleration?.value),
            (.zoom, zoom.map { .number($0) }),
            (.zoomRange, zoomRange.map { .numbers([$0.minimum, $0.maximum]) }),
            (.indicators, indicators.map { .text($0.name) }),
            (.indicatorInsets, indicatorInsets.map { .numbers($0.values) }),
            (.targetContentOffset, snapInterval.map { .adjustment(.snapInterval(Size(width: $0.point.x, height: $0.point.y))) }),
            (.imageScale, imageScale.map { .number($0) }),
            (.header, header.map { .text($0) }),
            (.headerStretch, headerStretch.map { .number($0) }),
            (.background, background.map { .text($0) }),
        ]
        let flags: [(Setting, Bool, Bool)] = [
            (.landscape, landscape, true), (.paging, paging, true), (.bounces, noBounce, false), (.alwaysBounceHorizontal, alwaysBounceHorizontal, true),
            (.alwaysBounceVertical, alwaysBounceVertical, true), (.scrollEnabled, noScroll, false),
            (.scrollsToTop, noScrollsToTop, false), (.delaysContentTouches, noDelayContentTouches, false),
            (.canCancelContentTouches, noCancelContentTouches, false), (.bouncesZoom, noBounceZoom, false), (.directionalLock, directionalLock, true),
        ]
        values += flags.filter(\.1).map { ($0.0, .flag($0.2)) }
        return values.compactMap { setting, value in value.map { (setting, $0) } }
    }
}

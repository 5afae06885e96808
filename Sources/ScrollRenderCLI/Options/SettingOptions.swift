// Generated from the declarations by Tests/ScrollRenderCLITests/OptionDeclarationTests.swift;
// regenerate with `SCROLLRENDER_REGENERATE=1 swift test --filter OptionDeclarationTests`. Do not edit.
import ArgumentParser
import Geometry
import ScrollRenderKit

/// Every setting's option, from its declaration: `--KEY VALUE` with the scenario key
/// kebab-cased, and for a flag `--KEY` and `--no-KEY` (``SettingArguments`` reads them);
/// the device's screen in its own group, which `scrollrender export` takes too. One
/// line an option: a table of declarations, read across.
struct SettingOptions: ParsableArguments {
    @Option(name: .customLong("device"), parsing: .unconditional, help: Setting.device.argumentHelp, completion: Setting.device.completion) var device: String?
    @Flag(name: .customLong("landscape"), inversion: .prefixedNo, help: Setting.landscape.argumentHelp) var landscape: Bool?
    @Option(name: .customLong("safe-area"), parsing: .unconditional, help: Setting.safeArea.argumentHelp, completion: Setting.safeArea.completion) var safeArea: EdgeInsets?
    @Option(name: .customLong("content-inset-adjustment-behavior"), parsing: .unconditional, help: Setting.contentInsetAdjustmentBehavior.argumentHelp, completion: Setting.contentInsetAdjustmentBehavior.completion) var contentInsetAdjustmentBehavior: String?
    @Option(name: .customLong("size"), parsing: .unconditional, help: Setting.size.argumentHelp, completion: Setting.size.completion) var size: Size?
    @Option(name: .customLong("scale"), parsing: .unconditional, help: Setting.scale.argumentHelp, completion: Setting.scale.completion) var scale: String?
    @Option(name: .customLong("display-rate"), parsing: .unconditional, help: Setting.displayRate.argumentHelp, completion: Setting.displayRate.completion) var displayRate: String?
    @Option(name: .customLong("offset"), parsing: .unconditional, help: Setting.offset.argumentHelp, completion: Setting.offset.completion) var offset: Point?
    @Option(name: .customLong("inset"), parsing: .unconditional, help: Setting.inset.argumentHelp, completion: Setting.inset.completion) var inset: EdgeInsets?
    @Option(name: .customLong("deceleration"), parsing: .unconditional, help: Setting.deceleration.argumentHelp, completion: Setting.deceleration.completion) var deceleration: String?
    @Flag(name: .customLong("paging"), inversion: .prefixedNo, help: Setting.paging.argumentHelp) var paging: Bool?
    @Flag(name: .customLong("bounces"), inversion: .prefixedNo, help: Setting.bounces.argumentHelp) var bounces: Bool?
    @Flag(name: .customLong("no-bounce"), help: .hidden) var noBounce = false
    @Flag(name: .customLong("always-bounce-horizontal"), inversion: .prefixedNo, help: Setting.alwaysBounceHorizontal.argumentHelp) var alwaysBounceHorizontal: Bool?
    @Flag(name: .customLong("always-bounce-vertical"), inversion: .prefixedNo, help: Setting.alwaysBounceVertical.argumentHelp) var alwaysBounceVertical: Bool?
    @Flag(name: .customLong("scroll-enabled"), inversion: .prefixedNo, help: Setting.scrollEnabled.argumentHelp) var scrollEnabled: Bool?
    @Flag(name: .customLong("no-scroll"), help: .hidden) var noScroll = false
    @Flag(name: .customLong("scrolls-to-top"), inversion: .prefixedNo, help: Setting.scrollsToTop.argumentHelp) var scrollsToTop: Bool?
    @Option(name: .customLong("zoom"), parsing: .unconditional, help: Setting.zoom.argumentHelp, completion: Setting.zoom.completion) var zoom: String?
    @Option(name: .customLong("zoom-range"), parsing: .unconditional, help: Setting.zoomRange.argumentHelp, completion: Setting.zoomRange.completion) var zoomRange: String?
    @Flag(name: .customLong("bounces-zoom"), inversion: .prefixedNo, help: Setting.bouncesZoom.argumentHelp) var bouncesZoom: Bool?
    @Flag(name: .customLong("no-bounce-zoom"), help: .hidden) var noBounceZoom = false
    @Flag(name: .customLong("directional-lock"), inversion: .prefixedNo, help: Setting.directionalLock.argumentHelp) var directionalLock: Bool?
    @Option(name: .customLong("indicators"), parsing: .unconditional, help: Setting.indicators.argumentHelp, completion: Setting.indicators.completion) var indicators: String?
    @Option(name: .customLong("indicator-insets"), parsing: .unconditional, help: Setting.indicatorInsets.argumentHelp, completion: Setting.indicatorInsets.completion) var indicatorInsets: EdgeInsets?
    @Flag(name: .customLong("automatically-adjusts-scroll-indicator-insets"), inversion: .prefixedNo, help: Setting.automaticallyAdjustsScrollIndicatorInsets.argumentHelp) var automaticallyAdjustsScrollIndicatorInsets: Bool?
    @Flag(name: .customLong("delays-content-touches"), inversion: .prefixedNo, help: Setting.delaysContentTouches.argumentHelp) var delaysContentTouches: Bool?
    @Flag(name: .customLong("no-delay-content-touches"), help: .hidden) var noDelayContentTouches = false
    @Flag(name: .customLong("can-cancel-content-touches"), inversion: .prefixedNo, help: Setting.canCancelContentTouches.argumentHelp) var canCancelContentTouches: Bool?
    @Flag(name: .customLong("no-cancel-content-touches"), help: .hidden) var noCancelContentTouches = false
    @Option(name: .customLong("snap-interval"), parsing: .unconditional, help: Setting.targetContentOffset.argumentHelp, completion: Setting.targetContentOffset.completion) var snapInterval: String?
    @Option(name: .customLong("image-scale"), parsing: .unconditional, help: Setting.imageScale.argumentHelp, completion: Setting.imageScale.completion) var imageScale: String?
    @Option(name: .customLong("fit"), parsing: .unconditional, help: Setting.fit.argumentHelp, completion: Setting.fit.completion) var fit: String?
    @Flag(name: .customLong("screenshot"), inversion: .prefixedNo, help: Setting.screenshot.argumentHelp) var screenshot: Bool?
    @Option(name: .customLong("header"), parsing: .unconditional, help: Setting.header.argumentHelp, completion: Setting.header.completion) var header: String?
    @Option(name: .customLong("header-stretch"), parsing: .unconditional, help: Setting.headerStretch.argumentHelp, completion: Setting.headerStretch.completion) var headerStretch: String?
    @Option(name: .customLong("background"), parsing: .unconditional, help: Setting.background.argumentHelp, completion: Setting.background.completion) var background: String?
    @OptionGroup var screen: ScreenOptions
    @Option(name: .customLong("fps"), parsing: .unconditional, help: Setting.fps.argumentHelp, completion: Setting.fps.completion) var fps: String?
    @Option(name: .customLong("hold"), parsing: .unconditional, help: Setting.hold.argumentHelp, completion: Setting.hold.completion) var hold: String?
    @Option(name: .customLong("compression"), parsing: .unconditional, help: Setting.compression.argumentHelp, completion: Setting.compression.completion) var compression: String?
    @Flag(name: .customLong("transparent"), inversion: .prefixedNo, help: Setting.transparent.argumentHelp) var transparent: Bool?

    /// Each option given, in the settings' order.
    var given: [(Setting, SettingArgument)] {
        var given: [(Setting, SettingArgument)] = []
        if let device { given.append((.device, .text(device))) }
        if let landscape { given.append((.landscape, .flag(landscape))) }
        if let safeArea { given.append((.safeArea, .value(.insets(safeArea)))) }
        if let contentInsetAdjustmentBehavior { given.append((.contentInsetAdjustmentBehavior, .text(contentInsetAdjustmentBehavior))) }
        if let size { given.append((.size, .value(.size(size)))) }
        if let scale { given.append((.scale, .text(scale))) }
        if let displayRate { given.append((.displayRate, .text(displayRate))) }
        if let offset { given.append((.offset, .value(.point(offset)))) }
        if let inset { given.append((.inset, .value(.insets(inset)))) }
        if let deceleration { given.append((.deceleration, .text(deceleration))) }
        if let paging { given.append((.paging, .flag(paging))) }
        if let bounces { given.append((.bounces, .flag(bounces))) }
        if noBounce { given.append((.bounces, .flag(false))) }
        if let alwaysBounceHorizontal { given.append((.alwaysBounceHorizontal, .flag(alwaysBounceHorizontal))) }
        if let alwaysBounceVertical { given.append((.alwaysBounceVertical, .flag(alwaysBounceVertical))) }
        if let scrollEnabled { given.append((.scrollEnabled, .flag(scrollEnabled))) }
        if noScroll { given.append((.scrollEnabled, .flag(false))) }
        if let scrollsToTop { given.append((.scrollsToTop, .flag(scrollsToTop))) }
        if let zoom { given.append((.zoom, .text(zoom))) }
        if let zoomRange { given.append((.zoomRange, .text(zoomRange))) }
        if let bouncesZoom { given.append((.bouncesZoom, .flag(bouncesZoom))) }
        if noBounceZoom { given.append((.bouncesZoom, .flag(false))) }
        if let directionalLock { given.append((.directionalLock, .flag(directionalLock))) }
        if let indicators { given.append((.indicators, .text(indicators))) }
        if let indicatorInsets { given.append((.indicatorInsets, .value(.insets(indicatorInsets)))) }
        if let automaticallyAdjustsScrollIndicatorInsets { given.append((.automaticallyAdjustsScrollIndicatorInsets, .flag(automaticallyAdjustsScrollIndicatorInsets))) }
        if let delaysContentTouches { given.append((.delaysContentTouches, .flag(delaysContentTouches))) }
        if noDelayContentTouches { given.append((.delaysContentTouches, .flag(false))) }
        if let canCancelContentTouches { given.append((.canCancelContentTouches, .flag(canCancelContentTouches))) }
        if noCancelContentTouches { given.append((.canCancelContentTouches, .flag(false))) }
        if let snapInterval { given.append((.targetContentOffset, .text(snapInterval))) }
        if let imageScale { given.append((.imageScale, .text(imageScale))) }
        if let fit { given.append((.fit, .text(fit))) }
        if let screenshot { given.append((.screenshot, .flag(screenshot))) }
        if let header { given.append((.header, .text(header))) }
        if let headerStretch { given.append((.headerStretch, .text(headerStretch))) }
        if let background { given.append((.background, .text(background))) }
        given += screen.given
        if let fps { given.append((.fps, .text(fps))) }
        if let hold { given.append((.hold, .text(hold))) }
        if let compression { given.append((.compression, .text(compression))) }
        if let transparent { given.append((.transparent, .flag(transparent))) }
        return given
    }
}

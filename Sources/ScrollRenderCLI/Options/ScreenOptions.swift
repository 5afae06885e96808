// Generated from the declarations by Tests/ScrollRenderCLITests/OptionDeclarationTests.swift;
// regenerate with `SCROLLRENDER_REGENERATE=1 swift test --filter OptionDeclarationTests`. Do not edit.
import ArgumentParser
import Geometry
import ScrollRenderKit

/// The device's screen settings' options, from their declarations: part of a render's
/// settings, and what `scrollrender export` may change over the render's. One line an
/// option: a table of declarations, read across.
struct ScreenOptions: ParsableArguments {
    @Flag(name: .customLong("chrome"), inversion: .prefixedNo, help: Setting.chrome.argumentHelp) var chrome: Bool?
    @Option(name: .customLong("status-bar"), parsing: .unconditional, help: Setting.statusBar.argumentHelp, completion: Setting.statusBar.completion) var statusBar: String?
    @Flag(name: .customLong("bezel"), inversion: .prefixedNo, help: Setting.bezel.argumentHelp) var bezel: Bool?
    @Option(name: .customLong("corners"), parsing: .unconditional, help: Setting.corners.argumentHelp, completion: Setting.corners.completion) var corners: String?
    @Flag(name: .customLong("show-touches"), inversion: .prefixedNo, help: Setting.showTouches.argumentHelp) var showTouches: Bool?

    /// Each option given, in the settings' order.
    var given: [(Setting, SettingArgument)] {
        var given: [(Setting, SettingArgument)] = []
        if let chrome { given.append((.chrome, .flag(chrome))) }
        if let statusBar { given.append((.statusBar, .text(statusBar))) }
        if let bezel { given.append((.bezel, .flag(bezel))) }
        if let corners { given.append((.corners, .text(corners))) }
        if let showTouches { given.append((.showTouches, .flag(showTouches))) }
        return given
    }
}

import ArgumentParser
import ScrollRenderKit

/// The device's screen `scrollrender export` draws, over what the render's settings (in the
/// manifest) say. The same settings as a render's, read by their declarations; only `--chrome`
/// means "draw it here" (the default with a device), since an export has no frame files to draw on.
struct ScreenOptions: ParsableArguments {
    @Flag(name: .customLong("chrome"), inversion: .prefixedNo,
          help: "Draw the device's screen over the exports (the default when the frames are a device's); --no-chrome leaves it out.")
    var chrome: Bool?

    @Option(name: .customLong("status-bar"), parsing: .unconditional, help: Setting.statusBar.argumentHelp)
    var statusBar: String?

    @Flag(name: .customLong("bezel"), inversion: .prefixedNo, help: Setting.bezel.argumentHelp)
    var bezel: Bool?

    @Option(name: .customLong("corners"), parsing: .unconditional, help: Setting.corners.argumentHelp)
    var corners: String?

    @Flag(name: .customLong("show-touches"), inversion: .prefixedNo, help: Setting.showTouches.argumentHelp)
    var showTouches: Bool?

    /// The settings given here, each with its value.
    var given: [(Setting, SettingArgument)] {
        var given: [(Setting, SettingArgument)] = []
        if let chrome { given.append((.chrome, .flag(chrome))) }
        if let statusBar { given.append((.statusBar, .text(statusBar))) }
        if let bezel { given.append((.bezel, .flag(bezel))) }
        if let corners { given.append((.corners, .text(corners))) }
        if let showTouches { given.append((.showTouches, .flag(showTouches))) }
        return given
    }

    /// The render's settings with these applied and checked; frames that already show the screen
    /// (rendered with `--chrome`) cannot have it drawn again or taken away. Settings that cannot
    /// work are usage errors naming their options, as a render's are.
    func apply(to settings: RenderSettings, frames: String) throws(CommandFailure) -> RenderSettings {
        let values = try SettingArguments.values(given)
        guard !values.isEmpty else { return settings }
        try reportingErrors { () throws(ScrollRenderError) in
            if settings.chrome == true { throw .conflictingOptions(.screenAlreadyDrawn(frames: frames)) }
        }
        var changed = settings
        do throws(InvalidSettings) {
            for (setting, value) in values {
                // On an export, --chrome is the default: the screen over the exports, not over frames.
                if setting == .chrome, value == .flag(true) { changed.chrome = nil; continue }
                try changed.set(setting, to: value)
            }
            try changed.check()
        } catch {
            throw CommandFailure(message: SettingOrigin(commandLine: Set(values.map(\.0)), scenario: nil, gestures: []).describe(error), status: .usage)
        }
        return changed
    }
}

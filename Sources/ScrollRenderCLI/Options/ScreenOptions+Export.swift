import ArgumentParser
import ScrollRenderKit

/// The device's screen `scrollrender export` draws, over what the render's settings (in the
/// manifest) say: the same options as a render's (``ScreenOptions`` is generated from the
/// settings' declarations); only `--chrome` means "draw it here" (the default with a device),
/// since an export has no frame files to draw on.
extension ScreenOptions {
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

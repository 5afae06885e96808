extension ScrollRenderError {
    /// Temporary: RegressionSuite's one refusal still throws its sentence, until it throws
    /// `.emptyInput(.noSuiteCases(folder:goldensFolder:))` itself. The sentence ("FOLDER holds no
    /// scenario (NAME.json) and no golden (GOLDENS/NAME/manifest.json)") is read back into that case.
    @available(*, deprecated, message: "throw .emptyInput(.noSuiteCases(folder:goldensFolder:))")
    package static func invalidArgument(_ message: String) -> ScrollRenderError {
        let folder = message.components(separatedBy: " holds no scenario").first ?? message
        let goldens = message.components(separatedBy: "no golden (").last?.components(separatedBy: "/NAME/").first ?? "goldens"
        return .emptyInput(.noSuiteCases(folder: folder, goldensFolder: goldens))
    }
}

import ArgumentParser
import ScrollRenderKit

/// A setting's option as ArgumentParser read it: a flag's value, a value ArgumentParser typed
/// (a size, point or insets), or an option's text.
enum SettingArgument: Sendable {
    case flag(Bool)
    case value(SettingValue)
    case text(String)
}

/// The settings' options (``SettingOptions``, generated from the settings' declarations): each
/// option's text read into its setting's value by the declaration's own spelling, in the
/// settings' order, so that no setting is declared a second time for the command line.
enum SettingArguments {
    /// The settings `options` give, each with its value; a text not of its setting's form is a
    /// usage error naming the option.
    static func values(_ options: SettingOptions) throws(CommandFailure) -> [(Setting, SettingValue)] {
        try values(options.given)
    }

    /// The values of settings given as arguments, in the order given.
    static func values(_ given: [(Setting, SettingArgument)]) throws(CommandFailure) -> [(Setting, SettingValue)] {
        var values: [(Setting, SettingValue)] = []
        for (setting, argument) in given {
            switch argument {
            case .flag(let flag): values.append((setting, .flag(flag)))
            case .value(let value): values.append((setting, value))
            case .text(let text):
                guard let value = setting.declaration.value(parsing: text) else {
                    throw CommandFailure(message: "\(setting.optionName): expected \(setting.declaration.valueName ?? "a value"), not \"\(text)\"",
                                         status: .usage)
                }
                values.append((setting, value))
            }
        }
        return values
    }
}

extension Setting {
    /// The key kebab-cased (`alwaysBounceHorizontal` → `always-bounce-horizontal`), or the
    /// declaration's own name.
    var optionStem: String {
        declaration.flagName ?? Self.kebabCased(rawValue)
    }

    /// `--KEY`.
    var optionName: String { "--" + optionStem }

    /// The option errors name: `--KEY`, or `--no-KEY` for a flag that is on by default.
    var option: String {
        if case .flag(true)? = RenderSettings().value(of: self) { return "--no-" + optionStem }
        return optionName
    }

    /// Its help line for `--help`, with any earlier spellings still read.
    var argumentHelp: ArgumentHelp {
        let aliases = declaration.aliases.map { "--" + $0 }
        let text = declaration.help + (aliases.isEmpty ? "" : " Also \(aliases.joined(separator: ", ")).")
        return ArgumentHelp(text, valueName: declaration.shape == .flag ? nil : declaration.valueName)
    }

    /// What a shell offers after the option: its names, the catalog's devices, or files for a
    /// picture.
    var completion: CompletionKind {
        switch (self, declaration.shape) {
        case (.device, _): .list(Device.catalog.map(\.name))
        case (.header, _): .file(extensions: ["jpg", "jpeg", "png"])
        case (_, .name(let names)), (_, .numberOrName(let names)): .list(names)
        default: .default
        }
    }

    static func kebabCased(_ name: String) -> String {
        name.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }
}

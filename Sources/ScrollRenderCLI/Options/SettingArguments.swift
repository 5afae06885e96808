import ScrollRenderKit

/// The settings' options, made from their declarations (``Setting/declaration``): `--KEY VALUE`
/// with the scenario key kebab-cased (`--indicator-insets 0,0,34,0`), and for a flag both `--KEY`
/// and `--no-KEY`. Like the gestures, they are taken out of the arguments in one pass before
/// ArgumentParser sees the rest, so that no setting is declared a second time as an option.
struct SettingArguments {
    /// The settings given, in order, each with the value read from its option.
    private(set) var given: [(Setting, SettingValue)] = []
    /// The arguments without the settings' options, for ArgumentParser.
    private(set) var remaining: [String] = []

    /// Splits `arguments` (those of the render command) into settings and the rest.
    init(parsing arguments: [String]) throws(CommandFailure) {
        var given: [(Setting, SettingValue)] = []
        remaining = try ArgumentScan.take(from: arguments, kind: { name in
            Self.spellings[name].map { $0.1 == nil ? .value : .flag }
        }) { name, text throws(CommandFailure) in
            let (setting, flag) = Self.spellings[name]!
            guard let text else { return given.append((setting, .flag(flag!))) }
            guard let value = setting.declaration.value(parsing: text) else {
                throw ArgumentScan.failure(name, "expected \(setting.declaration.valueName ?? "a value"), not \"\(text)\"")
            }
            given.append((setting, value))
        }
        self.given = given
    }

    /// Every spelling: a setting, and for a flag the value it sets.
    static let spellings: [String: (Setting, Bool?)] = {
        var table: [String: (Setting, Bool?)] = [:]
        for setting in Setting.allCases {
            let declaration = setting.declaration
            let name = "--" + setting.optionStem
            if declaration.shape == .flag {
                table[name] = (setting, true)
                table["--no-" + setting.optionStem] = (setting, false)
            } else {
                table[name] = (setting, nil)
            }
            for alias in declaration.aliases {
                table["--" + alias] = (setting, declaration.shape == .flag ? !alias.hasPrefix("no-") : nil)
            }
        }
        return table
    }()

    /// The settings' part of `--help`, from their declarations: each option with its help
    /// wrapped under a hanging indent, so that ArgumentParser's 80 columns keep the layout.
    static var help: String {
        let column = 30, width = 79
        let lines = Setting.allCases.flatMap { setting -> [String] in
            let declaration = setting.declaration
            let spelling = "  " + setting.option + (declaration.valueName.map { " " + $0 } ?? "")
            let aliases = declaration.aliases.map { "--" + $0 }
            let text = declaration.help + (aliases.isEmpty ? "" : " Also \(aliases.joined(separator: ", ")).")
            var wrapped = wrap(text, width: width - column)
            let indent = String(repeating: " ", count: column)
            if spelling.count <= column - 2 {
                wrapped[0] = spelling + String(repeating: " ", count: column - spelling.count) + wrapped[0]
                return [wrapped[0]] + wrapped.dropFirst().map { indent + $0 }
            }
            return [spelling] + wrapped.map { indent + $0 }
        }
        return "Settings (each is also a scenario's settings key; --no-X turns a flag off):\n" + lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}

extension Setting {
    /// The key kebab-cased (`alwaysBounceHorizontal` → `always-bounce-horizontal`), or the
    /// declaration's own name.
    var optionStem: String {
        declaration.flagName ?? rawValue.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }

    /// The option errors name: `--KEY`, or `--no-KEY` for a flag that is on by default.
    var option: String {
        if case .flag(true)? = RenderSettings().value(of: self) { return "--no-" + optionStem }
        return "--" + optionStem
    }
}

import Foundation
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport
@testable import ScrollRenderCLI

/// Every option reaches ArgumentParser from its one declaration — the settings' (`Setting.declaration`)
/// and the gestures' (`GestureDeclaration.all`) — through two generated files, so that `--help`,
/// completion scripts, `--experimental-dump-help` and did-you-mean cover them all. This suite
/// writes those files (`SCROLLRENDER_REGENERATE=1 swift test --filter OptionDeclarationTests`) and
/// fails when they no longer match the declarations.
@Suite struct OptionDeclarationTests {
    static let options = TestFiles.packageRoot.appendingPathComponent("Sources/ScrollRenderCLI/Options")

    @Test(arguments: [("SettingOptions.swift", OptionSource.settingOptions), ("ScreenOptions.swift", OptionSource.screenOptions),
                      ("GestureOptions.swift", OptionSource.gestureOptions)])
    func theGeneratedOptionsMatchTheDeclarations(file: String, source: @Sendable () -> String) throws {
        let url = Self.options.appendingPathComponent(file)
        let expected = source()
        if ProcessInfo.processInfo.environment["SCROLLRENDER_REGENERATE"] == "1" {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == expected, "\(file) is out of date: SCROLLRENDER_REGENERATE=1 swift test --filter OptionDeclarationTests")
    }

    /// What ArgumentParser knows of the render command (`--experimental-dump-help`): each option's
    /// names, value name and help, by its first long name.
    static func dump() throws -> [String: (names: Set<String>, valueName: String?, abstract: String)] {
        let result = ScrollrenderCommand.run(["render", "--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let arguments = try #require((json["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var options: [String: (Set<String>, String?, String)] = [:]
        for argument in arguments {
            let names = Set(((argument["names"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String })
            guard let first = ((argument["names"] as? [[String: Any]]) ?? []).first?["name"] as? String else { continue }
            options[first] = (names, argument["valueName"] as? String, argument["abstract"] as? String ?? "")
        }
        return options
    }

    /// The dump holds every setting and gesture as its declaration states it: `--KEY` (and `--no-KEY`
    /// for a flag), the value's spelling, the help line.
    @Test func theOptionsDumpIsTheDeclarations() throws {
        let dump = try Self.dump()
        for setting in Setting.allCases {
            let option = try #require(dump[setting.optionStem], "\(setting.optionStem) is missing from the dump")
            let declaration = setting.declaration
            #expect(option.abstract.hasPrefix(declaration.help), "\(setting)")
            if declaration.shape == .flag {
                #expect(dump["no-" + setting.optionStem] != nil, "\(setting): no --no-\(setting.optionStem)")
            } else {
                #expect(option.valueName == declaration.valueName, "\(setting)")
            }
            for alias in declaration.aliases { #expect(dump[alias] != nil, "\(alias)") }
        }
        for gesture in GestureDeclaration.all {
            let option = try #require(dump[gesture.name], "\(gesture.name) is missing from the dump")
            #expect(option.abstract == gesture.help && option.valueName == (gesture.valueName ?? gesture.name), "\(gesture.name)")
        }
    }

    /// Completion scripts and did-you-mean know every option.
    @Test func completionAndSuggestionsCoverEveryOption() throws {
        let bash = ScrollrenderCommand.run(["--generate-completion-script", "bash"]).standardOutput
        for name in Setting.allCases.map(\.optionStem) + GestureDeclaration.all.map(\.name) {
            #expect(bash.contains("--" + name), "--\(name)")
        }
        let typo = ScrollrenderCommand.run(["--flingg", "800", "a.jpg", "out"])
        #expect(typo.status == 64 && typo.standardError.contains("Did you mean '--fling'?"), "\(typo.standardError)")
        let setting = ScrollrenderCommand.run(["--decelleration", "fast", "a.jpg", "out"])
        #expect(setting.standardError.contains("Did you mean '--deceleration'?"), "\(setting.standardError)")
    }
}

/// The Swift source of the options, from the declarations.
enum OptionSource {
    static let header = """
        // Generated from the declarations by Tests/ScrollRenderCLITests/OptionDeclarationTests.swift;
        // regenerate with `SCROLLRENDER_REGENERATE=1 swift test --filter OptionDeclarationTests`. Do not edit.
        import ArgumentParser
        import Geometry
        import ScrollRenderKit


        """

    /// Every setting but the screen's, which come in through their own group at their place.
    @Sendable static func settingOptions() -> String {
        var properties: [String] = [], given: [String] = []
        for setting in Setting.allCases {
            if setting == Setting.screen.first {
                properties.append("""
                        @OptionGroup var screen: ScreenOptions
                    """)
                given.append("        given += screen.given")
            }
            guard !Setting.screen.contains(setting) else { continue }
            option(setting, properties: &properties, given: &given)
        }
        return header + """
            /// Every setting's option, from its declaration: `--KEY VALUE` with the scenario key
            /// kebab-cased, and for a flag `--KEY` and `--no-KEY` (``SettingArguments`` reads them);
            /// the device's screen in its own group, which `scrollrender export` takes too. One
            /// line an option: a table of declarations, read across.
            struct SettingOptions: ParsableArguments {
            \(properties.joined(separator: "\n"))

                /// Each option given, in the settings' order.
                var given: [(Setting, SettingArgument)] {
                    var given: [(Setting, SettingArgument)] = []
            \(given.joined(separator: "\n"))
                    return given
                }
            }

            """
    }

    /// The device's screen settings (``Setting/screen``), a group of their own.
    @Sendable static func screenOptions() -> String {
        var properties: [String] = [], given: [String] = []
        for setting in Setting.screen { option(setting, properties: &properties, given: &given) }
        return header + """
            /// The device's screen settings' options, from their declarations: part of a render's
            /// settings, and what `scrollrender export` may change over the render's. One line an
            /// option: a table of declarations, read across.
            struct ScreenOptions: ParsableArguments {
            \(properties.joined(separator: "\n"))

                /// Each option given, in the settings' order.
                var given: [(Setting, SettingArgument)] {
                    var given: [(Setting, SettingArgument)] = []
            \(given.joined(separator: "\n"))
                    return given
                }
            }

            """
    }

    /// A setting's option (and its hidden earlier spellings) and its line of `given`: a flag, a
    /// value ArgumentParser types (size, point, insets), or text its declaration reads.
    static func option(_ setting: Setting, properties: inout [String], given: inout [String]) {
        let declaration = setting.declaration
        let name = property(setting.optionStem)
        if declaration.shape == .flag {
            properties.append("""
                    @Flag(name: .customLong("\(setting.optionStem)"), inversion: .prefixedNo, help: Setting.\(setting.rawValue).argumentHelp) var \(name): Bool?
                """)
            given.append("        if let \(name) { given.append((.\(setting.rawValue), .flag(\(name)))) }")
        } else if let (type, shape) = typed[declaration.shape] {
            properties.append("""
                    @Option(name: .customLong("\(setting.optionStem)"), parsing: .unconditional, help: Setting.\(setting.rawValue).argumentHelp, completion: Setting.\(setting.rawValue).completion) var \(name): \(type)?
                """)
            given.append("        if let \(name) { given.append((.\(setting.rawValue), .value(.\(shape)(\(name))))) }")
        } else {
            properties.append("""
                    @Option(name: .customLong("\(setting.optionStem)"), parsing: .unconditional, help: Setting.\(setting.rawValue).argumentHelp, completion: Setting.\(setting.rawValue).completion) var \(name): String?
                """)
            given.append("        if let \(name) { given.append((.\(setting.rawValue), .text(\(name)))) }")
        }
        for alias in declaration.aliases {
            properties.append("""
                    @Flag(name: .customLong("\(alias)"), help: .hidden) var \(property(alias)) = false
                """)
            given.append("        if \(property(alias)) { given.append((.\(setting.rawValue), .flag(\(!alias.hasPrefix("no-"))))) }")
        }
    }

    /// The shapes ArgumentParser reads as values of their own type (``GeometryArguments``), with
    /// the ``SettingValue`` case each makes.
    static let typed: [SettingValue.Shape: (type: String, shape: String)] = [
        .size: ("Size", "size"), .point: ("Point", "point"), .insets: ("EdgeInsets", "insets"),
    ]

    @Sendable static func gestureOptions() -> String {
        var properties: [String] = [], cases: [String] = []
        for (index, gesture) in GestureDeclaration.all.enumerated() {
            let name = property(gesture.name)
            if gesture.valueName == nil {
                properties.append("""
                        @Flag(name: .customLong("\(gesture.name)"), help: GestureDeclaration.all[\(index)].argumentHelp)
                        var \(name): Int
                    """)
                cases.append("        case \"\(gesture.name)\": Array(repeating: nil, count: \(name))")
            } else {
                properties.append("""
                        @Option(name: .customLong("\(gesture.name)"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[\(index)].argumentHelp)
                        var \(name): [String] = []
                    """)
                cases.append("        case \"\(gesture.name)\": \(name)")
            }
        }
        let center = GestureDeclaration.pinchCenter
        properties.append("""
                @Option(name: .customLong("\(center.name)"), parsing: .unconditional, help: ArgumentHelp(GestureDeclaration.pinchCenter.help, valueName: "\(center.valueName)"))
                var \(property(center.name)): String?
            """)
        return header + """
            /// Every gesture's option, from its declaration (``GestureArguments`` puts them in order).
            struct GestureOptions: ParsableArguments {
            \(properties.joined(separator: "\n\n"))

                /// The values given to a gesture's option, in order (a flag's are nil).
                func values(of gesture: GestureDeclaration) -> [String?] {
                    switch gesture.name {
            \(cases.joined(separator: "\n"))
                    default: []
                    }
                }
            }

            """
    }

    /// `no-bounce` → `noBounce`.
    static func property(_ option: String) -> String {
        let parts = option.split(separator: "-")
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
    }
}

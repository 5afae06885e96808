import Foundation
import Geometry
import ScrollPhysics

/// Everything about one setting, in one place: the form of its value, its one line of help, how
/// it is written as text, and the property it reads and writes. The scenario reader and writer,
/// the manifest and the command line all work from it, so that a new property is one
/// declaration in ``Setting/declaration``.
public struct SettingDeclaration {
    /// What a value looks like.
    public let shape: SettingValue.Shape
    /// One line for `--help` and the docs: what the setting does, in UIKit's words.
    public let help: String
    /// How a value is written as text (`WxH`, `T,L,B,R`, `N`); `nil` for flags.
    public let valueName: String?
    /// The command-line name when it is not the key kebab-cased (`snap-interval`).
    public let flagName: String?
    /// Earlier command-line spellings still read (`no-bounce` for `bounces` off).
    public let aliases: [String]
    /// The setting's current value; `nil` when it has none (no device, no header).
    let read: (RenderSettings) -> SettingValue?
    /// Sets the property from a value of the right form, or says which form was expected.
    let write: (inout RenderSettings, SettingValue, SettingReader) throws(InvalidSettings) -> Void

    init(_ shape: SettingValue.Shape, _ help: String, valueName: String? = nil,
         flagName: String? = nil, aliases: [String] = [],
         read: @escaping (RenderSettings) -> SettingValue?,
         write: @escaping (inout RenderSettings, SettingValue, SettingReader) throws(InvalidSettings) -> Void) {
        (self.shape, self.help, self.valueName) = (shape, help, valueName ?? shape.spelling)
        (self.flagName, self.aliases, self.read, self.write) = (flagName, aliases, read, write)
    }

    /// The value a text form (a command-line argument) gives, or `nil` when it is not of the form.
    public func value(parsing text: String) -> SettingValue? {
        shape.value(parsing: text)
    }

    // MARK: - Declarations of the common kinds

    typealias Path<Value> = WritableKeyPath<RenderSettings, Value>

    static func flag(_ path: Path<Bool>, _ help: String, aliases: [String] = []) -> Self {
        Self(.flag, help, aliases: aliases, read: { .flag($0[keyPath: path]) }) { s, _, r throws(InvalidSettings) in
            s[keyPath: path] = try r.flag()
        }
    }

    static func number(_ path: Path<Double>, _ help: String, valueName: String) -> Self {
        Self(.number, help, valueName: valueName, read: { .number($0[keyPath: path]) }) { s, _, r throws(InvalidSettings) in
            s[keyPath: path] = try r.number()
        }
    }

    static func point(_ path: Path<Point>, _ help: String) -> Self {
        Self(.point, help, read: { .point($0[keyPath: path]) }) { s, _, r throws(InvalidSettings) in
            s[keyPath: path] = try r.point()
        }
    }

    static func insets(_ path: Path<EdgeInsets>, _ help: String) -> Self {
        Self(.insets, help, read: { .insets($0[keyPath: path]) }) { s, _, r throws(InvalidSettings) in
            s[keyPath: path] = try r.insets()
        }
    }

    /// One of a `RawRepresentable`'s names.
    static func name<Value: RawRepresentable & CaseIterable>(_ path: Path<Value>, _ help: String) -> Self where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return Self(.name(names), help, read: { .text($0[keyPath: path].rawValue) }) { s, _, r throws(InvalidSettings) in
            s[keyPath: path] = Value(rawValue: try r.name())!
        }
    }
}

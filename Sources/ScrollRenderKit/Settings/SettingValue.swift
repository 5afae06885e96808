import Geometry
import ScrollPhysics

/// A setting's value as a reader found it, in the type the setting holds, before the setting's
/// rule checks it: the command line spells a point `X,Y`, a scenario `[x, y]`, and both give a
/// ``Point``.
public enum SettingValue: Sendable, Hashable {
    case number(Double)
    case point(Point)
    case size(Size)
    case insets(EdgeInsets)
    case zoomScales(ZoomScaleRange)
    case flag(Bool)
    case text(String)
    case adjustment(TargetContentOffsetAdjustment)

    /// The forms a setting accepts.
    public enum Shape: Sendable, Hashable {
        case number
        case point
        case size
        case insets
        case zoomScales
        case flag
        case text
        /// One of these names.
        case name([String])
        case numberOrName([String])
        /// A `targetContentOffset` change: `{"snapInterval": [w, h]}`, `{"snapTo": [[x, y], …]}` or `{"offset": [x, y]}`.
        case adjustment

        /// How a value is written on the command line (`WxH`); nil for flags.
        public var spelling: String? {
            switch self {
            case .number: "N"
            case .point: "X,Y"
            case .size: "WxH"
            case .insets: "T,L,B,R"
            case .zoomScales: "MIN:MAX"
            case .flag: nil
            case .text: "TEXT"
            case .name(let names): names.joined(separator: "|")
            case .numberOrName(let names): (names + ["N"]).joined(separator: "|")
            case .adjustment: "W,H"
            }
        }

        /// The value a command-line spelling gives, or nil when it is not of this form.
        public func value(parsing text: String) -> SettingValue? {
            switch self {
            case .number: return Double(text).map(SettingValue.number)
            case .point: return Self.numbers(text, ",", 2).map { .point(Point(x: $0[0], y: $0[1])) }
            case .size: return Self.numbers(text.lowercased(), "x", 2).map { .size(Size(width: $0[0], height: $0[1])) }
            case .insets: return Self.numbers(text, ",", 4).map { .insets(EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3])) }
            case .zoomScales: return Self.numbers(text, ":", 2).map { .zoomScales(ZoomScaleRange(minimum: $0[0], maximum: $0[1])) }
            case .flag: return ["true": true, "false": false][text].map(SettingValue.flag)
            case .text, .name: return .text(text)
            case .numberOrName: return Double(text).map(SettingValue.number) ?? .text(text.lowercased())
            case .adjustment: return Self.numbers(text, ",", 2).map { .adjustment(.snapInterval(Size(width: $0[0], height: $0[1]))) }
            }
        }

        /// Exactly `count` numbers separated by `separator` (`0,40,10,40`); nil otherwise.
        static func numbers(_ text: String, _ separator: Character, _ count: Int) -> [Double]? {
            let items = text.split(separator: separator, omittingEmptySubsequences: false)
            let numbers = items.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            return numbers.count == items.count && numbers.count == count ? numbers : nil
        }
    }
}

/// `minimumZoomScale` and `maximumZoomScale` as one value, unchecked: the setting's rule says
/// whether the minimum is above the maximum.
public struct ZoomScaleRange: Sendable, Hashable {
    public var minimum: Double
    public var maximum: Double

    public init(minimum: Double, maximum: Double) {
        (self.minimum, self.maximum) = (minimum, maximum)
    }
}

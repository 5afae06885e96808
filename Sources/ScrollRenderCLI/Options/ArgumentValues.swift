import ArgumentParser
import Foundation
import Geometry
import ScrollPhysics
import ScrollRenderKit

/// Command-line spellings of geometry and colours. A value that does not parse is refused by
/// ArgumentParser with the option's name, as a usage error (exit 64).

/// A value with the spelling its parse errors show.
protocol SpelledArgument: ExpressibleByArgument {
    static var spelling: String { get }
}

/// `X,Y`.
struct PointValue: SpelledArgument, Sendable {
    static let spelling = "X,Y"
    var point: Point
    init?(argument: String) {
        guard let numbers = NumberList(argument, separator: ","), numbers.values.count == 2 else { return nil }
        point = Point(x: numbers.values[0], y: numbers.values[1])
    }
}

/// `V` (vertical) or `VX,VY`, for `--fling`.
struct VelocityValue: SpelledArgument, Sendable {
    static let spelling = "V or VX,VY"
    var velocity: Point
    init?(argument: String) {
        guard let numbers = NumberList(argument, separator: ",") else { return nil }
        switch numbers.values.count {
        case 1: velocity = Point(x: 0, y: numbers.values[0])
        case 2: velocity = Point(x: numbers.values[0], y: numbers.values[1])
        default: return nil
        }
    }
}

/// `WxH`.
struct SizeValue: ExpressibleByArgument, Sendable {
    var size: Size
    init?(argument: String) {
        guard let numbers = NumberList(argument.lowercased(), separator: "x"), numbers.values.count == 2 else { return nil }
        size = Size(width: numbers.values[0], height: numbers.values[1])
    }
}

/// `T,L,B,R`, as `UIEdgeInsets(top:left:bottom:right:)`.
struct InsetValue: ExpressibleByArgument, Sendable {
    var values: [Double]
    init?(argument: String) {
        guard let n = NumberList(argument, separator: ","), n.values.count == 4 else { return nil }
        values = n.values
    }
}

/// `X,Y,W,H`.
struct RectValue: SpelledArgument, Sendable {
    static let spelling = "X,Y,W,H"
    var rect: Rect
    init?(argument: String) {
        guard let n = NumberList(argument, separator: ","), n.values.count == 4 else { return nil }
        rect = Rect(x: n.values[0], y: n.values[1], width: n.values[2], height: n.values[3])
    }
}

/// `MIN:MAX`, for `--zoom-range`.
struct ZoomRangeValue: ExpressibleByArgument, Sendable {
    var minimum: Double
    var maximum: Double
    init?(argument: String) {
        guard let n = NumberList(argument, separator: ":"), n.values.count == 2 else { return nil }
        minimum = n.values[0]
        maximum = n.values[1]
    }
}

/// `normal`, `fast` or a per-millisecond rate such as `0.995`.
struct DecelerationValue: ExpressibleByArgument, Sendable {
    var value: SettingValue
    init?(argument: String) {
        let name = argument.lowercased()
        if ["normal", "fast"].contains(name) {
            value = .text(name)
        } else if let rate = Double(argument) {
            value = .number(rate)
        } else {
            return nil
        }
    }
    static let allValueStrings = ["normal", "fast", "RATE"]
}

/// `default`, `black`, `white` or `none`.
struct IndicatorsValue: ExpressibleByArgument, Sendable {
    var name: String
    init?(argument: String) {
        guard Self.allValueStrings.contains(argument) else { return nil }
        name = argument
    }
    static let allValueStrings = ["default", "black", "white", "none"]
}

/// Numbers separated by one character; `nil` if any part is not a number.
struct NumberList {
    var values: [Double]
    init?(_ text: String, separator: Character) {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        var values: [Double] = []
        for part in parts {
            guard let value = Double(part.trimmingCharacters(in: .whitespaces)) else { return nil }
            values.append(value)
        }
        self.values = values
    }
}

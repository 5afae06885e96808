import ArgumentParser
import Foundation
import Geometry
import Raster
import ScrollPhysics

/// Command-line spellings of geometry and colours. A value that does not parse is refused by
/// ArgumentParser with the option's name, as a usage error (exit 64).

/// `X,Y`.
struct PointValue: ExpressibleByArgument, Sendable {
    var point: Point
    init?(argument: String) {
        guard let numbers = NumberList(argument, separator: ","), numbers.values.count == 2 else { return nil }
        point = Point(x: numbers.values[0], y: numbers.values[1])
    }
}

/// `V` (vertical) or `VX,VY`, for `--fling`.
struct VelocityValue: ExpressibleByArgument, Sendable {
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
    var insets: EdgeInsets
    init?(argument: String) {
        guard let n = NumberList(argument, separator: ","), n.values.count == 4 else { return nil }
        insets = EdgeInsets(top: n.values[0], left: n.values[1], bottom: n.values[2], right: n.values[3])
    }
}

/// `X,Y,W,H`.
struct RectValue: ExpressibleByArgument, Sendable {
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
    var rate: Double
    init?(argument: String) {
        switch argument.lowercased() {
        case "normal": rate = DecelerationRate.normal.rawValue
        case "fast": rate = DecelerationRate.fast.rawValue
        default:
            guard let value = Double(argument) else { return nil }
            rate = value
        }
    }
    static let allValueStrings = ["normal", "fast", "RATE"]
}

/// `default`, `black`, `white` or `none`.
struct IndicatorsValue: ExpressibleByArgument, Sendable {
    var style: ScrollIndicatorStyle?
    init?(argument: String) {
        if argument == "none" {
            style = nil
        } else if let style = ScrollIndicatorStyle(rawValue: argument) {
            self.style = style
        } else {
            return nil
        }
    }
    static let allValueStrings = ["default", "black", "white", "none"]
}

/// A colour name or `#RRGGBB[AA]`.
struct ColorValue: ExpressibleByArgument, Sendable {
    var color: RGBA
    init?(argument: String) {
        guard let color = RGBA(hex: argument) else { return nil }
        self.color = color
    }
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

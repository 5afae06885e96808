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
        guard let n = SettingDeclaration.numbers(argument, separator: ","), n.count == 2 else { return nil }
        point = Point(x: n[0], y: n[1])
    }
}

/// `V` (vertical) or `VX,VY`, for `--fling`.
struct VelocityValue: SpelledArgument, Sendable {
    static let spelling = "V or VX,VY"
    var velocity: Point
    init?(argument: String) {
        guard let n = SettingDeclaration.numbers(argument, separator: ",") else { return nil }
        switch n.count {
        case 1: velocity = Point(x: 0, y: n[0])
        case 2: velocity = Point(x: n[0], y: n[1])
        default: return nil
        }
    }
}

/// `X,Y,W,H`.
struct RectValue: SpelledArgument, Sendable {
    static let spelling = "X,Y,W,H"
    var rect: Rect
    init?(argument: String) {
        guard let n = SettingDeclaration.numbers(argument, separator: ","), n.count == 4 else { return nil }
        rect = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
}

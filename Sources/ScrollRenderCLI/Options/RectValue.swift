import ArgumentParser
import Geometry

/// `X,Y,W,H` on the command line (`diff --mask`); a value that does not parse is refused by
/// ArgumentParser with the option's name, as a usage error (exit 64).
struct RectValue: ExpressibleByArgument, Sendable {
    static let spelling = "X,Y,W,H"
    var rect: Rect

    init?(argument: String) {
        guard let n = GestureDeclaration.numbers(argument, 4) else { return nil }
        rect = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
}

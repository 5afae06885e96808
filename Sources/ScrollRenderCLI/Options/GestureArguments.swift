import Geometry
import ScrollPhysics

/// The gestures of a command line, in the order given. ArgumentParser keeps each option's values
/// in order but not the order between options, so the order is read from the arguments
/// themselves, which ArgumentParser has already parsed and checked (``GestureOptions``).
enum GestureArguments {
    /// A gesture's step and the option that gave it, for naming it in errors.
    struct GivenStep {
        var option: String
        var step: TimelineStep
    }

    /// The pause between one gesture coming to rest and the next starting.
    static let pause = 0.1

    /// The steps of `options`, ordered as `arguments` give them: the first at once, each later one
    /// a moment after the previous has come to rest.
    static func steps(_ options: GestureOptions, arguments: [String]) throws(CommandFailure) -> [GivenStep] {
        var taken: [String: Int] = [:]
        var steps: [GivenStep] = []
        let pinchCenter = try options.pinchCenter.map { text throws(CommandFailure) in
            guard let point = GestureDeclaration.point(text) else { throw failure("--pinch-center", "expected X,Y, not \"\(text)\"") }
            return point
        }
        for declaration in order(in: arguments) {
            let values = options.values(of: declaration)
            let index = taken[declaration.name, default: 0]
            taken[declaration.name] = index + 1
            guard index < values.count else { continue }
            guard var action = declaration.action(values[index]) else {
                throw failure(declaration.option, "expected \(declaration.valueName ?? "no value"), not \"\(values[index] ?? "")\"")
            }
            if case .pinch(let scale, .none, let duration) = action, let pinchCenter {
                action = .pinch(scale: scale, center: pinchCenter, duration: duration)
            }
            steps.append(GivenStep(option: declaration.option, step: TimelineStep(action, start: steps.isEmpty ? .at(0) : .afterRest(pause))))
        }
        return steps
    }

    /// The gesture options in `arguments`, in order, up to `--`; the value after a gesture's
    /// option is its value, whatever it looks like.
    static func order(in arguments: [String]) -> [GestureDeclaration] {
        var found: [GestureDeclaration] = []
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let token = arguments[index]
            let parts = token.split(separator: "=", maxSplits: 1)
            index += 1
            guard let name = parts.first, let declaration = GestureDeclaration.named(String(name)) else { continue }
            found.append(declaration)
            if declaration.valueName != nil && parts.count == 1 { index += 1 }
        }
        return found
    }

    static func failure(_ option: String, _ problem: String) -> CommandFailure {
        CommandFailure(message: "\(option): \(problem)", status: .usage)
    }
}

import Geometry
import ScrollPhysics

/// The gesture options, in the order they were given. ArgumentParser keeps each option's values
/// in order but not the order between options, so gestures are taken out of the arguments in one
/// pass before ArgumentParser sees the rest: this is the only parser of gesture options.
struct GestureArguments {
    /// A gesture step and the option that gave it, for naming it in errors.
    struct Gesture {
        var option: String
        var step: TimelineStep
    }

    /// The gestures, in order: the first at once, each later one a moment after the previous has come to rest.
    private(set) var gestures: [Gesture] = []
    /// The arguments without the gesture options, for ArgumentParser.
    private(set) var remaining: [String] = []

    /// The pause between one gesture coming to rest and the next starting.
    static let pause = 0.1
    static let flagOptions: Set<String> = ["--scroll-to-top"]
    static let valueOptions: Set<String> = ["--fling", "--drag", "--trackpad-fling", "--trackpad-drag", "--pinch", "--pinch-center", "--page", "--scroll-to", "--zoom-to", "--tap"]

    /// Splits `arguments` (those of the render command) into gestures and the rest.
    init(parsing arguments: [String]) throws(CommandFailure) {
        var actions: [(option: String, action: TimelineStep.Action)] = []
        var pinchCenter: Point?
        remaining = try ArgumentScan.take(from: arguments, kind: { name in
            Self.flagOptions.contains(name) ? .flag : Self.valueOptions.contains(name) ? .value : nil
        }) { name, value throws(CommandFailure) in
            guard let value else { return actions.append((name, .scrollToTop)) }
            if name == "--pinch-center" {
                pinchCenter = try Self.parse(PointValue.self, value, name).point
            } else {
                actions.append((name, try Self.action(name, value)))
            }
        }
        gestures = actions.enumerated().map { position, entry in
            var action = entry.action
            if case .pinch(let scale, .none, let duration) = action, let pinchCenter {
                action = .pinch(scale: scale, center: pinchCenter, duration: duration)
            }
            return Gesture(option: entry.option, step: TimelineStep(action, start: position == 0 ? .at(0) : .afterRest(Self.pause)))
        }
    }

    /// The command-line spelling of each gesture as a timeline action.
    private static func action(_ option: String, _ value: String) throws(CommandFailure) -> TimelineStep.Action {
        switch option {
        case "--fling": return .fling(velocity: try parse(VelocityValue.self, value, option).velocity)
        case "--drag":
            return .drag(translation: try parse(PointValue.self, value, option).point, hold: TimelineStep.Action.defaultDragHold, duration: nil)
        case "--trackpad-fling": return .trackpad(.fling(velocity: try parse(VelocityValue.self, value, option).velocity))
        case "--trackpad-drag":
            return .trackpad(.drag(translation: try parse(PointValue.self, value, option).point, hold: TimelineStep.Action.defaultDragHold,
                                   duration: nil))
        case "--pinch":
            guard let scale = Double(value) else { throw failure(option, "expected a scale factor, not \"\(value)\"") }
            return .pinch(scale: scale, center: nil, duration: nil)
        case "--page":
            guard let pages = Int(value) else { throw failure(option, "expected a whole number of pages, not \"\(value)\"") }
            return .page(pages)
        case "--scroll-to": return .scrollTo(try parse(PointValue.self, value, option).point, animated: true)
        case "--tap": return .tap(try parse(PointValue.self, value, option).point)
        default: return .zoomTo(try parse(RectValue.self, value, option).rect, animated: true)
        }
    }

    private static func parse<Value: SpelledArgument>(_ type: Value.Type, _ text: String, _ option: String) throws(CommandFailure) -> Value {
        guard let value = Value(argument: text) else { throw failure(option, "expected \(Value.spelling), not \"\(text)\"") }
        return value
    }

    static func failure(_ option: String, _ problem: String) -> CommandFailure {
        ArgumentScan.failure(option, problem)
    }
}

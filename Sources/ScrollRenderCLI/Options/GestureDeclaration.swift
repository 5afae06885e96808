import ArgumentParser
import Geometry
import ScrollPhysics
import ScrollRenderKit

/// One gesture option, declared once: its name, how its value is spelt, its help line, and the
/// timeline action it gives. The gestures' options (``GestureOptions``, generated from these) and
/// their reading in order (``GestureArguments``) both work from this table.
struct GestureDeclaration: Sendable {
    /// The option without its dashes (`fling`).
    let name: String
    /// How the value is written (`V|VX,VY`); nil for a flag.
    let valueName: String?
    let help: String
    /// The action a value gives (a flag gets nil), or nil when the value is not of its form.
    let action: @Sendable (String?) -> TimelineStep.Action?

    var option: String { "--" + name }

    /// The gestures, in the order `--help` lists them.
    static let all: [GestureDeclaration] = [
        GestureDeclaration(name: "fling", valueName: "V|VX,VY",
                           help: "Fling with this release velocity in pt/s (V vertical); positive moves toward the end of the content.") {
            velocity($0).map { .fling(velocity: $0) }
        },
        GestureDeclaration(name: "drag", valueName: "DX,DY", help: "Drag by DX,DY points, hold still and lift (no fling).") {
            point($0).map { .drag(translation: $0, hold: TimelineStep.Action.defaultDragHold, duration: nil) }
        },
        GestureDeclaration(name: "trackpad-fling", valueName: "V|VX,VY",
                           help: "The same flick with two fingers on a trackpad (iPadOS, Mac Catalyst).") {
            velocity($0).map { .trackpad(.fling(velocity: $0)) }
        },
        GestureDeclaration(name: "trackpad-drag", valueName: "DX,DY", help: "Pan by DX,DY points on a trackpad, hold still and lift.") {
            point($0).map { .trackpad(.drag(translation: $0, hold: TimelineStep.Action.defaultDragHold, duration: nil)) }
        },
        GestureDeclaration(name: "pinch", valueName: "S", help: "Pinch to multiply the zoom scale by S (around --pinch-center).") {
            $0.flatMap(Double.init).map { .pinch(scale: $0, center: nil, duration: nil) }
        },
        GestureDeclaration(name: "page", valueName: "N", help: "Turn paging on and swipe N pages (negative: back).") {
            $0.flatMap { Int($0) }.map { .page($0) }
        },
        GestureDeclaration(name: "scroll-to", valueName: "X,Y", help: "Animated setContentOffset(_:animated:).") {
            point($0).map { .scrollTo($0, animated: true) }
        },
        GestureDeclaration(name: "zoom-to", valueName: "X,Y,W,H", help: "Animated zoom(to:animated:) to a rect of the content.") {
            numbers($0, 4).map { .zoomTo(Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]), animated: true) }
        },
        GestureDeclaration(name: "scroll-to-top", valueName: nil, help: "Tap the status bar.") { _ in .scrollToTop },
        GestureDeclaration(name: "tap", valueName: "X,Y", help: "Tap a point of the view: the content hears the touch.") {
            point($0).map { .tap($0) }
        },
    ]

    /// Not a gesture: where the pinches happen.
    static let pinchCenter = (name: "pinch-center", valueName: "X,Y", help: "Where pinches happen, in view points (default: the middle).")

    static func named(_ option: String) -> GestureDeclaration? {
        all.first { $0.option == option }
    }

    var argumentHelp: ArgumentHelp { ArgumentHelp(help, valueName: valueName) }

    // MARK: - Spellings

    static func numbers(_ text: String?, _ count: Int) -> [Double]? {
        guard let text else { return nil }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = items.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return numbers.count == items.count && numbers.count == count ? numbers : nil
    }

    static func point(_ text: String?) -> Point? {
        numbers(text, 2).map { Point(x: $0[0], y: $0[1]) }
    }

    /// `V` (vertical) or `VX,VY`.
    static func velocity(_ text: String?) -> Point? {
        if let vertical = numbers(text, 1) { return Point(x: 0, y: vertical[0]) }
        return point(text)
    }
}

import ArgumentParser
import ScrollPhysics
import ScrollRenderKit

/// The gesture options. Values may be negative, so each takes the next argument unconditionally.
struct GestureOptions: ParsableArguments {
    @Option(name: .customLong("fling"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Fling with this release velocity in pt/s (V vertical, or VX,VY); positive moves toward the end of the content.", valueName: "V|VX,VY"))
    var flings: [VelocityValue] = []

    @Option(name: .customLong("drag"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Drag the finger by DX,DY points, hold still and lift (no fling): pulls past an edge.", valueName: "DX,DY"))
    var drags: [PointValue] = []

    @Option(name: .customLong("pinch"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Pinch to multiply the zoom scale by S.", valueName: "S"))
    var pinches: [Double] = []

    @Option(name: .customLong("pinch-center"), parsing: .unconditional,
            help: ArgumentHelp("Where the pinch happens, in view points (default: the centre).", valueName: "X,Y"))
    var pinchCenter: PointValue?

    @Option(name: .customLong("page"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Turn paging on and swipe N pages (negative: back), horizontally when the content scrolls horizontally.", valueName: "N"))
    var pages: [Int] = []

    @Option(name: .customLong("scroll-to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Animated setContentOffset(_:animated:) to X,Y.", valueName: "X,Y"))
    var scrollTos: [PointValue] = []

    @Option(name: .customLong("zoom-to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Animated zoom(to:animated:) to a rect of the content.", valueName: "X,Y,W,H"))
    var zoomTos: [RectValue] = []

    @Flag(name: .customLong("scroll-to-top"), help: "Tap the status bar: scroll to top.")
    var scrollToTops: Int

    /// The pause between one gesture coming to rest and the next starting.
    static let pause = 0.1

    var isEmpty: Bool {
        flings.isEmpty && drags.isEmpty && pinches.isEmpty && pages.isEmpty && scrollTos.isEmpty && zoomTos.isEmpty && scrollToTops == 0
    }

    /// The gestures as steps in command-line order (the first at once, each later one a moment after
    /// the previous has come to rest); `kinds` lists the option names as they appeared.
    func steps(orderedBy kinds: [String]) -> [Step] {
        ordered(by: kinds).enumerated().map { index, gesture in
            Step(gesture, start: index == 0 ? .at(0) : .afterRest(Self.pause))
        }
    }

    func ordered(by kinds: [String]) -> [Gesture] {
        var queues: [String: [Gesture]] = [
            "--fling": flings.map { .fling(velocity: $0.velocity) },
            "--drag": drags.map { .drag(translation: $0.point, hold: Gesture.defaultDragHold, duration: nil) },
            "--pinch": pinches.map { .pinch(scale: $0, center: pinchCenter?.point, duration: nil) },
            "--page": pages.map { .page($0) },
            "--scroll-to": scrollTos.map { .scrollTo($0.point, animated: true) },
            "--zoom-to": zoomTos.map { .zoomTo($0.rect, animated: true) },
            "--scroll-to-top": Array(repeating: .scrollToTop, count: scrollToTops),
        ]
        var gestures: [Gesture] = []
        for kind in kinds where !(queues[kind]?.isEmpty ?? true) {
            gestures.append(queues[kind]!.removeFirst())
        }
        // Anything the raw scan missed (e.g. when run without raw arguments) follows in a fixed order.
        for kind in GestureOrder.optionNames { gestures += queues[kind] ?? [] }
        return gestures
    }
}

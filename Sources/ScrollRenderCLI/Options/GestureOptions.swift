// Generated from the declarations by Tests/ScrollRenderCLITests/OptionDeclarationTests.swift;
// regenerate with `SCROLLRENDER_REGENERATE=1 swift test --filter OptionDeclarationTests`. Do not edit.
import ArgumentParser
import Geometry
import ScrollRenderKit

/// Every gesture's option, from its declaration (``GestureArguments`` puts them in order).
struct GestureOptions: ParsableArguments {
    @Option(name: .customLong("fling"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[0].argumentHelp)
    var fling: [String] = []

    @Option(name: .customLong("drag"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[1].argumentHelp)
    var drag: [String] = []

    @Option(name: .customLong("trackpad-fling"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[2].argumentHelp)
    var trackpadFling: [String] = []

    @Option(name: .customLong("trackpad-drag"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[3].argumentHelp)
    var trackpadDrag: [String] = []

    @Option(name: .customLong("pinch"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[4].argumentHelp)
    var pinch: [String] = []

    @Option(name: .customLong("page"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[5].argumentHelp)
    var page: [String] = []

    @Option(name: .customLong("scroll-to"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[6].argumentHelp)
    var scrollTo: [String] = []

    @Option(name: .customLong("zoom-to"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[7].argumentHelp)
    var zoomTo: [String] = []

    @Flag(name: .customLong("scroll-to-top"), help: GestureDeclaration.all[8].argumentHelp)
    var scrollToTop: Int

    @Option(name: .customLong("tap"), parsing: .unconditionalSingleValue, help: GestureDeclaration.all[9].argumentHelp)
    var tap: [String] = []

    @Option(name: .customLong("pinch-center"), parsing: .unconditional, help: ArgumentHelp(GestureDeclaration.pinchCenter.help, valueName: "X,Y"))
    var pinchCenter: String?

    /// The values given to a gesture's option, in order (a flag's are nil).
    func values(of gesture: GestureDeclaration) -> [String?] {
        switch gesture.name {
        case "fling": fling
        case "drag": drag
        case "trackpad-fling": trackpadFling
        case "trackpad-drag": trackpadDrag
        case "pinch": pinch
        case "page": page
        case "scroll-to": scrollTo
        case "zoom-to": zoomTo
        case "scroll-to-top": Array(repeating: nil, count: scrollToTop)
        case "tap": tap
        default: []
        }
    }
}

import Geometry
@testable import ScrollRenderCLI
import ScrollPhysics
import ScrollRenderKit
import Testing

/// Gestures keep the order in which they were typed, negative values and `--opt=value` included,
/// and options map onto the one scroll-view configuration.
@Suite struct GestureOrderTests {
    /// The render command `arguments` make, as `scrollrender` parses them.
    static func render(_ arguments: [String]) throws -> Render {
        try #require(try Scrollrender.parseAsRoot(arguments) as? Render)
    }

    /// The gestures `arguments` give, in order.
    static func gestures(_ arguments: [String]) throws -> [GestureArguments.GivenStep] {
        try GestureArguments.steps(render(arguments).gestures, arguments: arguments)
    }

    /// The settings the render command builds from `arguments`, as `scrollrender` runs it.
    static func settings(_ arguments: [String]) throws -> RenderSettings {
        let render = try render(arguments)
        return try render.request(gestures: GestureArguments.steps(render.gestures, arguments: arguments),
                                  given: SettingArguments.values(render.settings)).settings
    }

    @Test func interleavedGesturesKeepTheirOrder() throws {
        let steps = try Self.settings(["--fling", "800", "--drag", "0,300", "--fling", "-500", "in.png", "out"]).steps
        #expect(steps.map(\.action) == [
            .fling(velocity: Point(x: 0, y: 800)),
            .drag(translation: Point(x: 0, y: 300), hold: TimelineStep.Action.defaultDragHold, duration: nil),
            .fling(velocity: Point(x: 0, y: -500)),
        ])
        #expect(steps.map(\.start) == [.at(0), .afterRest(GestureArguments.pause), .afterRest(GestureArguments.pause)])
    }

    @Test func equalsFormsAndNegativeValuesAreGestures() throws {
        let arguments = ["--size", "100x100", "--drag=-10,40", "--fling=800", "--scroll-to-top", "--fling", "-5,-900",
                         "--page", "-2", "--pinch", "0.5", "--pinch-center=-3,4", "a.jpg", "out"]
        let parsed = try Self.gestures(arguments)
        #expect(parsed.map(\.option) == ["--drag", "--fling", "--scroll-to-top", "--fling", "--page", "--pinch"])
        #expect(parsed.map(\.step.action) == [
            .drag(translation: Point(x: -10, y: 40), hold: TimelineStep.Action.defaultDragHold, duration: nil),
            .fling(velocity: Point(x: 0, y: 800)), .scrollToTop, .fling(velocity: Point(x: -5, y: -900)), .page(-2),
            .pinch(scale: 0.5, center: Point(x: -3, y: 4), duration: nil),
        ])
        #expect(try Self.render(arguments).settings.given.map(\.0) == [.size])
    }

    @Test func argumentsAfterDoubleDashAreNotGestures() throws {
        let arguments = ["--fling", "800", "in.png", "--", "--fling"]
        #expect(try Self.gestures(arguments).count == 1)
        #expect(try Self.render(arguments).outdir == "--fling")
    }

    @Test(arguments: [
        (["--fling", "abc"], "--fling: expected V|VX,VY, not \"abc\""),
        (["--page", "1.5"], "--page: expected N, not \"1.5\""),
        (["--zoom-to", "1,2,3"], "--zoom-to: expected X,Y,W,H"),
        (["--pinch", "2", "--pinch-center", "x"], "--pinch-center: expected X,Y"),
    ])
    func malformedGesturesNameTheirOption(arguments: [String], message: String) throws {
        do {
            _ = try Self.gestures(arguments + ["a.jpg", "out"])
            Issue.record("\(arguments) was read")
        } catch let error as CommandFailure {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.status == .usage)
        }
    }

    /// ArgumentParser itself refuses what no gesture can take.
    @Test(arguments: [["--fling"], ["--scroll-to-top=1"]])
    func malformedOptionsAreUsageErrors(arguments: [String]) throws {
        #expect(Scrollrender.run(arguments: arguments + ["a.jpg", "out"]) == ExitStatus.usage.rawValue)
    }

    @Test func optionsMapOntoTheScrollView() throws {
        let settings = try Self.settings(["--size", "320x480", "--scale", "3", "--inset", "10,0,20,0", "--deceleration", "fast",
                                          "--zoom-range", "0.5:2", "--indicators", "none", "--no-bounce", "--background", "#102030",
                                          "--no-scroll", "--no-scrolls-to-top", "--indicator-insets", "1,2,3,4", "i.png", "o"])
        let view = settings.scrollView
        #expect(view.boundsSize == Size(width: 320, height: 480))
        #expect(view.displayScale == 3)
        #expect(view.contentInset == EdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        #expect(view.decelerationRate == .fast)
        #expect(view.minimumZoomScale == 0.5 && view.maximumZoomScale == 2)
        #expect(!view.showsVerticalScrollIndicator && !view.showsHorizontalScrollIndicator)
        #expect(!view.bounces && !view.isScrollEnabled && !view.scrollsToTop)
        #expect(view.scrollIndicatorInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(settings.background.hexString == "#102030ff")
    }

    /// Every declared setting is read from its option, kebab-cased from its scenario key, and a
    /// flag from both `--KEY` and `--no-KEY`.
    @Test(arguments: Setting.allCases)
    func everySettingIsReadFromItsOption(_ setting: Setting) throws {
        let declaration = setting.declaration
        let option = "--" + setting.optionStem
        #expect(setting.optionStem == setting.rawValue.replacing(/[A-Z]/) { "-" + $0.output.lowercased() } || declaration.flagName != nil)
        let text: String? = switch declaration.shape {
        case .flag: nil
        case .number: "2"
        case .point: "1,2"
        case .size: "1x2"
        case .insets: "1,2,3,4"
        case .zoomScales: "1:2"
        case .name(let names): names.last!
        case .numberOrName: "0.995"
        case .text: setting == .device ? "iPhone 15" : setting == .background ? "#102030" : "h.jpg"
        case .adjustment: "0,150"
        }
        func given(_ arguments: [String]) throws -> [(Setting, SettingValue)] {
            try SettingArguments.values(Self.render(arguments + ["a.jpg", "out"]).settings)
        }
        if let text {
            #expect(try given([option, text]).map(\.0) == [setting], "\(option) \(text)")
        } else {
            let on = try given([option]), off = try given(["--no-" + setting.optionStem])
            #expect(on.first?.1 == .flag(true) && off.first?.1 == .flag(false), "\(option)")
        }
    }

    /// Every setting is reachable from the command line under the option its errors name.
    @Test(arguments: Setting.allCases)
    func everySettingHasItsOption(_ setting: Setting) {
        let help = Render.helpMessage(columns: 400)
        let option = SettingOrigin.option(for: setting)
        #expect([" ", "\n", "/"].contains { help.contains(option + $0) } || help.contains("/" + option), "\(option)")
    }
}

@testable import ScrollRenderCLI
import ScrollPhysics
import ScrollRenderKit
import Testing

/// Every rule on settings and steps, through both doors: the command line names the option, a
/// scenario file the key path, and both say the same thing in the setting's own words.
@Suite struct SettingRuleTests {
    struct Rule: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var option: String
        var json: String
        var keyPath: String
        var problem: String
        var testDescription: String { option }
    }

    static let rules: [Rule] = [
        Rule(arguments: ["--size", "0x100"], option: "--size", json: #"{"settings": {"size": [0, 100]}}"#,
             keyPath: "settings.size", problem: "the view's width and height must be positive"),
        Rule(arguments: ["--scale", "0"], option: "--scale", json: #"{"settings": {"scale": 0}}"#,
             keyPath: "settings.scale", problem: "the display scale must be positive"),
        Rule(arguments: ["--size", "10x10", "--scale", "200"], option: "--scale",
             json: #"{"settings": {"size": [10, 10], "scale": 200}}"#, keyPath: "settings.scale",
             problem: "the display scale must be between 0.01 and 10.0"),
        Rule(arguments: ["--size", "10000x10"], option: "--size", json: #"{"settings": {"size": [10000, 10]}}"#,
             keyPath: "settings.size", problem: "the frames would be 20000 pixels on a side, over the limit of 16384"),
        Rule(arguments: ["--offset", "1e20,0"], option: "--offset", json: #"{"settings": {"offset": [1e20, 0]}}"#,
             keyPath: "settings.offset", problem: "the content offset must be within ±1000000 pt"),
        Rule(arguments: ["--inset", "0,0,1e7,0"], option: "--inset", json: #"{"settings": {"inset": [0, 0, 1e7, 0]}}"#,
             keyPath: "settings.inset", problem: "the content inset must be within ±1000000 pt"),
        Rule(arguments: ["--indicator-insets", "0,-1e9,0,0"], option: "--indicator-insets",
             json: #"{"settings": {"indicatorInsets": [0, -1e9, 0, 0]}}"#, keyPath: "settings.indicatorInsets",
             problem: "the indicator insets must be within ±1000000 pt"),
        Rule(arguments: ["--deceleration", "1.5"], option: "--deceleration", json: #"{"settings": {"deceleration": 1.5}}"#,
             keyPath: "settings.deceleration", problem: "a deceleration rate must be normal, fast or a rate per millisecond between 0 and 1"),
        Rule(arguments: ["--zoom", "1e-300"], option: "--zoom", json: #"{"settings": {"zoom": 1e-300}}"#,
             keyPath: "settings.zoom", problem: "the zoom scale must be between 0.001 and 1000"),
        Rule(arguments: ["--zoom-range", "3:1"], option: "--zoom-range", json: #"{"settings": {"zoomRange": [3, 1]}}"#,
             keyPath: "settings.zoomRange", problem: "the minimum zoom scale 3.0 is above the maximum 1.0"),
        Rule(arguments: ["--zoom-range", "1e-300:1e-300"], option: "--zoom-range", json: #"{"settings": {"zoomRange": [1e-300, 1e-300]}}"#,
             keyPath: "settings.zoomRange", problem: "the minimum zoom scale must be between 0.001 and 1000"),
        Rule(arguments: ["--image-scale", "1e300"], option: "--image-scale", json: #"{"settings": {"imageScale": 1e300}}"#,
             keyPath: "settings.imageScale", problem: "the picture's scale must be between 0.01 and 100.0"),
        Rule(arguments: ["--header-stretch", "-1"], option: "--header-stretch", json: #"{"settings": {"headerStretch": -1}}"#,
             keyPath: "settings.headerStretch", problem: "the header's stretch factor must be between 0.0 and 100.0"),
        Rule(arguments: ["--background", "#00000080"], option: "--background", json: ##"{"settings": {"background": "#00000080"}}"##,
             keyPath: "settings.background", problem: "the background #00000080 is not opaque"),
        Rule(arguments: ["--fps", "0"], option: "--fps", json: #"{"settings": {"fps": 0}}"#,
             keyPath: "settings.fps", problem: "the frame rate must be positive, not 0.0"),
        Rule(arguments: ["--fps", "5000"], option: "--fps", json: #"{"settings": {"fps": 5000}}"#,
             keyPath: "settings.fps", problem: "the frame rate must be between 0.0 and 1000.0"),
        Rule(arguments: ["--hold", "-1"], option: "--hold", json: #"{"settings": {"hold": -1}}"#,
             keyPath: "settings.hold", problem: "the hold after rest (seconds) must be between 0.0 and 3600.0"),
        Rule(arguments: ["--compression", "12"], option: "--compression", json: #"{"settings": {"compression": 12}}"#,
             keyPath: "settings.compression", problem: "the zlib compression level must be 0–9, not 12"),
        Rule(arguments: ["--snap-interval", "0,0"], option: "--snap-interval",
             json: #"{"settings": {"targetContentOffset": {"snapInterval": [0, 0]}}}"#, keyPath: "settings.targetContentOffset",
             problem: "a snap interval needs a positive width or height"),
        Rule(arguments: ["--snap-interval", "0,-5"], option: "--snap-interval",
             json: #"{"settings": {"targetContentOffset": {"snapInterval": [0, -5]}}}"#, keyPath: "settings.targetContentOffset",
             problem: "a snap interval must be zero or more"),
        Rule(arguments: ["--fling", "0.000001"], option: "--fling", json: #"{"timeline": [{"fling": 0.000001}]}"#,
             keyPath: "timeline[0].fling", problem: "a fling's speed must be between 1 and 100000 pt/s"),
        Rule(arguments: ["--paging", "--fling", "1e308"], option: "--fling", json: #"{"timeline": [{"fling": 1e308}]}"#,
             keyPath: "timeline[0].fling", problem: "a fling's speed must be between 1 and 100000 pt/s"),
        Rule(arguments: ["--drag", "0,1e12"], option: "--drag", json: #"{"timeline": [{"drag": {"by": [0, 1e12]}}]}"#,
             keyPath: "timeline[0].drag.by", problem: "a drag's translation must be within ±100000 pt"),
        Rule(arguments: ["--pinch", "1e-300"], option: "--pinch", json: #"{"timeline": [{"pinch": {"scale": 1e-300}}]}"#,
             keyPath: "timeline[0].pinch.scale", problem: "a pinch's scale must be between 0.001 and 1000"),
        Rule(arguments: ["--page", "0"], option: "--page", json: #"{"timeline": [{"page": 0}]}"#,
             keyPath: "timeline[0].page", problem: "a page step needs a non-zero number of pages"),
        Rule(arguments: ["--page", "100000"], option: "--page", json: #"{"timeline": [{"page": 100000}]}"#,
             keyPath: "timeline[0].page", problem: "a page step turns at most 100 pages"),
        Rule(arguments: ["--scroll-to", "0,1e12"], option: "--scroll-to", json: #"{"timeline": [{"scrollTo": [0, 1e12]}]}"#,
             keyPath: "timeline[0].scrollTo", problem: "a content offset must be within ±1000000 pt"),
        Rule(arguments: ["--zoom-to", "0,0,0,10"], option: "--zoom-to", json: #"{"timeline": [{"zoomTo": [0, 0, 0, 10]}]}"#,
             keyPath: "timeline[0].zoomTo", problem: "a rect's width and height must be positive"),
    ]

    @Test(arguments: rules)
    func commandLineNamesTheOption(_ rule: Rule) {
        do {
            _ = try GestureOrderTests.settings(rule.arguments + ["in.png", "out"])
            Issue.record("\(rule.arguments) was accepted")
        } catch let failure as CommandFailure {
            #expect(failure.message.hasPrefix("\(rule.option): \(rule.problem)"), "\(failure.message)")
            #expect(failure.status == .usage)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: rules)
    func scenarioNamesTheKeyPath(_ rule: Rule) {
        let message = ScenarioTests.message(rule.json)
        #expect(message.hasPrefix("test.json: \(rule.keyPath): \(rule.problem)"), "\(message)")
    }

    /// Steps only a scenario has: waits, start times, paths.
    @Test(arguments: [
        (#"{"timeline": [{"wait": 4000}]}"#, "timeline[0].wait: a wait must be at most 3600 seconds"),
        (#"{"timeline": [{"fling": 800, "at": -1}]}"#, "timeline[0].at: a step's start time must be zero or more seconds"),
        (#"{"timeline": [{"fling": 800}, {"hold": 0.1, "after": 1e9}]}"#, "timeline[1].after: a step's delay must be at most 3600 seconds"),
        (#"{"timeline": [{"drag": {"by": [0, 10], "duration": 0}}]}"#, "timeline[0].drag.duration: a drag's duration must be positive seconds"),
        (#"{"timeline": [{"drag": {"path": [[0, 1, 1], [1, 1e9, 2]]}}]}"#, "timeline[0].drag.path[1]: a path point must be within ±1000000 pt"),
        (#"{"timeline": [{"hold": 0}]}"#, "timeline[0].hold: a touch's duration must be positive seconds"),
    ])
    func scenarioOnlyStepRules(json: String, expected: String) {
        #expect(ScenarioTests.message(json).hasPrefix("test.json: \(expected)"), "\(ScenarioTests.message(json))")
    }

    /// A combination names the settings the command line gave, and the scenario's key otherwise.
    @Test func mergedSettingsNameWhereEachCameFrom() throws {
        let failure = #expect(throws: CommandFailure.self) {
            _ = try GestureOrderTests.settings(["--transparent", "--background", "#00000080", "--size", "10000x10", "in.png", "out"])
        }
        #expect(failure?.message.hasPrefix("--size: the frames would be 20000 pixels") == true, "\(failure?.message ?? "")")
    }
}

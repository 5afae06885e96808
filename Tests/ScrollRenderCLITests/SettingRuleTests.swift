@testable import ScrollRenderCLI
import ScrollPhysics
import ScrollRenderKit
import Testing
import Foundation
import _ScrollRenderTestSupport

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

    /// The rules, from `SettingRules.tsv` beside this file.
    static let rules: [Rule] = {
        let path = TestFiles.packageRoot.appendingPathComponent("Tests/ScrollRenderCLITests/SettingRules.tsv").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Rule(arguments: columns[0].split(separator: " ").map(String.init), option: columns[1], json: columns[2],
                        keyPath: columns[3], problem: columns[4])
        }
    }()

    /// The table read whole: a file that went missing or lost its tabs would leave the two tests below nothing to run.
    @Test func everyRuleIsRead() {
        #expect(Self.rules.count == 28 && Self.rules.allSatisfy { $0.option.hasPrefix("--") && $0.json.hasPrefix("{") && !$0.problem.isEmpty })
    }

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

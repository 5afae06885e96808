import FileSystem
import FrameDiff
import GoldenCheck
import ScrollRenderKit

extension RegressionSuite {
    /// How a suite's cases are checked: the picture and the comparison options the command line
    /// gives (over each scenario's own, over the suite's defaults), and what may be recorded.
    public struct CheckPlan: Sendable {
        /// The picture a case scrolls when neither its scenario nor the suite's defaults name one.
        public var picture: String?
        /// The command line's comparison options: they win over a scenario's `check`, which wins
        /// over the suite's defaults.
        public var comparison = ComparisonOverrides()
        public var record: RecordMode = .never
        /// Render at the scenarios' own scale and rate instead of compact for review.
        public var fullResolution = false
        /// What new goldens hold: keyframes and the motion of every frame (light enough for git),
        /// every frame, or the motion alone.
        public var newGolden: GoldenRecording.Kind = .keyframes

        public init(picture: String?) {
            self.picture = picture
        }
    }

    /// The check of each of `cases`: its scenario (or, without one, its golden's manifest)
    /// rendered over its picture, compact for review unless asked not to, compared as the layers
    /// of options say; `approve` spells the command that approves a case's change. A case whose
    /// own keys cannot be honoured fails alone, naming the key.
    public func checks(_ cases: [Case], plan: CheckPlan, approve: (Case) -> String?) -> [GoldenCheck] {
        cases.map { item in
            var check = GoldenCheck(name: item.name, subject: .render(.goldenManifest(within: folder), image: "", compact: !plan.fullResolution),
                                    golden: item.golden, record: plan.record)
            check.newGolden = plan.newGolden
            check.approve = approve(item)
            check.source = item.scenario ?? FileSystem.join(item.golden, "manifest.json")
            do throws(CheckFailure) {
                let (picture, options) = try inputs(of: item, plan: plan)
                check.subject = .render(item.scenario.map { .scenario($0) } ?? .goldenManifest(within: folder), image: picture, compact: !plan.fullResolution)
                check.options = options
            } catch {
                check.refusal = error
            }
            return check
        }
    }

    /// A case's picture and comparison options, each from the nearest layer that gives it.
    private func inputs(of item: Case, plan: CheckPlan) throws(CheckFailure) -> (String, ComparisonOptions) {
        let defaultsPath = FileSystem.join(folder, Self.defaultsFile)
        var own: SuiteFile?
        if let scenario = item.scenario {
            do throws(SuiteFile.ReadingProblem) {
                let file = try SuiteFile.read(scenario)
                own = file
                _ = try file.picturePath(file: scenario, suite: folder)
            } catch {
                throw .render(.invalidScenario(path: scenario, keyPath: error.keyPath, message: error.message))
            }
        }
        let picture = (try? own?.picturePath(file: item.scenario ?? "", suite: folder)) ?? (try? defaults?.picturePath(file: defaultsPath, suite: folder)) ?? plan.picture
        guard let picture, !picture.isEmpty else {
            throw .render(.invalidScenario(path: item.scenario ?? item.golden, keyPath: "picture",
                                           message: "no picture: name one in the scenario, in the suite's \(Self.defaultsFile), or on the command line"))
        }
        for (layer, path) in [(own?.check, item.scenario ?? ""), (defaults?.check, defaultsPath)] {
            guard let layer else { continue }
            do throws(InvalidComparison) { _ = try layer.options() } catch {
                throw .render(.invalidScenario(path: path, keyPath: "check.\(error.option.rawValue)", message: error.problem))
            }
        }
        do throws(InvalidComparison) {
            return (picture, try plan.comparison.over(own?.check ?? ComparisonOverrides()).over(defaults?.check ?? ComparisonOverrides()).options())
        } catch {
            throw .render(.invalidScenario(path: item.scenario ?? item.golden, keyPath: "check.\(error.option.rawValue)", message: error.problem))
        }
    }
}

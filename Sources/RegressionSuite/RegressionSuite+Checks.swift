import FileSystem
import GoldenCheck
import FrameDiff

extension RegressionSuite {
    /// How a suite's cases are checked: what each renders over, what still counts as equal, and
    /// what may be recorded.
    public struct CheckPlan: Sendable {
        /// The picture every case scrolls.
        public var picture: String
        public var options: ComparisonOptions = .exact
        public var record: RecordMode = .never
        /// Render at the scenarios' own scale and rate instead of compact for review.
        public var fullResolution = false
        /// What new goldens hold: keyframes and the motion of every frame (light enough for git),
        /// every frame, or the motion alone.
        public var newGolden: GoldenRecording.Kind = .keyframes

        public init(picture: String) {
            self.picture = picture
        }
    }

    /// The check of each of `cases`: its scenario (or, without one, its golden's manifest)
    /// rendered over the plan's picture, compact for review unless asked not to; `approve` spells
    /// the command that approves a case's change.
    public func checks(_ cases: [Case], plan: CheckPlan, approve: (Case) -> String?) -> [GoldenCheck] {
        cases.map { item in
            var check = GoldenCheck(name: item.name,
                                    subject: .render(item.scenario.map { .scenario($0) } ?? .goldenManifest, image: plan.picture,
                                                     compact: !plan.fullResolution),
                                    golden: item.golden, options: plan.options, record: plan.record)
            check.newGolden = plan.newGolden
            check.approve = approve(item)
            check.source = item.scenario ?? FileSystem.join(item.golden, "manifest.json")
            return check
        }
    }
}

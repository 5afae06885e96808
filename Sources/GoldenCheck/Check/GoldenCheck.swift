import FileSystem
import Foundation
import FrameDiff
import ScrollRenderKit

/// The one check of a case against its golden — render if asked, compare, decide, record — that
/// `scrollrender diff` (a run of one case), `scrollrender test` (a run of a suite's cases) and the
/// Swift assertions (one case, reported as a test issue) all make. It decides and returns a value;
/// what is printed, written or recorded as a test issue is its reporters' business.
public struct GoldenCheck: Sendable {
    /// The case's name: a suite's scenario, a test's golden, the actual folder of a diff.
    public var name: String
    public var subject: CheckSubject
    /// The golden: a frame folder (or a motion golden, its manifest alone), or a PNG file.
    public var golden: String
    public var options: ComparisonOptions
    /// What may be written into the golden.
    public var record: RecordMode
    /// What a golden recorded anew holds: every frame, keyframes and the motion, or the motion alone.
    public var newGolden: GoldenRecording.Kind = .frames
    /// How a reader approves this case's change, as the caller spells it.
    public var approve: String?
    /// The file that defines the case (a suite's scenario), for annotations that point at it.
    public var source: String?
    /// Why the case cannot be checked, found as its inputs were read (a scenario's bad `check`).
    public var refusal: CheckFailure?

    public init(name: String, subject: CheckSubject, golden: String, options: ComparisonOptions = .exact, record: RecordMode = .never) {
        (self.name, self.subject, self.golden, self.options, self.record) = (name, subject, golden, options, record)
    }

    /// Checks the case; never throws: a case that cannot be checked is a ``CheckResult/Outcome/failed(_:)`` result.
    public func run(_ context: CheckContext) -> CheckResult {
        let clock = ContinuousClock(), start = clock.now
        var result = CheckResult(name: name, outcome: .missingGolden, golden: golden, approve: approve)
        result.source = source
        do throws(CheckFailure) {
            if let refusal { throw refusal }
            try check(&result, context)
        } catch {
            result.outcome = .failed(error)
        }
        let elapsed = (clock.now - start).components
        result.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return result
    }

    private func check(_ result: inout CheckResult, _ context: CheckContext) throws(CheckFailure) {
        // A golden a killed recording left half replaced is made whole before it is read.
        guard OutputFolder.settleInterruptedSwaps(golden) else { throw .comparison(.replacementInProgress(folder: golden)) }
        let (actual, rendered) = try actualSide(context)
        result.actual = actual
        guard FileSystem.kind(golden) != nil else {
            guard record != .never else { return }
            result.recorded = try recordNewGolden(from: actual, context)
            return
        }
        let comparison: DiffComparison
        do throws(DiffError) {
            comparison = try FrameDiffer.comparison(
                expected: golden, actual: actual, tolerance: options.tolerance, masks: options.masks,
                artifacts: context.page?.artifacts, alsoWriting: context.allPictures, memoryLimit: context.memoryLimit,
                offsetTolerance: options.offsetTolerance, onDecoded: context.page?.thumbnailWriter, progress: context.progress,
                interruption: { context.cancellation.signalNumber })
            if let signal = context.cancellation.signalNumber { throw DiffError.interrupted(signal: signal) }
        } catch {
            throw .comparison(error)
        }
        result.outcome = comparison.report.passed ? .passed(comparison) : .differs(comparison)
        if !comparison.report.passed { result.recipeChanges = recipeChanges(actual: actual, rendered: rendered) }
        switch record.decision(after: comparison.report) {
        case .nothing: break
        case .refused(let reason): result.recordingRefused = reason
        case .frames(let fromActual):
            var recording = try rewrite(from: actual, fromActual: fromActual, context)
            recording.what = comparison.report.passed ? .rewritten : .change
            recording.differences = comparison.report.differences
            result.recorded = recording
        }
    }

    /// What changed in the recipe since the golden was recorded, when both sides record one.
    private func recipeChanges(actual: String, rendered: Manifest?) -> [String] {
        guard let golden = try? Manifest.read(folder: golden), let actual = rendered ?? (try? Manifest.read(folder: actual)) else { return [] }
        return golden.recipeChanges(to: actual)
    }

    /// The actual frames — rendered now into the work folder (with the render's manifest), or the
    /// folder or file named.
    private func actualSide(_ context: CheckContext) throws(CheckFailure) -> (String, Manifest?) {
        switch subject {
        case .sequence(let path):
            guard OutputFolder.settleInterruptedSwaps(path) else { throw .comparison(.replacementInProgress(folder: path)) }
            return (path, nil)
        case .picture(let path):
            return (path, nil)
        case .render(let source, let image, let compact):
            var settings = try settings(source)
            if compact { settings = settings.compactForReview() }
            let folder = FileSystem.join(context.workFolder, name)
            var request: RenderRequest
            do throws(InvalidSettings) {
                request = try RenderRequest(imagePath: image, outputPath: folder, settings: settings)
            } catch {
                throw .settings(error)
            }
            if case .scenario(let path) = source { request.scenarioPath = path }
            request.threadCount = context.renderThreads
            do throws(ScrollRenderError) {
                return (folder, try RenderSession(request).run(cancellation: context.cancellation))
            } catch {
                throw .render(error)
            }
        }
    }

    private func settings(_ source: CheckSubject.RenderSource) throws(CheckFailure) -> RenderSettings {
        do throws(ScrollRenderError) {
            switch source {
            case .settings(let settings): return settings
            case .scenario(let path): return try Scenario.load(path).settings
            case .goldenManifest(let folder):
                let settings = try Manifest.read(folder: golden).settings
                try ScenarioFiles(folder: folder).checkHeader(of: settings, in: FileSystem.join(golden, "manifest.json"))
                return settings
            }
        } catch {
            throw .render(error)
        }
    }
}

/// What a check may use besides its case: where renders go, where a report wants its pictures,
/// how much memory, and what stops it.
public struct CheckContext: Sendable {
    /// Where renders go while they are compared; the run removes it. (A check of frames on disk
    /// renders nothing.)
    public var workFolder: String
    /// The case's page of a report, whose pictures the comparison writes.
    public var page: ComparisonPage?
    /// A folder that gets every differing frame's pictures (`diff --diff-out`).
    public var allPictures: DiffArtifacts?
    /// The most bytes of decoded frames a comparison holds at once.
    public var memoryLimit = MemoryBudget.defaultLimit
    /// Threads one render uses: one when many cases run side by side.
    public var renderThreads: Int? = 1
    public var progress: (@Sendable (_ compared: Int, _ total: Int) -> Void)?
    /// Set by a signal: the comparison stops between frames and the case fails as interrupted.
    public var cancellation = Cancellation()

    public init(workFolder: String = FileManager.default.temporaryDirectory.path) {
        self.workFolder = workFolder
    }
}

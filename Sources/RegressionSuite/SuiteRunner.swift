import Dispatch
import FileSystem
import Foundation
import FrameDiff
import Raster
import ScrollRenderKit
import TextFormat

/// Runs a suite's cases: each renders in process from its scenario (made compact for review
/// unless asked not to), is compared with its golden — frames, or the motion alone for a motion
/// golden — and is recorded as the record mode says; cases run side by side on all cores.
public struct SuiteRunner: Sendable {
    public var suite: RegressionSuite
    /// The picture every case scrolls.
    public var picture: String
    public var mode: RecordMode = .never
    public var tolerance: DiffTolerance = .exact
    public var offsetTolerance = 0.0
    /// Render at the scenarios' own scale and rate instead of ``RenderSettings/compactForReview()``.
    public var fullResolution = false
    /// Record new goldens as their manifest alone (motion goldens).
    public var motionOnly = false
    /// Where each case's diff page goes (`REPORT/NAME/index.html`), if anywhere.
    public var reportFolder: String?
    /// Where the renders go while they are compared; removed by the caller.
    public var workFolder: String

    public init(suite: RegressionSuite, picture: String, workFolder: String) {
        self.suite = suite
        self.picture = picture
        self.workFolder = workFolder
    }

    /// Every case of `cases`, in their order; `onFinished` hears each as it ends (from any thread).
    public func run(_ cases: [RegressionSuite.Case], onFinished: (@Sendable (SuiteCaseResult) -> Void)? = nil) -> [SuiteCaseResult] {
        let slots = Slots<SuiteCaseResult>(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            let result = run(cases[index])
            slots.set(index, result)
            onFinished?(result)
        }
        return slots.results.map { $0! }
    }

    /// One case: rendered, compared or recorded, timed.
    public func run(_ item: RegressionSuite.Case) -> SuiteCaseResult {
        let clock = ContinuousClock(), start = clock.now
        var result: SuiteCaseResult
        do {
            result = try check(item)
        } catch {
            result = SuiteCaseResult(name: item.name, status: .error, seconds: 0, verdict: TextFormat.naming("\(error)") { "--" + $0 })
        }
        result.seconds = (clock.now - start).seconds
        return result
    }

    private func check(_ item: RegressionSuite.Case) throws -> SuiteCaseResult {
        let actual = FileSystem.join(workFolder, item.name)
        let motionGolden = MotionComparison.isMotionGolden(item.golden)
        try render(item, into: actual)
        guard FileSystem.kind(item.golden) != nil else { return try recordNew(item, from: actual) }
        let page = try reportFolder.map { folder throws(DiffError) in try ReportFolder.begin(FileSystem.join(folder, item.name)) }
        let report: DiffReport
        do {
            report = try FrameDiffer.compare(expected: item.golden, actual: actual, tolerance: tolerance,
                                             artifacts: page.map { .report(folder: $0.framesFolder) },
                                             offsetTolerance: offsetTolerance, onDecoded: page?.thumbnailWriter)
            // A page for what needs looking at: a passing case's would cost a thumbnail of every frame.
            if report.passed { page?.discard() } else { try page?.finish(report) }
        } catch {
            page?.discard()
            throw error
        }
        let kept = report.passed ? nil : page
        let shown = kept.map { $0.published(report) } ?? report
        var result = SuiteCaseResult(name: item.name, status: report.passed ? .passed : .failed, seconds: 0,
                                     verdict: report.passed ? report.resultSentence : "DIFFERENT: " + (report.differences ?? ""),
                                     report: shown, page: kept.map { _ in item.name + "/index.html" })
        switch mode.decision(after: report) {
        case .nothing: break
        case .refused(let reason): result.verdict += "; not recorded: " + TextFormat.naming(reason) { "--" + $0 }
        case .frames(let fromActual):
            try record(item, from: actual, motion: motionGolden, fromActual: fromActual)
            result.status = .recorded
            result.verdict = report.passed ? "re-recorded (--record \(mode.rawValue))" : "recorded the change (--record \(mode.rawValue)): " + (report.differences ?? "")
        }
        return result
    }

    /// The case's frames: its scenario's settings (compact for review unless asked not to) over the
    /// suite's picture. A motion golden is compared with the whole manifest, so every frame is
    /// rendered for it too (compact frames cost little).
    private func render(_ item: RegressionSuite.Case, into folder: String) throws {
        var settings = try item.scenario.map { try Scenario.load($0).settings } ?? Manifest.read(folder: item.golden).settings
        if !fullResolution { settings = settings.compactForReview() }
        var request = try RenderRequest(imagePath: picture, outputPath: folder, settings: settings)
        request.scenarioPath = item.scenario
        request.threadCount = 1
        _ = try RenderSession(request).run()
    }

    private func recordNew(_ item: RegressionSuite.Case, from actual: String) throws -> SuiteCaseResult {
        guard mode == .missing || mode == .all || mode == .failed else {
            return SuiteCaseResult(name: item.name, status: .missing, seconds: 0,
                                   verdict: "no golden at \(FileSystem.printable(item.golden)); record it with --record missing")
        }
        try FileSystem.makeFolders(FileSystem.parent(of: item.golden))
        try record(item, from: actual, motion: motionOnly, fromActual: { _ in true })
        return SuiteCaseResult(name: item.name, status: .recorded, seconds: 0,
                               verdict: "recorded a new \(motionOnly ? "motion " : "")golden (--record \(mode.rawValue))")
    }

    private func record(_ item: RegressionSuite.Case, from actual: String, motion: Bool, fromActual: (Int) -> Bool) throws {
        if motion {
            try FileSystem.makeFolders(item.golden)
            try GoldenRecorder.recordMotion(expected: item.golden, actual: actual)
        } else {
            _ = try GoldenRecorder.record(expected: item.golden, actual: actual, fromActual: fromActual)
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

import Compositor
import Dispatch
import Foundation
import ImageCodecs
import Raster
import ScrollPhysics
import Synchronization

/// A render from picture to finished frame folder: decode once, simulate the scroll view, draw and
/// encode every frame on all cores, write the manifest, and move the folder into place.
public struct RenderSession: Sendable {
    /// Called after each frame is written, with the count done and the total; never concurrently.
    public typealias Progress = @Sendable (_ completed: Int, _ total: Int) -> Void

    public let request: RenderRequest
    /// Called with what the user should know that is not an error, the options it names marked
    /// (``TextFormat/term(_:)``).
    public var onNote: (@Sendable (String) -> Void)?
    /// Called with the exports made, each with its note, before they are published.
    public var onExported: (@Sendable ([Exporter.Result]) -> Void)?
    /// Called with each ffmpeg command line before it runs.
    public var onExportCommand: (@Sendable (String) -> Void)?
    /// Called as an export's frames are encoded (see ``Exporter/onProgress``).
    public var onExportProgress: (@Sendable (_ path: String, _ done: Int, _ total: Int) -> Void)?
    /// Called when the frames are written and the exports begin: render and export times apart.
    public var onExportsBegin: (@Sendable () -> Void)?

    public init(_ request: RenderRequest) {
        self.request = request
    }

    /// Renders the sequence and returns its manifest. On any failure or cancellation nothing is left behind.
    ///
    /// OUTDIR is checked (and locked) first; the picture is decoded and the motion simulated before
    /// anything is written, so that until frames are written a signal can end the process at once.
    public func run(progress: Progress? = nil, cancellation: Cancellation = Cancellation()) throws(ScrollRenderError) -> Manifest {
        try request.checkOutputPaths()
        let target = try OutputFolder.prepare(request.outputPath, force: request.force)
        let plan = try RenderPlan(request: request)
        for note in plan.notes { onNote?(note) }
        guard cancellation.beginStaging() else { throw .interrupted(signal: cancellation.signalNumber ?? SIGINT) }
        let folder = try target.beginStaging()
        do throws(ScrollRenderError) {
            try writeFrames(plan, into: folder, progress: progress, cancellation: cancellation)
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            var manifest = plan.manifest(outputPath: folder.path)
            let exports = export(plan, from: folder, into: &manifest, cancellation: cancellation)
            try folder.write(try manifest.jsonBytes(), named: "manifest.json")
            // The last moment a signal can still keep the earlier sequence: publishing is one rename.
            if let signal = cancellation.signalNumber {
                try? exports.get()?.discard()
                throw .interrupted(signal: signal)
            }
            try folder.publish()
            // An export that failed leaves the frames in place: they are what took the time.
            do throws(ScrollRenderError) {
                try exports.get()?.publish()
            } catch {
                try? exports.get()?.discard()
                throw .framesKept(in: folder.path, because: error)
            }
            return manifest
        } catch {
            folder.discard()
            throw error
        }
    }

    /// Makes the requested exports of the staged frames into temporary files, recording each in
    /// the manifest; they are published after the frames, all together. A failure stops the
    /// others, and no export is published. The frames reach the encoders drawn again in memory.
    private func export(_ plan: RenderPlan, from folder: StagingFolder, into manifest: inout Manifest,
                        cancellation: Cancellation) -> Result<Exporter.Staged?, ScrollRenderError> {
        guard !request.exports.isEmpty else { return .success(nil) }
        onExportsBegin?()
        var source = Exporter.Source(folder: folder.temporaryPath, manifest: manifest)
        source.shownFolder = folder.path
        let drawn = DrawnFrames(compositor: plan.compositor, sequence: plan.compositorFrames, indices: plan.frameRange)
        source.drawn = plan.frameDrawing.map { DrawnOverFrames(base: drawn, drawing: $0) } ?? drawn
        do throws(ScrollRenderError) {
            var exporter = try Exporter(source: source)
            exporter.onCommand = onExportCommand
            exporter.onProgress = onExportProgress
            exporter.maximumMemory = request.maximumMemory
            let staged = try exporter.stage(request.exports, cancellation: cancellation)
            manifest.exports = staged.results.map(\.record)
            onExported?(staged.results)
            return .success(staged)
        } catch {
            return .failure(error)
        }
    }

    /// Draws and encodes frames on `threadCount` workers, each taking the next job until none
    /// remain; runs of frames at one zoom scale share a content layer resampled once, and its
    /// rows, coded once.
    private func writeFrames(_ plan: RenderPlan, into folder: StagingFolder, progress: Progress?,
                             cancellation: Cancellation) throws(ScrollRenderError) {
        var jobs = FrameJobs(plan.compositorFrames, range: plan.frameRange, placedBy: plan.compositor).jobs
        // Touches drawn over the frames tell identical frames apart.
        if plan.frameDrawing != nil { jobs = jobs.flatMap { job in job.indices.map { FrameJobs.Job(placed: job.placed, indices: $0..<($0 + 1)) } } }
        let shared = WorkerState(total: plan.frameRange.count, progress: progress)
        let compositor = plan.compositor
        var last: (layer: ContentLayer, rows: SharedRows?)?
        let reach = compositor.shownColumns(of: jobs.map(\.placed))
        for run in FrameJobs.runs(jobs, sharingLayers: compositor) {
            guard cancellation.signalNumber == nil, shared.firstError == nil else { break }
            var layer: ContentLayer?, rows: SharedRows?
            if run.sharesLayer {
                let frames = run.jobs.map(\.placed)
                // The last layer's tiles this one shows again are kept; the others are let go before it is drawn.
                let kept = last.flatMap { last in
                    compositor.continuation(of: last.layer, for: frames).map { ($0, last.rows?.keeping(columns: $0.columns)) }
                }
                last = nil
                layer = compositor.contentLayer(for: frames, reach: reach[frames[0].frame.zoomScale], continuing: kept?.0)
                // Frames with the screen drawn over them code their own rows.
                rows = plan.frameDrawing != nil ? nil : layer.flatMap {
                    Self.sharedRows(of: $0, for: run.jobs, compositor: compositor, encoder: request.settings.frameEncoder,
                                    continuing: kept?.1)
                }
                last = layer.map { ($0, rows) }
            }
            writeJobs(run.jobs, layer: layer, rows: rows, compositor: compositor, drawing: plan.frameDrawing, into: folder, shared: shared,
                      cancellation: cancellation)
        }
        if let error = shared.firstError { throw error }
    }

    /// The layer's rows coded once for the jobs it serves, cut where their indicators begin and
    /// end, taking those of the tiles it keeps from `previous`, the rows of the layer it continues.
    static func sharedRows(of layer: ContentLayer, for jobs: [FrameJobs.Job], compositor: Compositor,
                           encoder: PNGEncoder, continuing previous: SharedRows? = nil) -> SharedRows? {
        let spans = Set(jobs.compactMap { compositor.layerSpan(of: $0.placed, in: layer) })
        let cuts = jobs.reduce(into: Set<Int>()) { $0.formUnion(compositor.indicatorEdges(of: $1.placed)) }
        return SharedRows(encoder: encoder, tiles: layer.tiles, frameWidth: compositor.pixelWidth, spans: spans, cuts: cuts,
                          continuing: previous)
    }

    /// One run of jobs on all workers.
    private func writeJobs(_ jobs: [FrameJobs.Job], layer: ContentLayer?, rows: SharedRows?, compositor: Compositor, drawing: ScreenDrawing?,
                           into folder: StagingFolder, shared: WorkerState, cancellation: Cancellation) {
        let encoder = request.settings.frameEncoder
        shared.resetJobs()
        DispatchQueue.concurrentPerform(iterations: max(1, min(request.workers, jobs.count))) { _ in
            // Every frame is drawn whole, but for the rows an encoder takes from the layer.
            var image = RGBAImage(canvasWidth: compositor.pixelWidth, height: compositor.pixelHeight)
            while cancellation.signalNumber == nil, shared.firstError == nil, let index = shared.nextJob(of: jobs.count) {
                let job = jobs[index]
                // A frame that takes the layer's coded rows leaves them out of the picture it draws.
                let span = layer.flatMap { compositor.layerSpan(of: job.placed, in: $0) }
                // No shared rows are made for frames with the screen drawn over them (writeFrames).
                let reusing = span.flatMap { span in
                    rows?.serves(encoder, width: compositor.pixelWidth, span: span) == true ? (rows!, span) : nil
                }
                // The rows under an indicator, which the frame then holds only where the indicator is.
                let patches = reusing != nil ? layer.map { compositor.rowsUnderIndicators(of: job.placed, in: $0) } ?? [] : []
                let rowMap = layer.flatMap {
                    compositor.render(job.placed, from: $0, into: &image, leavingLayerRows: reusing != nil, patches: patches)
                }
                if rowMap == nil { compositor.render(job.frame, into: &image) }
                let finished = drawing.map { $0.apply(image, frame: job.indices.lowerBound) } ?? image
                do throws(ScrollRenderError) {
                    let bytes: [UInt8]
                    do throws(ImageCodecError) {
                        if let (rows, span) = reusing, let rowMap {
                            bytes = try encoder.encode(image, reusing: rows, rowMap: rowMap, span: span, patches: patches)
                        } else {
                            bytes = try encoder.encode(finished)
                        }
                    } catch {
                        throw .writeFailed(path: folder.path, reason: error.description)
                    }
                    for frameIndex in job.indices { try folder.write(bytes, named: FrameNaming.name(frameIndex)) }
                    shared.finished(job.indices.count)
                } catch {
                    shared.fail(error)
                }
            }
        }
    }
}

/// What the frame workers share: the job counter, the first error, and progress reporting.
private final class WorkerState: Sendable {
    private let next = Atomic<Int>(0)
    private let state: Mutex<(completed: Int, error: ScrollRenderError?)> = Mutex((0, nil))
    private let total: Int
    private let progress: RenderSession.Progress?

    init(total: Int, progress: RenderSession.Progress?) {
        (self.total, self.progress) = (total, progress)
    }

    /// Starts a new run of jobs from its first.
    func resetJobs() {
        next.store(0, ordering: .relaxed)
    }

    func nextJob(of count: Int) -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }

    var firstError: ScrollRenderError? { state.withLock { $0.error } }

    func fail(_ error: ScrollRenderError) {
        state.withLock { if $0.error == nil { $0.error = error } }
    }

    func finished(_ frames: Int) {
        state.withLock { value in
            value.completed += frames
            progress?(value.completed, total)
        }
    }
}

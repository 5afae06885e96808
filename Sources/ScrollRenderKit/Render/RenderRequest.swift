import FileSystem
import Foundation
import ImageCodecs

/// What to render and where: the picture, the settings, and the output folder rules. A request
/// holds only settings that passed ``RenderSettings/check()``.
public struct RenderRequest: Sendable {
    public var imagePath: String
    public var outputPath: String
    public let settings: RenderSettings
    /// Allow an OUTDIR that holds a previous sequence, replacing only scrollrender's files.
    public var force = false
    public var maximumPixelCount = ImageDecoder.defaultMaximumPixelCount
    /// Frame workers; defaults to the machine's cores. The frames are the same for any count.
    public var threadCount: Int?
    /// The most memory (bytes) the run may plan to use; defaults to ``MemoryBudget/defaultLimit``.
    public var maximumMemory: Int?
    /// The scenario file the timeline came from, if any: a motion too long to render is that file's fault.
    public var scenarioPath: String?
    /// Files to make from the frames (`--export`).
    public var exports: [ExportRequest] = []
    /// The frames to write: all, or a part for a shard of a larger job.
    public var frames = FrameSelection.all

    /// The frame workers this run uses.
    var workers: Int {
        max(1, threadCount ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// A sequence longer than this is refused before any work (over 27 minutes at 60 fps).
    public static let maximumFrameCount = SequenceManifest.maximumFrameCount

    public init(imagePath: String, outputPath: String, settings: RenderSettings) throws(InvalidSettings) {
        try settings.check()
        (self.imagePath, self.outputPath, self.settings) = (imagePath, outputPath, settings)
    }

    /// What the render reads, which nothing it writes may be.
    var inputs: [OutputPaths.Input] {
        [OutputPaths.Input(imagePath, "the input picture")]
            + (settings.headerPath.map { [OutputPaths.Input($0, "the header picture")] } ?? [])
            + (scenarioPath.map { [OutputPaths.Input($0, "the scenario")] } ?? [])
    }

    /// No output is an input, and no export takes a name the frame folder's own files have
    /// (`--force` would replace it with the sequence).
    func checkOutputPaths() throws(ScrollRenderError) {
        try OutputPaths.refuseInputs(outputs: [outputPath] + exports.map(\.path), inputs: inputs)
        for export in exports where OutputFolder.isOurs(FileSystem.lastComponent(of: export.path))
            && PathOverlap.between(output: FileSystem.parent(of: export.path), input: outputPath) == .same {
            throw .cannotCreateOutput(path: export.path, reason: "it is named as one of the frame folder's own files, which the sequence replaces; export it under another name")
        }
    }
}

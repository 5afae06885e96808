import ArgumentParser
import ScrollRenderKit

/// Where the frames go and how the run reports; the frames' own settings (fps, hold, compression,
/// transparent) are settings (``SettingOptions``).
struct OutputOptions: ParsableArguments {
    @Flag(help: "Replace the frames and manifest of an earlier run in OUTDIR.")
    var force = false

    @Flag(help: "No progress bar and no summary.")
    var quiet = false

    @Flag(help: "Print the manifest to stdout.")
    var json = false

    @Flag(help: "Print each delegate callback to stderr as an iOS log line shows it.")
    var trace = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Write only frames A to B of the sequence (inclusive, 0-based, named by their global numbers); A- runs to the end, N is one frame.", valueName: "A-B"))
    var frames: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Write the K-th of N balanced parts of the sequence (1-based); index/N takes K from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm). Join parts with scrollrender merge.", valueName: "K/N"))
    var shard: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame workers (default: the number of cores).", valueName: "N"))
    var threads: Int?

    @OptionGroup var memory: MemoryArguments

    @Option(name: .customLong("max-pixels"), parsing: .unconditional, help: ArgumentHelp("Refuse pictures with more pixels than this (default 268435456).", valueName: "N"))
    var maxPixels: Int?

    /// The part of the sequence to write; a scheduler's index comes from `environment`.
    func frameSelection(environment: [String: String]) throws(ScrollRenderError) -> FrameSelection {
        if let frames { return try FrameSelection(frames: frames) }
        if let shard { return try FrameSelection(shard: shard, environment: environment) }
        return .all
    }

    /// The most frame workers anyone means: far beyond the cores of any machine.
    static let maximumThreads = 1024

    func validate() throws {
        if let threads, !(1...Self.maximumThreads).contains(threads) {
            throw ValidationError("--threads must be between 1 and \(Self.maximumThreads), not \(threads)")
        }
        if frames != nil && shard != nil { throw ValidationError("give --frames or --shard, not both") }
        if let maxPixels, maxPixels < 1 { throw ValidationError("--max-pixels must be at least 1, not \(maxPixels)") }
    }
}

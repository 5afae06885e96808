import ImageCodecs

/// Everything that can stop a scrollrender run, each with the path it concerns and a sentence
/// a user can act on. Each case carries what went wrong as data — the option, the value given,
/// what is allowed — for a caller to match; ScrollRenderError+Words.swift says it in words, and
/// the command line maps each case to an exit status in one place.
public enum ScrollRenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A run option given a value it never takes: outside its range, not of its form.
    case invalidValue(InvalidOptionValue)
    /// A value the option or setting takes, that this input cannot honour (frames past the
    /// sequence's end, a release outside the recording).
    case beyondInput(BeyondInput)
    /// Options given together that cannot work together.
    case conflictingOptions(OptionConflict)
    /// An export's file whose extension names no format scrollrender makes.
    case unknownExportFormat(path: String)
    /// A shard given as `index/N` where the scheduler gives no usable index.
    case noShardIndex(ShardIndexProblem)
    /// The run would need more memory than it may use; refused before the work starts.
    case overMemoryLimit(MemoryShortfall)
    /// The motion would need more than `limit` frames: `seconds` of it at `fps`.
    case tooManyFrames(limit: Int, seconds: Double, fps: Double)
    /// A folder holding part of a sequence (`frames` of `total`; `nil`: none) where a whole one
    /// is needed: a golden recorded from it would pass any render that agrees on those frames alone.
    case partialSequence(folder: String, frames: ClosedRange<Int>?, total: Int)
    /// A recording and a render that have no gesture to compare.
    case cannotCompareMotion(MotionComparisonProblem)
    /// A command given nothing to work on.
    case emptyInput(EmptyInput)
    /// The manifest holds a value JSON cannot write (at `keyPath`): a number that is not finite.
    case manifestNotEncodable(keyPath: String, reason: String)
    /// The input path does not exist.
    case inputNotFound(path: String)
    /// The input exists but cannot be read as a file (permissions, a folder, an I/O error).
    case inputUnreadable(path: String, reason: String)
    /// A scenario file that is not valid JSON, or has an unknown key, a wrong type or an impossible value.
    case invalidScenario(path: String, keyPath: String, message: String)
    /// A file a scenario names (its header, a log) outside the folder its files may lie in.
    case outsideScenario(OutsideFile)
    /// A recorded log (touches, a trackpad pan, offsets) with a value that cannot be, at a line and
    /// column of the file.
    case invalidRecording(path: String, line: Int, column: Int, message: String)
    /// A conformance set or another implementation's offsets that cannot be scored.
    case conformance(ConformanceProblem)
    /// A frame folder's `manifest.json` that is missing or not one scrollrender wrote.
    case invalidManifest(path: String, reason: String)
    /// Parts of a sequence that cannot be merged: from other renders, overlapping, or leaving gaps.
    case shardsDoNotFit(ShardMismatch)
    /// The input was read but is not a picture scrollrender can decode.
    case badImage(path: String, ImageCodecError)
    /// The output (file or folder) cannot be created where asked.
    case cannotCreateOutput(path: String, reason: String)
    /// Writing failed part-way (disk full, folder removed); nothing was left behind.
    case writeFailed(path: String, reason: String)
    /// A program scrollrender runs (ffmpeg, ffprobe) is not installed or cannot start.
    case toolUnavailable(tool: String, ToolProblem)
    /// An export could not be made: what ffmpeg or ffprobe reported, or what reading the file back found.
    case exportFailed(ExportFailure)
    /// The export's title line could not be drawn: its font is missing, or FreeType failed.
    case titleNotDrawn(TitleProblem)
    /// No try made an export within its size budget.
    case exportDoesNotFit(ExportOverBudget)
    /// A signal (SIGINT, SIGTERM) stopped the run; nothing was left behind.
    case interrupted(signal: Int32)
    /// An export failed (`error`) after the render's frames were published in `folder`: they are kept.
    indirect case framesKept(in: String, because: ScrollRenderError)

    /// What went wrong, each run option named in words (see ``RunOption``).
    public var description: String {
        description(naming: \.words)
    }
}

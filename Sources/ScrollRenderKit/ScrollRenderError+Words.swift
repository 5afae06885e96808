import FileSystem
import ImageCodecs
import TextFormat

/// Every sentence a ``ScrollRenderError`` says, worded here from the data its case carries, as
/// swift-argument-parser words its `ParserError`s in one generator: the cases say what went
/// wrong, this file says it to the user. Run options and settings stay marked terms
/// (``RunOption``) that each reader words its own way.
extension ScrollRenderError {
    /// The sentence, with run options still marked.
    var message: String {
        switch self {
        case .invalidValue(let value): value.message
        case .beyondInput(let beyond): beyond.message
        case .conflictingOptions(let conflict): conflict.message
        case .noShardIndex(let problem): problem.message
        case .overMemoryLimit(let shortfall): shortfall.message
        case .tooManyFrames(let limit, let seconds, let fps):
            "the motion would need over \(limit) frames (\(seconds.isFinite ? String(Int(seconds.rounded(.up))) : "∞") s at \(TextFormat.number(fps)) fps); "
                + "lower the frame rate or the hold"
        case .partialSequence(let folder, let frames, let total):
            "\(folder) holds \(frames.map { "only frames \($0.lowerBound)–\($0.upperBound) of \(total)" } ?? "none of the \(total) frames") (a part of the sequence); "
                + "render it whole, or join its parts with scrollrender merge, before recording it"
        case .cannotCompareMotion(.releaseUnknown): "the recording has no phase column: give the release instant with \(option: .release)"
        case .cannotCompareMotion(.noDraggingWrites): "the recording has no dragging writes"
        case .cannotCompareMotion(.noRenderedRelease): "the rendered sequence has no release (scrollViewWillEndDragging)"
        case .cannotCompareMotion(.touchesMissing(let path)):
            "\(path) says its input was touch: give its touches with \(option: .touchLog) (without them it would replay as a trackpad gesture)"
        case .emptyInput(.noShards): "merge needs at least one shard folder"
        case .manifestNotEncodable(let keyPath, let reason): "cannot encode the manifest: \(keyPath.isEmpty ? reason : "\(keyPath): \(reason)")"
        case .unknownExportFormat(let path):
            "\(path): cannot tell the format from the extension; use one of \(ExportFormat.allCases.map { ".\($0.rawValue)" }.joined(separator: ", "))"
        case .inputNotFound(let path): "\(path): no such file"
        case .inputUnreadable(let path, let reason): "\(path): cannot read: \(reason)"
        case .invalidScenario(let path, let keyPath, let message):
            keyPath.isEmpty ? "\(path): \(message)" : "\(path): \(keyPath): \(message)"
        case .outsideScenario(let file): file.message
        case .invalidRecording(let path, let line, let column, let message): "\(path):\(line):\(column): \(message)"
        case .badImage(let path, let error): "\(path): \(error)"
        case .invalidManifest(let path, let reason): "\(path): \(reason)"
        case .conformance(.notASet(let path, let reason)): "\(path): \(reason)"
        case .conformance(.fileChanged(let path)): "\(path): changed since the set was exported (its SHA-256 is not the index's): export the set again"
        case .conformance(.noOffsets(let folder, let expected)):
            "\(folder): no offsets for any vector; expected \(expected.joined(separator: ", "))"
        case .shardsDoNotFit(let mismatch): mismatch.message
        case .cannotCreateOutput(let path, let reason): "\(path): cannot create output: \(reason)"
        case .writeFailed(let path, let reason): "\(path): write failed: \(reason); nothing was written"
        case .toolUnavailable(let tool, .notInstalled(let package)):
            "\(tool) is not installed, and export needs it: install Debian's \(package) package (sudo apt-get install \(package))"
        case .toolUnavailable(_, .cannotStart(let path, let reason)): "cannot start \(path): \(reason)"
        case .exportFailed(let failure): failure.message
        case .titleNotDrawn(.fontMissing(let path, let package)):
            "the title's font \(path) is missing: install Debian's \(package) package (sudo apt-get install \(package))"
        case .titleNotDrawn(.freeType(let code)): "FreeType could not draw the title (its error \(code))"
        case .exportDoesNotFit(let overBudget): overBudget.message
        case .interrupted(let signal): "interrupted by signal \(signal); nothing was written"
        case .framesKept(let folder, let error): "\(error.message); the frames are in \(folder)"
        }
    }
}

extension InvalidOptionValue {
    var message: String {
        let quoted = "\"\(TextFormat.printable(given))\""
        switch (option, allowed) {
        case (.frames, .range(let range)):
            return "\(option: option) takes A-B, A- or N with frame numbers from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound)) (like 0-99, 100- or 42), not \(quoted)"
        case (.shard, .range(let range)):
            return "\(option: option) takes K/N (\(Self.number(range.lowerBound)) ≤ K ≤ N ≤ \(Self.number(range.upperBound)), like 2/4) or index/N, not \(quoted)"
        case (.maximumSize, .range(let range)):
            return "\(option: option) takes a size from \(Self.size(range.lowerBound)) to \(Self.size(range.upperBound)) like 10MB, 500KB or 2MiB, not \(quoted)"
        case (.loop, .range(let range)):
            return "\(option: option) takes 0 (for ever), a count of repeats up to \(Self.number(range.upperBound)) or none, not \(quoted)"
        case (.title, .range(let range)):
            return "\(option: option) takes one line of \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound)) characters, not \(quoted)"
        case (.trim, .range):
            return "\(option: option) takes seconds from the start of the sequence, not \(given)"
        case (_, .range(let range)):
            return "\(option: option) must be from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound))\(Self.unit(of: option)), not \(given)"
        case (.frames, .ordered):
            return "\(option: option) \(given): the range ends before it starts"
        case (_, .ordered):
            return "\(option: option) must end after it starts, not \(given)"
        }
    }

    /// What a number of `option` counts, after its range.
    private static func unit(of option: RunOption) -> String {
        switch option {
        case .exportScale: " pixels per point"
        case .exportFPS: " frames per second"
        case .exportWidth: " pixels"
        case .colors: " (a GIF's palette)"
        case .speed: " (0.5: half speed)"
        case .leadIn: " seconds"
        default: ""
        }
    }

    private static func number(_ value: Double) -> String { TextFormat.number(value) }

    /// `1KB`, `1TB`: a size as users write it, in the largest unit that holds it whole.
    private static func size(_ bytes: Double) -> String {
        let unit = [("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)].first { bytes >= $0.1 && (bytes / $0.1).rounded() == bytes / $0.1 }
        return unit.map { "\(number(bytes / $0.1))\($0.0)" } ?? "\(number(bytes)) bytes"
    }
}

extension BeyondInput {
    var message: String {
        switch self {
        case .frames(let first, let last, let total):
            "\(option: .frames) \(first)-\(last.map(String.init) ?? "") is outside the sequence, which has \(total) frames (0-\(total - 1))"
        case .exportScale(let scale, let held):
            "\(option: .exportScale) \(TextFormat.number(scale)) is more than the frames hold: they have \(TextFormat.number(held)) pixels per point"
        case .trim(_, _, let times):
            "\(option: .trim) keeps no frame: the frames run from \(TextFormat.number(times.lowerBound, places: 2))–\(TextFormat.number(times.upperBound, places: 2)) s"
        case .release(let release, let writes):
            "\(option: .release) \(TextFormat.number(release)) s is outside the recording, whose writes run from \(TextFormat.number(writes.lowerBound)) to \(TextFormat.number(writes.upperBound)) s"
        case .fit(let fit, let width, let height, let scale):
            "\(setting: .fit) \(fit.rawValue) would show the \(width)×\(height)-pixel picture at \(TextFormat.number(scale)) pixels per point, "
                + "outside \(TextFormat.number(RenderSettings.imageScales.lowerBound)) to \(TextFormat.number(RenderSettings.imageScales.upperBound))"
        }
    }
}

extension OptionConflict {
    var message: String {
        switch self {
        case .bothGiven(let first, let second): "give \(option: first) or \(option: second), not both"
        case .noExportTakes(.colors): "\(option: .colors) sets a GIF's palette, and no export is a .gif"
        case .noExportTakes(.loop): "\(option: .loop) sets how a GIF, WebP or APNG repeats; videos loop as their player decides"
        case .noExportTakes(let option): "no export takes \(option: option)"
        case .screenAlreadyDrawn(let frames):
            "\(frames) was rendered with \(setting: .chrome): its frames already show the device's screen; render it again to change it"
        case .exportNamedTwice(let path): "\(FileSystem.printable(path)) is named twice as an export"
        }
    }
}

extension MemoryShortfall {
    var message: String {
        let over = "needs about \(TextFormat.bytes(needed))"
        let limit = "over the memory limit of \(TextFormat.bytes(limit))"
        return switch work {
        case .render(let picture, let header, let framesInFlight):
            "the render \(over) (picture \(TextFormat.bytes(picture)), header \(TextFormat.bytes(header)), frames in flight \(TextFormat.bytes(framesInFlight))), "
                + "\(limit); use a smaller picture, lower the view's size or scale or \(option: .threads), or raise \(option: .maximumMemory)"
        case .decoding(let path, let width, let height):
            "\(path): decoding the \(width)×\(height) picture \(over), \(limit); raise \(option: .maximumMemory)"
        case .export(let path, let width, let height):
            "\(FileSystem.printable(path)): the export \(over) (frames of \(width)×\(height) pixels), \(limit); lower \(option: .exportWidth) or raise \(option: .maximumMemory)"
        case .standInPicture(let path, let width, let height):
            "\(FileSystem.printable(path)): the stand-in picture of \(width)×\(height) pixels \(over), \(limit); render over a picture of your own at the scenario's imageScale, or raise \(option: .maximumMemory)"
        }
    }
}

extension ShardIndexProblem {
    var message: String {
        switch self {
        case .notSet:
            "\(option: .shard) index/N takes the shard from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm job array), "
                + "and neither is set; give the shard as K/N instead"
        case .notAnIndex(let text): "\(option: .shard) index/N: JOB_COMPLETION_INDEX is not a number: \"\(TextFormat.printable(text))\""
        case .notInArray(let taskID, let minimum):
            "\(option: .shard) index/N: SLURM_ARRAY_TASK_ID (\(TextFormat.printable(taskID))) and SLURM_ARRAY_TASK_MIN (\(TextFormat.printable(minimum))) do not give an index"
        case .beyondCount(let index, let count): "\(option: .shard) index/\(count): the scheduler's index \(index) (0-based) is not below \(count)"
        }
    }
}

extension ExportFailure {
    var message: String {
        switch self {
        case .noFrames(let folder): "\(folder) holds no frames to export"
        case .cannotKeepMessages(let tool, let reason): "cannot create a temporary file for \(tool)'s messages: \(reason)"
        case .cannotFeedFrames(let reason, stoppedReading: false): "cannot write frames to ffmpeg: \(reason)"
        case .cannotFeedFrames(let reason, stoppedReading: true): "ffmpeg stopped reading frames: \(reason)"
        case .toolFailed(let tool, _, let lastMessage?): "\(tool) failed: \(lastMessage)"
        case .toolFailed(let tool, let status, nil): "\(tool) failed with exit status \(status)"
        case .fileRejected(let path, let format, let defect): "\(FileSystem.printable(path)): \(defect.message(format)); it was not kept"
        }
    }
}

extension ExportFailure.FileDefect {
    /// What was found, of a file in `format`: scrollrender makes GIFs itself, ffmpeg the others.
    func message(_ format: ExportFormat) -> String {
        let made = format == .gif ? "the GIF scrollrender made" : "the \(format.name) ffmpeg made"
        return switch self {
        case .unexpectedFrames(let found, let expected):
            "the file made holds \(found.count) frames of \(found.width)×\(found.height), not about \(expected.count) of \(expected.width)×\(expected.height)"
        case .unreadable: "ffprobe cannot read \(made)"
        case .notWhole where format == .gif: "\(made) is cut short (no trailer)"
        case .notWhole: "\(made) is not whole"
        }
    }
}

extension ExportFormat {
    /// The format as its users write it: GIF, MP4, WebP, APNG, WebM.
    var name: String {
        switch self {
        case .gif: "GIF"
        case .mp4: "MP4"
        case .webp: "WebP"
        case .apng: "APNG"
        case .webm: "WebM"
        }
    }
}

extension OutsideFile {
    var message: String {
        let allowing = switch allowedBy {
        case .option(let option)?: " (or name the file with \(option: option))"
        case .setting(let setting)?: " (or name the file with \(setting: setting))"
        case .other(let name)?: " (or name the file with \(TextFormat.term(name)))"
        case nil: ""
        }
        return "\(FileSystem.printable(scenario)): \(keyPath): \"\(FileSystem.printable(named))\" is outside the scenario's folder (\(FileSystem.printable(folder))); "
            + "a scenario reads files from its own folder only\(allowing)"
    }
}

extension ShardMismatch {
    var message: String {
        switch self {
        case .otherSequence(let part, let first, let difference): "\(part) is not part of the same sequence as \(first): \(difference)"
        case .overlap(let first, let second, let frames): "\(first) and \(second) both hold frames \(frames); give each frame once"
        case .gaps(let total, let missing): "the shards do not cover the sequence of \(total) frames: missing frames \(missing)"
        }
    }
}

extension ExportOverBudget {
    var message: String {
        let size = estimated ? "is estimated at \(smallestSize)" : "is \(smallestSize)"
        let advice = isGIF ? "allow more, render a shorter or smaller sequence, or export WebP or MP4, which keep a scroll in a fraction of a GIF's size"
            : "allow more, or render a shorter or smaller sequence"
        return "\(path) cannot fit \(budget): the smallest try (\(smallestTry)) \(size); \(advice)"
    }
}

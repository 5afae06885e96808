import FileSystem

/// Approving a change: an actual sequence's frames copied over a golden (expected) one — the
/// chosen frames, or all of them — so that the golden becomes the sequence the actual run made.
/// The new golden is staged beside the old and moved in by renames, the old kept until then,
/// as a render's `--force` does; frames that stay are linked, not rewritten.
package enum GoldenRecorder {
    /// What a recording did.
    package struct Result: Sendable {
        /// Frames taken from the actual sequence, by number.
        package var recorded: [Int]
        /// Frames the golden had beyond the actual sequence's end, now gone.
        package var dropped: Range<Int>
    }

    /// Makes `expected` hold `actual`'s sequence: frame `i` from `actual` when `fromActual(i)` or
    /// when `expected` lacks it, else `expected`'s own; the manifest is `actual`'s. A missing
    /// `expected` folder is created.
    package static func record(expected: String, actual: String, fromActual: (Int) -> Bool,
                               cancellation: Cancellation = Cancellation()) throws(ScrollRenderError) -> Result {
        let manifest = try wholeSequence(actual)
        let earlier = FileSystem.isFolder(expected) ? (try? Manifest.read(folder: expected)) : nil
        let target = try OutputFolder.prepare(expected, force: true)
        let folder = try target.beginStaging()
        do throws(ScrollRenderError) {
            var recorded: [Int] = []
            for frame in manifest.frames {
                if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
                let name = FrameNaming.name(frame.index)
                let kept = FileSystem.join(expected, name)
                let takeActual = fromActual(frame.index) || earlier == nil || !FileSystem.isRegularFile(kept)
                if takeActual { recorded.append(frame.index) }
                _ = try folder.place(takeActual ? FileSystem.join(actual, name) : kept, named: name)
            }
            if let moved = try manifestBytes(manifest, in: expected) {
                try folder.write(moved, named: "manifest.json")
            } else {
                _ = try folder.place(FileSystem.join(actual, "manifest.json"), named: "manifest.json")
            }
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            try folder.publish()
            let dropped = manifest.frameCount..<max(manifest.frameCount, earlier?.frameCount ?? 0)
            return Result(recorded: recorded, dropped: dropped)
        } catch {
            folder.discard()
            throw error
        }
    }

    /// How much a keyframe golden may weigh, manifest included: light enough for git.
    package static let keyframeBudget = 1_000_000

    /// Makes `expected` a keyframe golden of `actual`'s sequence: the pictures of its keyframes
    /// (``Manifest/keyframeCandidates``, the most telling first, as many as ``keyframeBudget``
    /// holds; the first frame always) and a manifest of every frame's motion that lists them,
    /// replaced whole.
    package static func recordKeyframes(expected: String, actual: String,
                                        cancellation: Cancellation = Cancellation()) throws(ScrollRenderError) -> Result {
        var manifest = try wholeSequence(actual)
        let earlier = FileSystem.isFolder(expected) ? (try? Manifest.read(folder: expected)) : nil
        manifest.keyframes = keyframes(of: manifest, in: actual)
        let target = try OutputFolder.prepare(expected, force: true)
        let folder = try target.beginStaging()
        do throws(ScrollRenderError) {
            for index in manifest.keyframes ?? [] {
                if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
                _ = try folder.place(FileSystem.join(actual, FrameNaming.name(index)), named: FrameNaming.name(index))
            }
            try folder.write(try kept(manifest, in: expected).jsonBytes(), named: "manifest.json")
            if let signal = cancellation.signalNumber { throw .interrupted(signal: signal) }
            try folder.publish()
            return Result(recorded: manifest.keyframes ?? [], dropped: manifest.frameCount..<max(manifest.frameCount, earlier?.frameCount ?? 0))
        } catch {
            folder.discard()
            throw error
        }
    }

    /// The candidates that fit the budget with the manifest, in frame order.
    private static func keyframes(of manifest: Manifest, in folder: String) -> [Int] {
        var spent = (try? manifest.jsonBytes().count) ?? 0
        var chosen: [Int] = []
        for index in manifest.keyframeCandidates {
            let size = FileSystem.fileSize(FileSystem.join(folder, FrameNaming.name(index))) ?? 0
            guard chosen.isEmpty || spent + size <= keyframeBudget else { continue }
            chosen.append(index)
            spent += size
        }
        return chosen.sorted()
    }

    /// Makes the motion golden `expected` (a folder holding only its manifest) hold `actual`'s
    /// manifest, replaced whole.
    package static func recordMotion(expected: String, actual: String) throws(ScrollRenderError) {
        let manifest = try wholeSequence(actual)
        let source = FileSystem.join(actual, "manifest.json"), target = FileSystem.join(expected, "manifest.json")
        let moved = try manifestBytes(manifest, in: expected)
        do throws(FileSystemError) {
            let bytes = if let moved { moved } else { try FileSystem.readRegularFile(source) }
            try FileSystem.writeAtomically(bytes, to: target, notOver: source)
        } catch {
            throw .cannotCreateOutput(path: target, reason: error.reason)
        }
    }

    /// `manifest` (read whole) as the golden `expected` keeps it, when it names a header picture:
    /// named from the golden's folder, not from the work folder the render was made in, so that a
    /// golden replayed as a scenario (a suite's golden without one) finds it.
    private static func manifestBytes(_ manifest: Manifest, in expected: String) throws(ScrollRenderError) -> [UInt8]? {
        guard manifest.settings.headerPath != nil else { return nil }
        return try kept(manifest, in: expected).jsonBytes()
    }

    /// `manifest` (read whole, its header a full path) as the golden `expected` writes it.
    private static func kept(_ manifest: Manifest, in expected: String) -> Manifest {
        var kept = manifest
        kept.settings.headerPath = Manifest.headerPath(manifest.settings.headerPath, writtenIn: expected)
        return kept
    }

    /// The manifest of `folder`, which must hold a whole sequence: a golden recorded from a part
    /// would pass every later render that agrees on those frames alone.
    private static func wholeSequence(_ folder: String) throws(ScrollRenderError) -> Manifest {
        let manifest = try Manifest.read(folder: folder)
        guard manifest.partial else { return manifest }
        throw .partialSequence(folder: folder, frames: manifest.frameRange.map { $0.first...$0.last }, total: manifest.totalFrames)
    }
}

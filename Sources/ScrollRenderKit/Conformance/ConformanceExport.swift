import FileSystem
import Foundation
import Geometry

/// The conformance set as files: per vector its input, the model's offset at every display tick
/// and its delegate callbacks, as CSV; then `index.json`. The same bytes every time: numbers are
/// written with six decimals, files and keys in a fixed order.
public enum ConformanceExport {
    /// Every file of the set, by name, in the order they are written; `index.json` last.
    public static func files(_ vectors: [ConformanceVector] = ConformanceVector.catalog) throws(ScrollRenderError) -> [(name: String, bytes: [UInt8])] {
        var files: [(name: String, bytes: [UInt8])] = []
        var entries: [ConformanceIndex.Vector] = []
        for vector in vectors {
            let expectation = try vector.expectation()
            let names = (input: "\(vector.name).input.csv", expected: "\(vector.name).expected.csv", callbacks: "\(vector.name).callbacks.csv")
            files.append((names.input, Array(inputCSV(vector).utf8)))
            files.append((names.expected, Array(offsetsCSV(expectation.frames).utf8)))
            files.append((names.callbacks, Array(callbacksCSV(expectation.events).utf8)))
            let recordedFile = vector.recording.map { _ in "\(vector.name).recorded.csv" }
            if let recording = vector.recording, let recordedFile {
                files.append((recordedFile, try InputFile.read(recording.offsets, limit: RecordedMotion.maximumFileSize)))
            }
            entries.append(ConformanceIndex.Vector(
                name: vector.name, summary: vector.summary, evidence: vector.evidence, evidenceNote: vector.evidenceNote,
                input: vector.input, inputRate: vector.inputRate, view: vector.view,
                releases: expectation.events.filter { $0.name == "scrollViewWillEndDragging" }.map { number($0.time) },
                inputFile: names.input, expectedFile: names.expected, callbacksFile: names.callbacks,
                recordedFile: recordedFile, modelError: try vector.modelError(expectation)))
        }
        let index = ConformanceIndex(
            format: ConformanceIndex.formatName, version: ConformanceVector.formatVersion, model: "scrollrender \(ScrollRenderVersion.current)",
            vectors: entries, files: files.map { ConformanceIndex.File(name: $0.name, sha256: SHA256.hex($0.bytes)) })
        files.append((ConformanceIndex.fileName, index.jsonBytes()))
        return files
    }

    /// The built-in vectors, and those of the calibration recordings in `recordings` when given.
    public static func vectors(recordings: String?) throws(ScrollRenderError) -> [ConformanceVector] {
        ConformanceVector.catalog + (try recordings.map { folder throws(ScrollRenderError) in try ConformanceVector.recorded(in: folder) } ?? [])
    }

    /// Writes the set into `folder`, which must not exist or be empty: staged beside it, then put
    /// in place with one rename, so that it holds the whole set or nothing.
    public static func write(to folder: String, _ vectors: [ConformanceVector] = ConformanceVector.catalog) throws(ScrollRenderError) {
        // Said here, not as a render says it: a set has no --force.
        if let entries = try OutputFolder.existingEntries(FileSystem.trimmingTrailingSlashes(folder)),
           entries.contains(where: { !StagingFolder.isStagingName($0) }) {
            throw .cannotCreateOutput(path: folder, reason: "the folder exists and is not empty: export into a new or empty folder")
        }
        let target = try OutputFolder.prepare(folder, force: false)
        let made = try files(vectors)
        let staging = try target.beginStaging()
        do throws(ScrollRenderError) {
            for file in made { try staging.write(file.bytes, named: file.name) }
            try staging.publish()
        } catch {
            staging.discard()
            throw error
        }
    }

    /// `t,phase,x,y` (touch: began, moved, ended) or `t,phase,translationX,translationY` (trackpad:
    /// began, changed, ended), on the vector's clock.
    static func inputCSV(_ vector: ConformanceVector) -> String {
        let touch = vector.input == .touch
        var lines = [touch ? "t,phase,x,y" : "t,phase,translationX,translationY"]
        for gesture in vector.gestures {
            for (index, sample) in gesture.enumerated() {
                let phase = index == 0 ? "began" : index == gesture.count - 1 ? "ended" : touch ? "moved" : "changed"
                lines.append("\(fixed(sample.time)),\(phase),\(fixed(sample.x)),\(fixed(sample.y))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `t,offsetY,offsetX`: the offset at every display tick from 0 to the tick after rest.
    static func offsetsCSV(_ frames: [(time: Double, offset: Point)]) -> String {
        (["t,offsetY,offsetX"] + frames.map { "\(fixed($0.time)),\(fixed($0.offset.y)),\(fixed($0.offset.x))" }).joined(separator: "\n") + "\n"
    }

    /// `t,callback,offsetY,offsetX,velocityY,velocityX,targetY,targetX`: every delegate callback;
    /// `scrollViewWillEndDragging` with UIKit's velocity (pt/ms) and target.
    static func callbacksCSV(_ events: [Manifest.Event]) -> String {
        var lines = ["t,callback,offsetY,offsetX,velocityY,velocityX,targetY,targetX"]
        for event in events {
            var fields = [fixed(event.time), event.name, fixed(event.contentOffset.y), fixed(event.contentOffset.x)]
            fields += [event.velocity?.y, event.velocity?.x, event.targetContentOffset?.y, event.targetContentOffset?.x].map { $0.map(fixed) ?? "" }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Six decimals, never `-0.000000`: the value rounded to the microsecond (or micro-point), its
    /// digits written from the integer (a set is tens of thousands of numbers; `String(format:)`
    /// took a tenth of an export).
    static func fixed(_ value: Double) -> String {
        let scaled = (value * 1e6).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return String(format: "%.6f", value) }
        let micro = Int64(scaled), magnitude = micro.magnitude
        let fraction = String(magnitude % 1_000_000)
        return (micro < 0 ? "-" : "") + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// The value as the files give it (six decimals).
    static func number(_ value: Double) -> Double { Double(fixed(value)) ?? value }
}

import Foundation
import Raster
@testable import ScrollRenderKit

/// A recording of `../shared/recordings` turned into a scenario exactly as that folder's README
/// says (the held-back recordings are replayed the same way): the view's size and scale, content of
/// the recorded size, the offset before the pan moved it, and one step per gesture whose samples
/// go to a CSV the scenario names (`drag.pathFile` for touches, `trackpad.pathFile` for a trackpad).
struct RecordingReplay {
    static let folder = CommandRunner.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/recordings")
    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// Rows of a recording CSV: `#` lines are the header's notes, then named columns.
    struct Table {
        var notes: String
        var rows: [[String: String]]

        init(_ url: URL) throws {
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            notes = lines.filter { $0.hasPrefix("#") }.joined(separator: "\n")
            let data = lines.filter { !$0.hasPrefix("#") }
            let names = data[0].split(separator: ",").map(String.init)
            rows = data.dropFirst().map { line in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                return Dictionary(uniqueKeysWithValues: zip(names, fields))
            }
        }

        /// A `key=value` number of the header's notes.
        func note(_ key: String) -> Double? {
            guard let range = notes.range(of: "\(key) *= *", options: .regularExpression) else { return nil }
            return Double(notes[range.upperBound...].prefix { "0123456789.-e".contains($0) })
        }
    }

    let name: String
    /// Where the recording's CSVs are: the shared recordings, or a test's own.
    let source: URL
    let offsets: Table

    init(_ name: String, in source: URL = Self.folder) throws {
        self.name = name
        self.source = source
        offsets = try Table(source.appendingPathComponent("\(name).csv"))
    }

    var recordingPath: String { source.appendingPathComponent("\(name).csv").path }

    private func number(_ row: [String: String], _ key: String) -> Double { Double(row[key] ?? "") ?? 0 }

    /// Writes the scenario, its sample CSVs and a picture of the content's size into `folder`;
    /// returns the scenario's and the picture's paths.
    func write(in folder: URL) throws -> (scenario: String, picture: String) {
        let scale = offsets.note("scale")!
        let content = (offsets.note("contentWidth")!, offsets.note("contentHeight")!)
        // A picture of the content's size at a sixth of the pixels (imageScale 1/6: 6 pt a pixel).
        let picture = RenderFixtures.picture(width: Int(content.0 / 6), height: Int(content.1 / 6))
        let picturePath = try RenderFixtures.write(picture, named: "content.png", in: folder)
        let touches = source.appendingPathComponent("\(name).touches.csv")
        let steps = FileManager.default.fileExists(atPath: touches.path)
            ? try touchSteps(Table(touches), in: folder) : try trackpadSteps(in: folder)
        let scenario: [String: Any] = [
            "settings": [
                "size": [offsets.note("boundsWidth")!, offsets.note("boundsHeight")!], "scale": scale,
                "offset": [0, try startOffset(scale: scale)], "imageScale": 1.0 / 6, "hold": 0, "fps": 10,
            ],
            "timeline": steps,
        ]
        let url = folder.appendingPathComponent("scenario.json")
        try JSONSerialization.data(withJSONObject: scenario, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return (url.path, picturePath)
    }

    /// y₀: the first write plus its translation, on the pixel grid (past an edge: the first
    /// rubber-band input plus its translation).
    private func startOffset(scale: Double) throws -> Double {
        let first = offsets.rows[0]
        let band = source.appendingPathComponent("\(name).rubberband.csv")
        let written = FileManager.default.fileExists(atPath: band.path)
            ? number(try Table(band).rows[0], "offset") : number(first, "offsetY")
        return ((written + number(first, "translationY")) * scale).rounded() / scale
    }

    /// One drag per touch sequence, samples relative to its touch-down; later ones `at` their start.
    private func touchSteps(_ touches: Table, in folder: URL) throws -> [[String: Any]] {
        var steps: [[String: Any]] = []
        var sequence: [[String: String]] = []
        var firstBegan: Double?
        for row in touches.rows {
            sequence.append(row)
            guard row["phase"] == "ended" else { continue }
            let began = number(sequence[0], "t")
            let csv = "t,x,y\n" + sequence.map { "\(number($0, "t") - began),\(number($0, "cx")),\(number($0, "cy"))" }.joined(separator: "\n")
            let file = "touches-\(steps.count).csv"
            try csv.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            var step: [String: Any] = ["drag": ["pathFile": file]]
            if let first = firstBegan { step["at"] = began - first } else { firstBegan = began }
            steps.append(step)
            sequence = []
        }
        return steps
    }

    /// One trackpad pan per run of dragging rows, repeats left out, from a [0, 0, 0] sample at t₀.
    private func trackpadSteps(in folder: URL) throws -> [[String: Any]] {
        var runs: [[[String: String]]] = []
        var previous = "decelerating"
        for row in offsets.rows {
            if row["phase"] == "dragging" {
                if previous != "dragging" { runs.append([]) }
                runs[runs.count - 1].append(row)
            }
            previous = row["phase"] ?? ""
        }
        var steps: [[String: Any]] = []
        var firstStart: Double?
        for (index, run) in runs.enumerated() {
            var samples: [(Double, Double, Double)] = []
            for row in run {
                let sample = (number(row, "t"), number(row, "translationX"), number(row, "translationY"))
                if let last = samples.last, last.1 == sample.1, last.2 == sample.2 { continue }
                samples.append(sample)
            }
            let first = samples[0]
            let translation = (first.1 * first.1 + first.2 * first.2).squareRoot()
            let velocity = hypot(number(run[0], "velocityX"), number(run[0], "velocityY"))
            var start = first.0
            if translation > 0 {
                start = first.0 - min(translation / velocity, 1.0 / 30)
                samples.insert((start, 0, 0), at: 0)
            }
            if index == runs.count - 1, let release = offsets.note("releaseTime"), release - samples.last!.0 > 0.05 {
                samples.append((release, samples.last!.1, samples.last!.2))
            }
            let csv = "t,tx,ty\n" + samples.map { "\($0.0 - start),\($0.1),\($0.2)" }.joined(separator: "\n")
            let file = "pan-\(index).csv"
            try csv.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
            var step: [String: Any] = ["trackpad": ["pathFile": file]]
            if let first = firstStart { step["at"] = start - first } else { firstStart = start }
            steps.append(step)
        }
        return steps
    }
}

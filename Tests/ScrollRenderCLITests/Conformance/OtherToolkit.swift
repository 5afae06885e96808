import Foundation
import ScrollRenderKit

/// Another toolkit's scroll view, as the conformance docs ask a team to run theirs: fed a vector's
/// input from the exported files, it logs its offset at every frame of its own (here at the
/// vector's display rate), from the first touch until it rests.
protocol OtherToolkit {
    /// Starts a drag, ending any fling where it is.
    mutating func began(at time: Double, position: Double, offset: Double) -> Double
    /// The finger (or the pan's translation) moved to `position`: the new offset.
    mutating func moved(at time: Double, position: Double, offset: Double, view: ConformanceVector.View) -> Double
    /// The finger lifted at `position`: the offset there, and the fling that follows, if any.
    mutating func ended(at time: Double, position: Double, offset: Double, view: ConformanceVector.View) -> (offset: Double, fling: (any Fling)?)
}

/// A motion after the finger lifts, from its start.
protocol Fling {
    func offset(at elapsed: Double) -> Double
    func isDone(at elapsed: Double) -> Bool
}

/// One input sample of a vector's `NAME.input.csv`.
struct InputSample {
    var time: Double
    var phase: String
    var position: Double
}

enum OtherToolkitRun {
    /// Every vector of the set in `vectors`, run through `make()`'s toolkit, its log written to
    /// `theirs/NAME.csv`; `round` rounds each logged offset (a browser's device-pixel scrollTop).
    static func logAll(vectors: URL, into theirs: URL, round: Bool = false, make: () -> any OtherToolkit) throws {
        let index = try JSONDecoder().decode(ConformanceIndex.self, from: Data(contentsOf: vectors.appendingPathComponent("index.json")))
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        for vector in index.vectors {
            let samples = try input(vectors.appendingPathComponent(vector.inputFile))
            var toolkit = make()
            let log = run(&toolkit, samples: samples, view: vector.view, round: round)
            let text = "t,offsetY\n" + log.map { String(format: "%.6f,%.6f", $0.time, $0.offset) }.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: theirs.appendingPathComponent("\(vector.name).csv"))
        }
    }

    /// `t,phase,x,y` or `t,phase,translationX,translationY`: the vertical position of each sample.
    static func input(_ file: URL) throws -> [InputSample] {
        try String(decoding: Data(contentsOf: file), as: UTF8.self).split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",")
            return InputSample(time: Double(fields[0])!, phase: String(fields[1]), position: Double(fields[3])!)
        }
    }

    /// The toolkit's offset at every frame (k / displayRate) until input and motion are over.
    static func run(_ toolkit: inout any OtherToolkit, samples: [InputSample], view: ConformanceVector.View, round: Bool) -> [(time: Double, offset: Double)] {
        var offset = view.offsetY
        var fling: (start: Double, motion: any Fling)?
        var pending = samples[...]
        var log: [(time: Double, offset: Double)] = []
        let lastInput = samples.last?.time ?? 0
        for k in 0... {
            let t = Double(k) / view.displayRate
            while let sample = pending.first, sample.time <= t + 1e-9 {
                pending = pending.dropFirst()
                if let (start, motion) = fling {
                    offset = motion.offset(at: sample.time - start)
                    fling = nil
                }
                switch sample.phase {
                case "began": offset = toolkit.began(at: sample.time, position: sample.position, offset: offset)
                case "ended":
                    let end = toolkit.ended(at: sample.time, position: sample.position, offset: offset, view: view)
                    offset = end.offset
                    fling = end.fling.map { (sample.time, $0) }
                default: offset = toolkit.moved(at: sample.time, position: sample.position, offset: offset, view: view)
                }
            }
            if let (start, motion) = fling {
                offset = motion.offset(at: t - start)
                if motion.isDone(at: t - start) { fling = nil }
            }
            let shown = round ? (offset * view.scale).rounded() / view.scale : offset
            log.append(((t * 1e6).rounded() / 1e6, shown))
            if pending.isEmpty, fling == nil, t > lastInput + 0.1 { return log }
        }
        return log
    }
}

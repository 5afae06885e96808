import ArgumentParser
import FileSystem
import Foundation
import ImageCodecs
import Raster
import ScrollRenderKit
import TextFormat

/// `scrollrender recording-to-scenario OFFSETS.csv [--touches T.csv] > flick.json`: a device
/// recording as a scenario that replays it, so that `compare-motion` can check the model against
/// a team's own phone.
struct RecordingToScenario: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recording-to-scenario",
        abstract: "Turns a device recording (offsets CSV with its # header, and a touches CSV or trackpad translations) into a scenario that replays it.",
        discussion: """
            The offsets CSV is what compare-motion reads: t, phase (dragging while the finger or \
            trackpad drags), offsetY, and on dragging rows translationY, velocityY, translationX and \
            velocityX, with a # header giving the view and content, as in \
            "# boundsWidth=402 boundsHeight=874 contentWidth=402 contentHeight=6000 scale=3" \
            (and releaseTime=… for a trackpad gesture whose fingers rested before lifting). A touch \
            recording adds its touches CSV (t, phase began/moved/ended, cx, cy); one whose header \
            says its input was touch is refused without it. A trackpad gesture is replayed from the \
            recorded translations; one that starts past an edge takes the rubber-band log (offset, …: \
            the first input). The gestures start where the recording's display ticks put them: \
            UIKit writes a drag on a tick, and when a quick start or a catch begins its drag depends \
            on that phase. docs/model.md ("How the rules are checked") describes the conversion.

            The scenario goes to stdout; --picture writes a plain stand-in picture of the content's \
            size (the scenario's imageScale makes it exactly the recorded content):

              scrollrender recording-to-scenario flick.csv --touches flick.touches.csv --picture content.png > flick.json
              scrollrender --scenario flick.json --frames 0 content.png out/ && scrollrender compare-motion flick.csv out/

            Exit status: 0 written, 64 bad arguments (a touch recording without --touches), 65 a bad \
            recording, 66 missing input, 73 the picture cannot be written.
            """)

    @Argument(help: "The offsets the scroll view wrote, with the # header (t,phase,offsetY,translationY,velocityY,translationX,velocityX).")
    var offsets: String

    @Option(help: ArgumentHelp("The touches the pan recognizer received (t,phase,…,cx,cy): a touch recording.", valueName: "FILE"))
    var touches: String?

    @Option(help: ArgumentHelp("UIKit's rubber-band calls (offset,…), for a gesture that starts past an edge: the start offset is the first input's.", valueName: "FILE"))
    var rubberband: String?

    @Option(help: ArgumentHelp("Also write a plain picture of the content's size to render the scenario over (PNG).", valueName: "FILE"))
    var picture: String?

    @OptionGroup var memory: MemoryArguments

    func run() throws {
        var json = ""
        try reportingErrors { () throws(ScrollRenderError) in
            let inputs = [offsets, touches, rubberband].compactMap { $0 }.map { OutputPaths.Input($0, "a recording") }
            if let picture { try OutputPaths.refuseInputs(outputs: [picture], inputs: inputs) }
            let scenario = try RecordingScenario(offsets: offsets, touches: touches, rubberBand: rubberband)
            let (width, height) = scenario.picturePixels
            let k = scenario.pictureDivisor
            let content = "\(TextFormat.number(scenario.contentSize.width))×\(TextFormat.number(scenario.contentSize.height)) pt"
            let source = ([offsets] + [touches].compactMap { $0 }).map(FileSystem.lastComponent).joined(separator: " and ")
            let phase = TextFormat.number(scenario.tickPhase * 1000, places: 2)
            json = scenario.json(description: "Replays \(source) (\(scenario.gestures.count) \(scenario.input == .touch ? "touch" : "trackpad") gesture\(scenario.gestures.count == 1 ? "" : "s"), the first \(phase) ms after a display tick as recorded): content \(content), a picture of \(width)×\(height) pixels at imageScale 1/\(k).",
                                 imageScale: 1 / Double(k))
            // What is printed must read back as a scenario.
            _ = try Scenario(json: Array(json.utf8), file: "the scenario written")
            if let picture {
                try Self.writePicture(width: width, height: height, divisor: k, to: picture, memoryLimit: memory.bytes ?? MemoryBudget.defaultLimit)
                StandardError.line("scrollrender: wrote \(picture) (\(width)×\(height) pixels: the content, \(content), at imageScale 1/\(k))")
            } else {
                StandardError.line("scrollrender: render it over a picture of \(width)×\(height) pixels (the content, \(content), at imageScale 1/\(k)); --picture FILE writes one")
            }
        }
        try StandardOutput.write(json)
    }

    /// Pale bands 50 pt high, a darker line every 500 pt: motion shows in the frames. Planned
    /// within the memory limit (its pixels and its encoding) before anything is allocated; a file
    /// already at `path` stays unless it is this very picture (an earlier run's).
    static func writePicture(width: Int, height: Int, divisor: Int, to path: String, memoryLimit: Int) throws(ScrollRenderError) {
        let (pixelBytes, overflow) = width.multipliedReportingOverflow(by: height * RGBAImage.bytesPerPixel)
        guard !overflow, pixelBytes <= memoryLimit / 2 else {
            throw .overMemoryLimit(MemoryShortfall(.standInPicture(path: path, width: width, height: height),
                                                   needed: overflow ? Int.max : pixelBytes * 2, limit: memoryLimit))
        }
        var pixels = [UInt8](repeating: 255, count: pixelBytes)
        for y in 0..<height {
            let points = y * divisor
            let colour: (UInt8, UInt8, UInt8) = points % 500 < divisor ? (96, 125, 139) : (points / 50) % 2 == 0 ? (236, 239, 241) : (207, 216, 220)
            for x in 0..<width {
                let o = (y * width + x) * 4
                (pixels[o], pixels[o + 1], pixels[o + 2]) = colour
            }
        }
        do {
            let bytes = try PNGEncoder(compressionLevel: 9).encode(RGBAImage(width: width, height: height, pixels: pixels))
            if FileSystem.kind(path) != nil {
                let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
                guard FileSystem.kind(path) == .regularFile, size == bytes.count,
                      FileManager.default.contents(atPath: path).map({ [UInt8]($0) == bytes }) == true else {
                    throw ScrollRenderError.cannotCreateOutput(path: path, reason: "it exists, and recording-to-scenario replaces only the picture it wrote there (remove it or name another file)")
                }
                return
            }
            try FileSystem.writeAtomically(bytes, to: path)
        } catch let error as ScrollRenderError {
            throw error
        } catch let error as FileSystemError {
            throw .cannotCreateOutput(path: path, reason: error.reason)
        } catch {
            throw .cannotCreateOutput(path: path, reason: "\(error)")
        }
    }
}

import FileSystem
import Foundation

extension SequenceManifest {
    /// Why a manifest cannot be read, in words (the caller names the file).
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// A manifest's bytes, decoded and range-checked: every number a reader computes with is
    /// within what a render can write, so that no conversion or arithmetic on a hostile manifest
    /// can trap. `describe` words a decoding error (the render's reader names scenario keys).
    public static func decode(_ bytes: [UInt8], describe: (any Error) -> String = { "\($0)" }) throws(Problem) -> SequenceManifest {
        let manifest: SequenceManifest
        do {
            manifest = try JSONDecoder().decode(SequenceManifest.self, from: Data(bytes))
        } catch {
            throw Problem(description: describe(error))
        }
        try manifest.checkNumbers()
        return manifest
    }

    /// Every number a reader computes with is within what a render can write.
    public func checkNumbers() throws(Problem) {
        func check(_ ok: Bool, _ problem: @autoclosure () -> String) throws(Problem) {
            if !ok { throw Problem(description: problem()) }
        }
        try check(fps.isFinite && fps > 0 && fps <= Self.maximumFPS, "fps \(fps) is not a frame rate from 0 to \(Self.maximumFPS)")
        let sides = 1...Self.maximumFrameSide
        try check(sides.contains(pixelWidth) && sides.contains(pixelHeight),
                  "the frame size \(pixelWidth)×\(pixelHeight) is not from 1 to \(Self.maximumFrameSide) pixels a side")
        let counts = 0...Self.maximumFrameCount
        try check(counts.contains(frameCount) && counts.contains(totalFrames), "frameCount \(frameCount) or totalFrames \(totalFrames) is not from 0 to \(Self.maximumFrameCount)")
        try check(displayScale.isFinite && displayScale > 0 && displayScale <= 100, "displayScale \(displayScale) is not a scale from 0 to 100")
        try check(pattern == FrameNaming.pattern, "pattern \"\(FileSystem.printable(pattern))\" is not \(FrameNaming.pattern)")
        for frame in frames {
            try check(counts.contains(frame.index) && Self.isPlausible(frame.time) && Self.isPlausible(frame.contentOffset.x)
                      && Self.isPlausible(frame.contentOffset.y) && Self.isPlausible(frame.zoomScale),
                      "frame \(frame.index) has a number out of range (time, contentOffset or zoomScale)")
        }
        if let keyframes {
            let held = frameRange?.frames ?? 0..<0
            try check(zip(keyframes, keyframes.dropFirst()).allSatisfy { $0 < $1 } && keyframes.allSatisfy(held.contains),
                      "keyframes must be frame numbers of the folder's frames, in order, each once")
        }
        for event in events {
            try check(Self.isPlausible(event.time) && Self.isPlausible(event.contentOffset.x) && Self.isPlausible(event.contentOffset.y),
                      "the event \(FileSystem.printable(event.name)) has a time or contentOffset out of range")
        }
    }

    /// Finite and far inside what any conversion to an integer can hold.
    private static func isPlausible(_ value: Double) -> Bool {
        value.isFinite && abs(value) < 1e12
    }
}

/// File names of the sequence, in the form ffmpeg's image2 demuxer reads.
public enum FrameNaming {
    public static let pattern = "frame_%05d.png"

    public static func name(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The frame number a file name written by ``name(_:)`` holds, or `nil` for any other name.
    public static func index(of name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard (5...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits),
              self.name(index) == name else { return nil }
        return index
    }
}

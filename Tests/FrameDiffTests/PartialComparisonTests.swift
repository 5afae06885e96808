import Foundation
import Testing
import _ScrollRenderTestSupport
@testable import FrameDiff

/// Issue 35: equal means compared. A part of a sequence (`--frames`, `--shard`) is compared on the
/// frames both sides hold, by frame number, and the result says which; it is never "equal" for
/// the whole, and two copies of a damaged frame are called damaged, not identical.
@Suite struct PartialComparisonTests {
    /// A manifest whose frames `first..<first + offsets.count` scroll to `offsets`, of a sequence
    /// of `total` frames (a part when that is longer), with two callbacks.
    static func manifest(offsets: [Double], first: Int = 0, total: Int? = nil, width: Int = 8, height: Int = 6) -> [String: Any] {
        let total = total ?? offsets.count
        var manifest = Fixtures.minimalManifest(fps: 60, width: width, height: height, frameCount: offsets.count)
        manifest["frames"] = offsets.enumerated().map { position, y in
            ["index": first + position, "time": Double(first + position) / 60, "contentOffset": ["x": 0, "y": y], "zoomScale": 1,
             "isTracking": false, "isDragging": false, "isDecelerating": true, "isZooming": false, "isZoomBouncing": false] as [String: Any]
        }
        manifest["events"] = ["scrollViewWillBeginDragging:", "scrollViewDidScroll:"].map {
            ["time": 0, "name": $0, "selector": $0, "contentOffset": ["x": 0, "y": 0], "zoomScale": 1] as [String: Any]
        }
        manifest["totalFrames"] = total
        manifest["partial"] = total != offsets.count
        if !offsets.isEmpty { manifest["frameRange"] = ["first": first, "last": first + offsets.count - 1] }
        return manifest
    }

    /// A folder holding `manifest` and, unless it is a motion golden, a frame file for each frame.
    static func folder(_ manifest: [String: Any], at path: String, frames: Bool = true) throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for case let frame as [String: Any] in manifest["frames"] as! [Any] where frames {
            let index = frame["index"] as! Int
            try RenderFixtures.writePNG(Fixtures.picture(width: 8, height: 6, seed: index), to: "\(path)/frame_\(String(format: "%05d", index)).png", keepsAlpha: true)
        }
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: "\(path)/manifest.json"))
        return path
    }

    static let golden = (0..<10).map { Double($0 * $0) }

    @Test func aMotionGoldenAgainstAPartComparesTheFramesThePartHolds() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let motion = try Self.folder(Self.manifest(offsets: Self.golden), at: "\(root)/motion", frames: false)
        // Given a part holding frames 0–0 of another motion (same length, same callbacks)
        let other = try Self.folder(Self.manifest(offsets: [0], total: 10), at: "\(root)/part")
        // When it is compared with the motion golden
        let report = try FrameDiffer.compare(expected: motion, actual: other)
        // Then it passes on that frame alone, and says so: never "equal" for the whole
        #expect(report.passed)
        #expect(report.partCompared == DiffReport.PartCompared(0..<1, of: 10))
        #expect(report.resultSentence.hasPrefix("equal in frame 0 of 10, the rest not compared"))
        #expect(report.notes == ["note: actual holds only frames 0–0 of 10 (a part of the sequence: join parts with scrollrender merge)"])
    }

    @Test func aShardIsMatchedByFrameNumberNotPosition() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let motion = try Self.folder(Self.manifest(offsets: Self.golden), at: "\(root)/motion", frames: false)
        // Given shards holding frames 4–6: one of the golden's motion, one that parts at frame 5
        let same = try Self.folder(Self.manifest(offsets: Array(Self.golden[4...6]), first: 4, total: 10), at: "\(root)/same")
        let parted = try Self.folder(Self.manifest(offsets: [16, 26, 36], first: 4, total: 10), at: "\(root)/parted")
        // Then the first compares equal on frames 4–6, and the second parts at frame 5
        let equal = try FrameDiffer.compare(expected: motion, actual: same)
        #expect(equal.passed && equal.resultSentence.hasPrefix("equal in frames 4–6 of 10, the rest not compared"))
        let different = try FrameDiffer.compare(expected: motion, actual: parted)
        #expect(!different.passed)
        #expect(different.firstPartingFrame == 5)
    }

    @Test func partsWithNoFrameInCommonCompareNothingAndFail() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try Self.folder(Self.manifest(offsets: [0, 1], total: 10), at: "\(root)/first")
        let last = try Self.folder(Self.manifest(offsets: [64, 81], first: 8, total: 10), at: "\(root)/last")
        for motion in [false, true] {
            let expected = motion ? try Self.folder(Self.manifest(offsets: [0, 1], total: 10), at: "\(root)/m", frames: false) : first
            let report = try FrameDiffer.compare(expected: expected, actual: last)
            #expect(!report.passed, "motion \(motion)")
            #expect(report.differences?.contains("nothing compared") == true, "motion \(motion)")
        }
    }

    @Test func aShardOfALongerSequenceSaysWhichLengthsDiffer() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let golden = try Self.folder(Self.manifest(offsets: Array(Self.golden[0...3]), total: 10), at: "\(root)/golden")
        let longer = try Self.folder(Self.manifest(offsets: Array(Self.golden[0...3]), total: 12), at: "\(root)/longer")
        let report = try FrameDiffer.compare(expected: golden, actual: longer)
        #expect(report.problems.map(\.message) == ["frame count differs: expected 10, actual 12 (2 frames extra)"])
        // The result says what differs, not "DIFFERENT: " and nothing after it.
        #expect(report.differences == "frame count differs" && report.resultSentence == "DIFFERENT: frame count differs")
    }

    /// The same frame in both folders whose zlib stream is cut short behind CRCs made valid again
    /// is damaged, as it is alone: identical bytes are decoded once, not trusted.
    @Test func twoCopiesOfAFrameCutShortBehindValidCRCsAreDamaged() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = try Self.folder(Self.manifest(offsets: [0, 1]), at: "\(root)/a")
        let b = try Self.folder(Self.manifest(offsets: [0, 1]), at: "\(root)/b")
        let cut = Self.cuttingIDAT(Array(try Data(contentsOf: URL(fileURLWithPath: "\(a)/frame_00001.png"))), by: 6)
        for folder in [a, b] { try Data(cut).write(to: URL(fileURLWithPath: "\(folder)/frame_00001.png")) }
        #expect {
            try FrameDiffer.compare(expected: a, actual: b)
        } throws: { error in
            guard case DiffError.corruptPNG(let path, _) = error else { return false }
            return path.hasSuffix("a/frame_00001.png")
        }
    }

    /// `png` with its (one) IDAT's data `count` bytes shorter and the chunk's length and CRC made
    /// right again: every chunk whole, IEND last, the stream inside cut short.
    static func cuttingIDAT(_ png: [UInt8], by count: Int) -> [UInt8] {
        var out = Array(png[0..<8]), offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = Array(png[offset + 4..<offset + 8])
            var data = Array(png[offset + 8..<offset + 8 + length])
            if type == Array("IDAT".utf8) { data.removeLast(count) }
            out += withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + type + data
            out += withUnsafeBytes(of: crc32(type + data).bigEndian, Array.init)
            offset += 12 + length
        }
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func twoCopiesOfADamagedFrameAreCalledDamaged() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let a = try Self.folder(Self.manifest(offsets: [0, 1]), at: "\(root)/a")
        let b = try Self.folder(Self.manifest(offsets: [0, 1]), at: "\(root)/b")
        // Given the same truncated frame in both folders
        let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(a)/frame_00001.png"))
        for folder in [a, b] { try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: "\(folder)/frame_00001.png")) }
        // Then the comparison fails on it by name instead of calling the copies identical
        #expect {
            try FrameDiffer.compare(expected: a, actual: b)
        } throws: { error in
            guard case DiffError.corruptPNG(let path, _) = error else { return false }
            return path.hasSuffix("a/frame_00001.png")
        }
    }

    /// A keyframe golden holds the pictures of a few frames and the motion of all: the pixels are
    /// compared on its keyframes, the motion on every frame, and both decide.
    @Test func aKeyframeGoldenComparesItsKeyframesPixelsAndEveryFramesMotion() throws {
        let root = try TestFiles.temporaryFolder().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        var manifest = Self.manifest(offsets: Self.golden)
        manifest["keyframes"] = [0, 4, 9]
        let golden = try Self.folder(manifest, at: "\(root)/golden")
        for index in [1, 2, 3, 5, 6, 7, 8] { try FileManager.default.removeItem(atPath: "\(golden)/frame_0000\(index).png") }
        let same = try Self.folder(Self.manifest(offsets: Self.golden), at: "\(root)/same")
        let report = try FrameDiffer.compare(expected: golden, actual: same)
        #expect(report.passed && report.summary.compared == 3, "\(report.text)")
        #expect(report.notes.contains("note: a keyframe golden: the pixels of its 3 frames of 10 frames compared, the motion of every frame"))
        // A frame between keyframes whose motion changed fails on the motion.
        var moved = Self.golden
        moved[5] += 3
        let parted = try Self.folder(Self.manifest(offsets: moved), at: "\(root)/parted")
        let failed = try FrameDiffer.compare(expected: golden, actual: parted)
        #expect(!failed.passed && failed.differences?.hasPrefix("motion parts at frame 5") == true, "\(failed.differences ?? "")")
        // A keyframe whose pixels changed fails on the pixels.
        try RenderFixtures.writePNG(Fixtures.picture(width: 8, height: 6, seed: 99), to: "\(same)/frame_00004.png", keepsAlpha: true)
        let pixels = try FrameDiffer.compare(expected: golden, actual: same)
        #expect(!pixels.passed && pixels.summary.different == 1)
        // Keyframes out of order, or not frames of the folder, are refused as it is read.
        manifest["keyframes"] = [4, 0]
        let bad = try Self.folder(manifest, at: "\(root)/bad", frames: false)
        #expect(throws: DiffError.self) { try FrameDiffer.compare(expected: bad, actual: same) }
    }
}

import Foundation
import Testing
import _ScrollRenderTestSupport

/// Issue 35, as a user runs the command: goldens and scenarios arrive in pull requests, so the
/// crafted frame reads without a crash, pictures claiming more than the memory limit are refused
/// before anything is allocated, frames that are links out of their folder are refused by name,
/// and names carrying terminal escapes reach no output raw.
@Suite struct UntrustedInputTests {
    /// A PNG claiming `width`×`height` (8-bit RGB, or 1-bit grey) of zeros, in a deflate stream of
    /// a literal and 258-byte copies: about 1/1000 of the pixels' size.
    static func zeroPNG(width: Int, height: Int, grey: Bool = false, idatPiece: Int? = nil) -> [UInt8] {
        let rowBytes = grey ? (width + 7) / 8 : width * 3
        let total = height * (rowBytes + 1)
        var stream: [UInt8] = [0x78, 0x01]
        var bits = 0, count = 0
        func put(_ value: Int, _ length: Int) {  // least significant bit first
            bits |= value << count
            count += length
            while count >= 8 { stream.append(UInt8(bits & 0xFF)); bits >>= 8; count -= 8 }
        }
        func code(_ value: Int, _ length: Int) {  // Huffman codes most significant bit first
            for i in stride(from: length - 1, through: 0, by: -1) { put((value >> i) & 1, 1) }
        }
        put(1, 1); put(1, 2)  // the final block, fixed codes
        code(0x30, 8)         // literal 0
        var left = total - 1
        while left >= 258 { code(0xC5, 8); code(0, 5); left -= 258 }  // length 258, distance 1
        for _ in 0..<left { code(0x30, 8) }  // the rest as literals
        code(0, 7)  // end of block
        if count > 0 { put(0, 8 - count) }
        stream += be32((total % 65521) << 16 | 1)  // Adler-32 of zeros
        let header = be32(width) + be32(height) + [grey ? 1 : 8, grey ? 0 : 2, 0, 0, 0]
        let piece = idatPiece ?? stream.count
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        for start in stride(from: 0, to: stream.count, by: piece) { png += chunk("IDAT", Array(stream[start..<min(start + piece, stream.count)])) }
        return png + chunk("IEND", [])
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be32(data.count) + body + be32(Int(crc ^ 0xFFFF_FFFF))
    }

    /// Peak resident memory in MB and exit status of `scrollrender ARGUMENTS`, under GNU time.
    static func peak(_ arguments: [String]) throws -> (megabytes: Double, status: Int32) {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let result = try CommandRunner.run(shell: "/usr/bin/time -f 'peak %M' '\(CommandRunner.executable.path)' \(quoted) >/dev/null 2>/tmp/scrollrender-peak-$$; status=$?; grep '^peak' /tmp/scrollrender-peak-$$; rm -f /tmp/scrollrender-peak-$$; exit $status")
        let kilobytes = Double(result.standardOutput.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "") ?? .infinity
        return (kilobytes / 1000, result.status)
    }

    @Test func theCraftedFrameIsComparedAndExportedWithoutACrash() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let crafted = TestFiles.fixture("crafted-frame.png")
        let plain = TestFiles.packageRoot.appendingPathComponent("Fuzz/seeds/png/zlib-level-0.png").path
        // The same pixels in another stream: both are decoded and compared.
        let compared = ScrollrenderCommand.run(["diff", crafted, plain])
        #expect(compared.status == 0, "\(compared.standardError)")
        #expect(compared.standardOutput.contains("result: equal (identical)"))
    }

    @Test func twoSmallFilesClaimingHugePicturesAreRefusedBeforeAllocating() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b) = (folder.appendingPathComponent("a.png").path, folder.appendingPathComponent("b.png").path)
        try Data(Self.zeroPNG(width: 16384, height: 16384, grey: true)).write(to: URL(fileURLWithPath: a))
        try Data(Self.zeroPNG(width: 16384, height: 16384, grey: true, idatPiece: 4096)).write(to: URL(fileURLWithPath: b))
        let diff = try Self.peak(["diff", a, b, "--max-memory", "100"])
        #expect(diff.status == 64 && diff.megabytes < 100, "exit \(diff.status), \(diff.megabytes) MB")
        let decode = try Self.peak(["decode", a, folder.appendingPathComponent("out.png").path, "--max-memory", "100"])
        #expect(decode.status == 64 && decode.megabytes < 100, "exit \(decode.status), \(decode.megabytes) MB")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }

    /// A golden of two frames whose manifest (and frame files) claim 4096×4096: compared one pair
    /// at a time within --max-memory, as the plan says.
    @Test func aGoldenOfHugeFramesIsComparedWithinTheMemoryLimit() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (golden, actual) = (folder.appendingPathComponent("golden"), folder.appendingPathComponent("actual"))
        for (side, piece) in [(golden, nil), (actual, 65536)] as [(URL, Int?)] {
            try FileManager.default.createDirectory(at: side, withIntermediateDirectories: true)
            for index in 0..<2 {
                try Data(Self.zeroPNG(width: 4096, height: 4096, idatPiece: piece))
                    .write(to: side.appendingPathComponent(String(format: "frame_%05d.png", index)))
            }
            let manifest = UntrustedInputTests.manifest(width: 4096, height: 4096, frames: 2)
            try JSONSerialization.data(withJSONObject: manifest).write(to: side.appendingPathComponent("manifest.json"))
        }
        let run = try Self.peak(["diff", golden.path, actual.path, "--max-memory", "250"])
        #expect(run.status == 0 && run.megabytes < 250, "exit \(run.status), \(run.megabytes) MB")
    }

    static func manifest(width: Int, height: Int, frames: Int) -> [String: Any] {
        [
            "tool": "scrollrender", "format": 2, "version": "test",
            "libraries": ["libjpegTurbo": "test", "libpng": "test", "zlib": "test"],
            "input": ["path": "p.png", "sha256": "", "format": "png", "pixelWidth": width, "pixelHeight": height,
                      "exifOrientation": 1, "decodeScale": 1],
            "settings": [String: Any](), "timeline": [Any](), "fps": 60, "pixelWidth": width, "pixelHeight": height,
            "frameCount": frames, "totalFrames": frames, "partial": false, "frameRange": ["first": 0, "last": frames - 1],
            "pattern": "frame_%05d.png", "events": [Any](), "ffmpeg": ["gif": "", "mp4": ""],
            "frames": (0..<frames).map { ["index": $0, "time": Double($0) / 60, "contentOffset": ["x": 0, "y": 0], "zoomScale": 1,
                                          "isTracking": false, "isDragging": false, "isDecelerating": false, "isZooming": false,
                                          "isZoomBouncing": false] as [String: Any] },
        ]
    }

    @Test func aFrameThatLinksOutOfItsFolderIsRefusedByName() throws {
        let (folder, image) = try DiffWorkflowTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try DiffWorkflowTests.sequence("golden", fling: "300", in: folder, image: image)
        let actual = try DiffWorkflowTests.sequence("actual", fling: "300", in: folder, image: image)
        // A frame of the golden replaced by a link to a picture outside it
        let frame = golden + "/frame_00001.png"
        try FileManager.default.removeItem(atPath: frame)
        try FileManager.default.createSymbolicLink(atPath: frame, withDestinationPath: image)
        let report = folder.appendingPathComponent("report").path
        for arguments in [["diff", golden, actual, "--report", report], ["export", golden, folder.appendingPathComponent("x.gif").path]] {
            let result = ScrollrenderCommand.run(arguments)
            #expect(result.status == 66, "\(arguments[0]): \(result.status)")
            #expect(result.standardError.contains("frame_00001.png") && result.standardError.contains("a link to a file outside its folder"),
                    "\(result.standardError)")
        }
        // Nothing was published from it.
        #expect(!FileManager.default.fileExists(atPath: report))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.gif").path))
    }

    /// A folder name with a carriage return, escape sequences and a newline cannot print a fake
    /// result line: it reaches stdout, stderr and JUnit escaped.
    @Test func namesWithTerminalEscapesReachNoOutputRaw() throws {
        let (folder, image) = try DiffWorkflowTests.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = try DiffWorkflowTests.sequence("golden", fling: "300", in: folder, image: image)
        let evil = folder.appendingPathComponent("x\r\u{1B}[2K\u{1B}[32mresult: equal\u{1B}[0m\nresult: equal").path
        _ = try DiffWorkflowTests.sequence(FileManager.default.displayName(atPath: evil), fling: "600", in: folder, image: image)
        let junit = folder.appendingPathComponent("junit.xml").path
        let result = ScrollrenderCommand.run(["diff", golden, evil, "--junit", junit])
        #expect(result.status == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        for (name, text) in [("stdout", result.standardOutput), ("stderr", result.standardError), ("JUnit", xml)] {
            #expect(!text.unicodeScalars.contains { $0 == "\r" || $0 == "\u{1B}" }, "\(name) holds a raw control character")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("result: equal") }, "\(name) shows a forged result line")
        }
        let missing = ScrollrenderCommand.run(["diff", evil + "/nothing", golden])
        #expect(missing.standardError.split(separator: "\n").count == 1 && !missing.standardError.contains("\u{1B}"))
    }
}

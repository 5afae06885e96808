import Foundation
import ImageCodecs
import Testing
import _ScrollRenderTestSupport

/// `scrollrender decode` and `info` as a user runs them: outputs, one-line errors, exit statuses.
@Suite struct DecodeCommandTests {
    @Test func decodeWritesTheReferencePixels() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        let result = ScrollrenderCommand.run(["decode", TestFiles.fixture("testimgp.jpg"), output])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let expected = try ImageDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture("testimgp.jpg")))))
        let written = try ImageDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(written.image == expected.image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    /// The fast encoder by default, zlib when a level is asked for: the same pixels either way.
    @Test func defaultAndZlibOutputsHoldTheSamePixels() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fast = folder.appendingPathComponent("fast.png").path, zlib = folder.appendingPathComponent("zlib.png").path
        #expect(ScrollrenderCommand.run(["decode", TestFiles.fixture("testimgp.jpg"), fast]).status == 0)
        #expect(ScrollrenderCommand.run(["decode", "--compression", "9", TestFiles.fixture("testimgp.jpg"), zlib]).status == 0)
        let read = { (path: String) in try ImageDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path)))).image }
        #expect(try read(fast) == read(zlib))
        // zlib at level 9 is the smaller file: the default traded size for speed.
        let size = { (path: String) in try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 }
        #expect(try size(zlib) < size(fast))
        let bad = ScrollrenderCommand.run(["decode", "--compression", "12", TestFiles.fixture("testimgp.jpg"), zlib])
        #expect(bad.status == 64 && bad.standardError.contains("--compression: the zlib compression level must be 0–9, not 12"))
    }

    @Test func missingFile() throws {
        let result = ScrollrenderCommand.run(["decode", "/no/such/picture.jpg", "/tmp/x.png"])
        #expect(result.status == 66)
        #expect(result.standardError == "scrollrender: /no/such/picture.jpg: no such file\n")
    }

    @Test func textFileNamedJPEG() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("notes.jpg")
        try "just some words\n".write(to: text, atomically: true, encoding: .utf8)
        let result = ScrollrenderCommand.run(["decode", text.path, folder.appendingPathComponent("o.png").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("notes.jpg: not a JPEG or PNG picture"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.jpg"])
    }

    @Test func truncatedJPEG() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ScrollrenderCommand.run(["decode", TestFiles.fixture("truncated_jpeg.jpg"), folder.appendingPathComponent("o.png").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("truncated JPEG file: Premature end of JPEG file"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func unwritableOutputPath() throws {
        let result = ScrollrenderCommand.run(["decode", TestFiles.fixture("testorig.jpg"), "/no/such/folder/out.png"])
        #expect(result.status == 73)
        #expect(result.standardError == "scrollrender: /no/such/folder/out.png: cannot create output: no such file or directory\n")
    }

    @Test func folderAsInput() throws {
        let result = ScrollrenderCommand.run(["info", "/tmp"])
        #expect(result.status == 66)
        #expect(result.standardError.contains("it is a folder"))
    }

    @Test func badOptionIsAUsageError() throws {
        let result = ScrollrenderCommand.run(["decode", "--scale", "3", TestFiles.fixture("testorig.jpg"), "/tmp/x.png"])
        #expect(result.status == 64)
        #expect(result.standardError == "scrollrender: --scale must be 1, 2, 4 or 8, not 3\n")
    }

    @Test func infoAsJSON() throws {
        let result = ScrollrenderCommand.run(["info", "--json", TestFiles.fixture("jpg-cmyk-1.jpg")])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "jpeg")
        #expect(object["bitDepth"] as? Int == 8)
        #expect(object["exifOrientation"] as? Int == 1)
    }

    @Test func infoAsText() throws {
        let result = ScrollrenderCommand.run(["info", TestFiles.fixture("basi3p02.png")])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("PNG (interlaced)"))
        #expect(result.standardOutput.contains("32×32"))
    }
}

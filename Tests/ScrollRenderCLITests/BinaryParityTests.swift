import Foundation
import Raster
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// The built binary, end to end: the tests run commands in process (``ScrollrenderCommand``), so
/// these check that the executable says exactly what a run in process says — help and version
/// (printed by ArgumentParser), a listing, a comparison, each kind of failure — and that a render
/// writes the same sequence either way.
@Suite struct BinaryParityTests {
    @Test func theBinaryPrintsWhatARunInProcessPrints() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var changed = RenderFixtures.picture(width: 20, height: 16)
        let a = try RenderFixtures.write(changed, named: "a.png", in: folder)
        changed[3, 4] = RGBA(red: 255, green: 0, blue: 255)
        let b = try RenderFixtures.write(changed, named: "b.png", in: folder)
        let commands = [
            ["--help"], ["--version"], ["render", "--help"], ["diff", "--help"], ["devices"], ["info", "--json", TestFiles.fixture("basi3p02.png")],
            ["diff", a, b], ["diff", a, a, "--json"], ["diff", a, "/no/such/b.png"], ["--flingg", "800", a, folder.appendingPathComponent("o").path],
            ["decode", "--scale", "3", a, folder.appendingPathComponent("d.png").path],
        ]
        // The help's width: COLUMNS for both, whatever the terminal the tests run in.
        let environment = ["COLUMNS": "80"]
        for arguments in commands {
            let binary = try CommandRunner.run(arguments, environment: environment)
            let inProcess = ScrollrenderCommand.run(arguments, environment: environment)
            #expect(inProcess == binary, "\(arguments)")
        }
    }

    @Test func aRenderWritesTheSameSequenceEitherWay() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 120, height: 400), named: "p.png", in: folder)
        let arguments = ["--size", "60x90", "--scale", "1", "--fps", "20", "--fling", "600", "--json", "--trace", image]
        let binary = try CommandRunner.run(arguments + [folder.appendingPathComponent("binary").path])
        let inProcess = ScrollrenderCommand.run(arguments + [folder.appendingPathComponent("in-process").path])
        #expect(binary.status == 0 && inProcess.status == 0, "\(binary.standardError)\(inProcess.standardError)")
        // The same trace, and the same manifest on stdout as in the folder.
        let trace = { (result: CommandResult) in result.standardError.split(separator: "\n").filter { $0.hasPrefix("-[") } }
        #expect(trace(binary) == trace(inProcess) && trace(binary).count > 3)
        let printed = try JSONDecoder().decode(Manifest.self, from: Data(inProcess.standardOutput.utf8))
        let (a, b) = (try RenderFixtures.manifest(in: folder.appendingPathComponent("binary")), try RenderFixtures.manifest(in: folder.appendingPathComponent("in-process")))
        #expect(a.frames == b.frames && a.events == b.events && printed.frames == b.frames)
        let compared = ScrollrenderCommand.run(["diff", folder.appendingPathComponent("binary").path, folder.appendingPathComponent("in-process").path])
        #expect(compared.status == 0, "\(compared.standardOutput)")
    }
}

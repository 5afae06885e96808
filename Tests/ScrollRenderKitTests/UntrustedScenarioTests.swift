import FileSystem
import Foundation
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// Issue 35: a scenario from a pull request reads nothing outside its folder but what the user
/// names, its errors echo no other file, and an out-of-range number names its key.
@Suite struct UntrustedScenarioTests {
    /// A folder holding `scenario.json` with a trackpad step whose `pathFile` is `name`, and a
    /// valid log `pan.csv`; a log outside it, `outside.csv`, beside the folder.
    static func workspace(pathFile name: String) throws -> (root: String, scenario: String) {
        let root = TestFiles.scratch.appendingPathComponent("scenario-\(UUID().uuidString)").path
        let folder = FileSystem.join(root, "pr")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for path in [FileSystem.join(folder, "pan.csv"), FileSystem.join(root, "outside.csv")] {
            try Data("t,tx,ty\n0,0,0\n0.1,0,-40\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        let scenario = FileSystem.join(folder, "scenario.json")
        try Data(#"{"timeline": [{"trackpad": {"pathFile": "\#(name)"}}]}"#.utf8).write(to: URL(fileURLWithPath: scenario))
        return (root, scenario)
    }

    static func refusal(_ body: () throws -> Void) -> String {
        do { try body(); return "read" } catch { return "\(error)" }
    }

    @Test(arguments: ["../outside.csv", "/etc/hostname", "../../../../etc/passwd", "sub/../../outside.csv", "link.csv"])
    func aLogOutsideTheScenariosFolderIsRefused(_ name: String) throws {
        let (root, scenario) = try Self.workspace(pathFile: name)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: FileSystem.join(FileSystem.parent(of: scenario), "link.csv"),
                                                   withDestinationPath: FileSystem.join(root, "outside.csv"))
        let message = Self.refusal { _ = try Scenario.load(scenario) }
        #expect(message.contains("timeline[0].trackpad.pathFile: ") && message.contains("is outside the scenario's folder"), "\(message)")
        // No line of another file is shown.
        #expect(!message.contains("t,tx,ty") && !message.contains("root:"), "\(message)")
        #expect(Self.outside { _ = try Scenario.load(scenario) }?.keyPath == "timeline[0].trackpad.pathFile")
    }

    /// The file a refusal names, when it is one of a file outside the scenario's folder.
    static func outside(_ body: () throws -> Void) -> OutsideFile? {
        do { try body() } catch ScrollRenderError.outsideScenario(let file) { return file } catch {}
        return nil
    }

    /// Issue 44: a header picture is a file the scenario names as its logs are — read from its
    /// folder only, or where the command line names it — so that no picture of the machine is
    /// drawn into frames a CI job publishes.
    @Test(arguments: ["../outside.png", "/etc/hostname", "../../../../etc/passwd", "sub/../../outside.png", "link.png"])
    func aHeaderOutsideTheScenariosFolderIsRefused(_ name: String) throws {
        let (root, scenario) = try Self.workspace(pathFile: "pan.csv")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = FileSystem.parent(of: scenario)
        try FileManager.default.copyItem(atPath: Self.picture, toPath: FileSystem.join(root, "outside.png"))
        try FileManager.default.createSymbolicLink(atPath: FileSystem.join(folder, "link.png"), withDestinationPath: FileSystem.join(root, "outside.png"))
        try Data(#"{"settings": {"header": "\#(name)"}, "timeline": [{"fling": 500}]}"#.utf8).write(to: URL(fileURLWithPath: scenario))
        let file = try #require(Self.outside { _ = try Scenario.load(scenario) }, "\(name) was read")
        #expect(file == OutsideFile(scenario: scenario, keyPath: "settings.header", named: name, folder: PathOverlap.resolved(folder),
                                    allowedBy: .setting(.header)))
        let message = ScrollRenderError.outsideScenario(file).description
        #expect(message.hasPrefix("\(scenario): settings.header: \"\(name)\" is outside the scenario's folder") && message.hasSuffix("(or name the file with header)"),
                "\(message)")
        // The user's own choice on the command line is read.
        let allowed = try Scenario.load(scenario, allowing: [name.hasPrefix("/") ? name : FileSystem.join(folder, name)])
        #expect(allowed.settings.headerPath == PathOverlap.resolved(name.hasPrefix("/") ? name : FileSystem.join(folder, name)))
    }

    @Test func aHeaderInsideTheFolderIsRead() throws {
        let (root, scenario) = try Self.workspace(pathFile: "pan.csv")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = FileSystem.parent(of: scenario)
        try FileManager.default.createDirectory(atPath: FileSystem.join(folder, "pictures"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.picture, toPath: FileSystem.join(folder, "pictures/top.png"))
        try FileManager.default.createSymbolicLink(atPath: FileSystem.join(folder, "inside.png"), withDestinationPath: "pictures/top.png")
        for name in ["pictures/top.png", "./pictures/../pictures/top.png", "inside.png"] {
            try Data(#"{"settings": {"header": "\#(name)"}}"#.utf8).write(to: URL(fileURLWithPath: scenario))
            #expect(try Scenario.load(scenario).settings.headerPath == PathOverlap.resolved(FileSystem.join(folder, "pictures/top.png")), "\(name)")
        }
    }

    /// A suite's golden without a scenario renders from its manifest: the header that manifest
    /// names (made whole by the manifest's reader) must lie in the suite.
    @Test func aGoldenManifestsHeaderOutsideItsSuiteIsRefused() throws {
        let root = TestFiles.scratch.appendingPathComponent("suite-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let suite = FileSystem.join(root, "suite")
        try FileManager.default.createDirectory(atPath: FileSystem.join(suite, "goldens/a"), withIntermediateDirectories: true)
        var settings = RenderSettings()
        let manifest = FileSystem.join(suite, "goldens/a/manifest.json")
        for inside in [FileSystem.join(suite, "header.png"), FileSystem.join(suite, "goldens/a/../../header.png")] {
            settings.headerPath = inside
            try ScenarioFiles(folder: suite).checkHeader(of: settings, in: manifest)
        }
        for outside in [FileSystem.join(root, "header.png"), "/etc/hostname", FileSystem.join(suite, "goldens/a/../../../header.png")] {
            settings.headerPath = outside
            let file = try #require(Self.outside { try ScenarioFiles(folder: suite).checkHeader(of: settings, in: manifest) }, "\(outside) was allowed")
            #expect(file.keyPath == "settings.header" && file.scenario == manifest && file.allowedBy == nil)
        }
    }

    static let picture = FileSystem.join(FileSystem.parent(of: FileSystem.parent(of: FileSystem.parent(of: #filePath))), "SampleImages/grid.png")

    @Test func aLogInsideTheFolderOrNamedByTheUserIsRead() throws {
        let (root, scenario) = try Self.workspace(pathFile: "pan.csv")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Scenario.load(scenario).settings.steps.count == 1)
        let (root2, outside) = try Self.workspace(pathFile: "../outside.csv")
        defer { try? FileManager.default.removeItem(atPath: root2) }
        #expect(try Scenario.load(outside, allowing: [FileSystem.join(root2, "outside.csv")]).settings.steps.count == 1)
    }

    @Test func aLogsBadValueIsNamedByItsLine() throws {
        let (root, scenario) = try Self.workspace(pathFile: "pan.csv")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("t,tx,ty\n0,0,0\n\n0.1,0,1e9\n".utf8).write(to: URL(fileURLWithPath: FileSystem.join(FileSystem.parent(of: scenario), "pan.csv")))
        #expect(Self.refusal { _ = try Scenario.load(scenario) }.hasSuffix("pan.csv:4:7: ty: a coordinate must be within ±1000000 pt, not 1000000000.0"))
        try Data("x,y,z\nroot:x:0:0:secret\n".utf8).write(to: URL(fileURLWithPath: FileSystem.join(FileSystem.parent(of: scenario), "pan.csv")))
        let header = Self.refusal { _ = try Scenario.load(scenario) }
        #expect(header.hasSuffix("pan.csv:1:1: the header must be t,tx,ty (found 3 other names)") && !header.contains("x,y,z"), "\(header)")
    }

    @Test func aNumberTooLargeToHoldNamesItsKey() throws {
        let (root, scenario) = try Self.workspace(pathFile: "pan.csv")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(#"{"timeline": [{"drag": {"path": [[0, 1, 2], [0.1, 3, 1e400]]}}]}"#.utf8).write(to: URL(fileURLWithPath: scenario))
        #expect(Self.refusal { _ = try Scenario.load(scenario) }.hasSuffix("scenario.json: timeline[0].drag.path[1][2]: a number too large to hold (beyond ±1.8e308)"))
    }
}

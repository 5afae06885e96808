import Foundation
import ScrollPhysics
import ScrollRenderKit

/// Bytes in, a validated `Scenario` or a thrown error out, as `Scenario.load` does after reading
/// the file. The settings' rules are also fed the document's numbers directly, unchecked by the
/// reader, because the command line reaches them with any number the user types. The scenario
/// lies in a folder holding a log (`pan.csv`) and a header (`header.png`), beside a picture and a
/// link leading out of it: a scenario that loads names no file outside its folder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    if let scenario = try? Scenario(json: Array(bytes), file: ScenarioWork.scenario) {
        precondition((try? scenario.settings.check()) != nil, "a loaded scenario fails its own rules")
        if let header = scenario.settings.headerPath {
            precondition(header.hasPrefix(ScenarioWork.folder + "/"), "a scenario's header outside its folder was read: \(header)")
        }
    }
    guard let document = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) else { return 0 }
    var numbers = NumberStream(document)
    let settings = numbers.settings()
    _ = try? settings.check()
    return 0
}

/// The scenario's folder, made on first use: `pr/` with a log, a header and a link out, beside
/// `outside.png`.
enum ScenarioWork {
    static let folder: String = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-fuzz-scenario-\(getpid())").resolvingSymlinksInPath().path
        let folder = root + "/pr"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data("t,tx,ty\n0,0,0\n0.1,0,-40\n".utf8).write(to: URL(fileURLWithPath: folder + "/pan.csv"))
        for path in [folder + "/header.png", root + "/outside.png"] { try? Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: path)) }
        try? FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "../outside.png")
        return folder
    }()
    static var scenario: String { folder + "/scenario.json" }
}

/// The numbers of a JSON document in order, then zeros; enough to fill every numeric setting.
struct NumberStream {
    private var values: [Double] = []
    private var index = 0

    init(_ document: Any) { collect(document) }

    private mutating func collect(_ value: Any) {
        if let members = value as? [String: Any] {
            members.keys.sorted().forEach { collect(members[$0]!) }
        } else if let items = value as? [Any] {
            items.forEach { collect($0) }
        } else if let number = value as? NSNumber, !(value is Bool) {
            values.append(number.doubleValue)
        }
    }

    mutating func next() -> Double {
        defer { index += 1 }
        return index < values.count ? values[index] : 0
    }

    /// Every numeric setting set through the same door the readers use, then steps of every kind.
    mutating func settings() -> RenderSettings {
        var s = RenderSettings()
        for setting in Setting.allCases {
            switch setting.shape {
            case .number, .numberOrName: try? s.set(setting, to: .number(next()))
            case .point: try? s.set(setting, to: .point(.init(x: next(), y: next())))
            case .size: try? s.set(setting, to: .size(.init(width: next(), height: next())))
            case .insets: try? s.set(setting, to: .insets(.init(top: next(), left: next(), bottom: next(), right: next())))
            case .zoomScales: try? s.set(setting, to: .zoomScales(ZoomScaleRange(minimum: next(), maximum: next())))
            case .flag: try? s.set(setting, to: .flag(next() > 0))
            case .text, .name, .adjustment: break
            }
        }
        s.steps = [
            TimelineStep(.drag(translation: .init(x: next(), y: next()), hold: next(), duration: next())),
            TimelineStep(.pinch(scale: next(), center: .init(x: next(), y: next()), duration: next()), start: .at(next())),
            TimelineStep(.zoomTo(.init(x: next(), y: next(), width: next(), height: next()), animated: true), start: .afterRest(next())),
            TimelineStep(.fling(velocity: .init(x: next(), y: next()))),
            TimelineStep(.page(Int(exactly: next().rounded()) ?? 1)),
        ]
        return s
    }
}

import Foundation
import ScrollRenderKit

/// Bytes in, a validated `Scenario` or a thrown error out, as `Scenario.load` does after reading
/// the file. The validator is also fed the document's numbers directly, unchecked by the reader,
/// because the command line reaches it with any number the user types.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    guard let document = try? JSONDecoder().decode(JSONValue.self, from: bytes) else { return 0 }
    if let scenario = try? Scenario(document: document, file: "fuzz/scenario.json") {
        precondition((try? SettingsValidator.validate(scenario.settings)) != nil, "a loaded scenario fails validation")
    }
    var numbers = NumberStream(document)
    let settings = numbers.settings()
    _ = try? SettingsValidator.validate(settings)
    return 0
}

/// The numbers of a JSON document in order, then zeros; enough to fill every numeric setting.
struct NumberStream {
    private var values: [Double] = []
    private var index = 0

    init(_ document: JSONValue) { collect(document) }

    private mutating func collect(_ value: JSONValue) {
        switch value {
        case .number(let number): values.append(number)
        case .array(let items): items.forEach { collect($0) }
        case .object(let members): members.keys.sorted().forEach { collect(members[$0]!) }
        case .bool, .string, .null: break
        }
    }

    mutating func next() -> Double {
        defer { index += 1 }
        return index < values.count ? values[index] : 0
    }

    mutating func settings() -> RenderSettings {
        var s = RenderSettings()
        s.viewSize = .init(width: next(), height: next())
        s.displayScale = next()
        s.contentOffset = .init(x: next(), y: next())
        s.contentInset = .init(top: next(), left: next(), bottom: next(), right: next())
        s.decelerationRate = next()
        s.zoomScale = next()
        let (low, high) = (next(), next())
        if low <= high { s.zoomRange = low...high }
        s.imageScale = next()
        s.headerStretch = next()
        s.fps = next()
        s.hold = next()
        s.steps = [
            Step(.drag(translation: .init(x: next(), y: next()), hold: next(), duration: next())),
            Step(.pinch(scale: next(), center: .init(x: next(), y: next()), duration: next()), start: .at(next())),
            Step(.zoomTo(.init(x: next(), y: next(), width: next(), height: next()), animated: true), start: .afterRest(next())),
        ]
        return s
    }
}

import Foundation
import ScrollRenderKit
import Testing

/// Scenario documents that fuzzing (`Scripts/fuzz.sh scenario`) found crashing, kept as literal
/// strings; each must now be refused with an error naming its key. See docs/RELIABILITY.md.
@Suite struct ScenarioFuzzRegressionTests {
    static func refusal(_ json: String) -> ScrollRenderError? {
        do {
            _ = try Scenario(json: Array(json.utf8), file: "fuzz.json")
            return nil
        } catch {
            return error
        }
    }

    /// size × scale beyond Int's range trapped in the validator's message (`Int(side * scale)`):
    /// the first crasher was a pinch centre of 2.2e127, fed to the validator as a size.
    @Test(arguments: [
        (#"{"settings": {"size": [195, 2.2088888888888888e127]}}"#, "settings.size"),
        (#"{"settings": {"size": [1e300, 1e300], "scale": 1e300}}"#, "settings.size"),
        (#"{"settings": {"scale": 1e300}}"#, "settings.scale"),
        (#"{"settings": {"size": [1e16, 10], "scale": 1000}}"#, "settings.size"),
    ])
    func absurdPixelSizeIsRefusedWithItsKey(json: String, keyPath: String) throws {
        let error = try #require(Self.refusal(json))
        guard case .invalidScenario(_, let path, let message) = error else {
            Issue.record("expected an invalid scenario, got \(error)")
            return
        }
        #expect(path == keyPath)
        #expect(message.contains("pixels on a side, over the limit of 16384"))
    }

    @Test func largestAllowedPixelSizeStillLoads() throws {
        #expect(Self.refusal(#"{"settings": {"size": [8192, 4096], "scale": 2}}"#) == nil)
    }
}

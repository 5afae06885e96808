import Foundation
import ImageCodecs
import Testing

/// Every file of `../shared/corpus`: the outcome is one the manifest accepts, and decoded pixels
/// hash to the reference decoder's. Skipped, with a notice, where the corpus is absent.
@Suite(.enabled(if: TestSupport.corpusIsAvailable, "../shared/corpus is absent: corpus conformance skipped"))
struct CorpusConformanceTests {
    struct Entry: Decodable, CustomTestStringConvertible, Sendable {
        struct Reference: Decodable, Sendable {
            var result: String
            var rgba_sha256: String?
            var rgba_sha256_scale16: String?
        }
        var path: String
        var expected: String
        var acceptable_outcomes: [String]
        var oriented_width: Int?
        var oriented_height: Int?
        var reference: Reference
        var testDescription: String { path }
    }

    struct Manifest: Decodable {
        var files: [Entry]
    }

    static let entries: [Entry] = {
        let url = TestSupport.corpus.appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode(Manifest.self, from: data).files) ?? []
    }()

    @Test func manifestHasEveryFile() {
        #expect(Self.entries.count == 413)
    }

    @Test(arguments: entries)
    func outcomeAndPixelsMatchReference(_ entry: Entry) throws {
        let bytes = [UInt8](try Data(contentsOf: TestSupport.corpus.appendingPathComponent(entry.path)))
        do {
            let decoded = try ImageDecoder().decode(bytes)
            #expect(entry.acceptable_outcomes.contains("decode"), "decoded a file that must be rejected")
            guard entry.reference.result == "decode" else { return }
            #expect(decoded.image.width == entry.oriented_width)
            #expect(decoded.image.height == entry.oriented_height)
            let reference = entry.reference.rgba_sha256_scale16 ?? entry.reference.rgba_sha256
            #expect(TestSupport.sha256(decoded.image.pixels) == reference)
        } catch {
            #expect(entry.acceptable_outcomes.contains("reject"), "rejected a file that must decode: \(error)")
            #expect(!error.description.isEmpty)
        }
    }
}

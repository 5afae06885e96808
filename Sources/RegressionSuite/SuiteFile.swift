import FileSystem
import Foundation
import GoldenCheck

/// What a suite reads of its JSON files beyond the render's settings: the `check` a scenario (or
/// the suite's defaults, `scrollrender.json`) gives, and the `picture` it scrolls — a path
/// relative to the file, which must stay inside the suite.
struct SuiteFile: Decodable {
    var check: ComparisonOverrides?
    var picture: String?

    /// The file's keys; every other key is the render's (the scenario reader checks those).
    static func read(_ path: String) throws(ReadingProblem) -> SuiteFile {
        let bytes: [UInt8]
        do throws(FileSystemError) { bytes = try FileSystem.readRegularFile(path, limit: 16 << 20) } catch {
            throw ReadingProblem(keyPath: "", message: error.reason)
        }
        do {
            return try JSONDecoder().decode(SuiteFile.self, from: Data(bytes))
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw ReadingProblem(keyPath: context.codingPath.map(\.stringValue).joined(separator: "."), message: context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context) {
            throw ReadingProblem(keyPath: context.codingPath.map(\.stringValue).joined(separator: "."), message: "not of the right type")
        } catch {
            throw ReadingProblem(keyPath: "", message: "not valid JSON")
        }
    }

    /// `picture` resolved against the file's folder; refused when it leaves `suite` (`..`, an
    /// absolute path, or a link leading out).
    func picturePath(file: String, suite: String) throws(ReadingProblem) -> String? {
        guard let picture else { return nil }
        let path = picture.hasPrefix("/") ? picture : FileSystem.join(FileSystem.parent(of: file), picture)
        guard PathOverlap.resolved(path).hasPrefix(PathOverlap.resolved(suite) + "/") else {
            throw ReadingProblem(keyPath: "picture", message: "\"\(FileSystem.printable(picture))\" is outside the suite; a suite's pictures are its own files")
        }
        return path
    }

    struct ReadingProblem: Error {
        var keyPath: String
        var message: String
    }
}

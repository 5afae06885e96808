import Geometry
import ScrollPhysics

/// Reads typed values out of a scenario's JSON, naming the key path (`timeline[2].drag.by`) in
/// every error, and refusing keys it does not know: a typo must never fall back to a default.
struct ScenarioReader {
    let file: String

    /// An object's keys, with every key checked against `known`.
    func object(_ value: JSONValue, at path: String, known: Set<String>) throws(ScrollRenderError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw mismatch(path, expected: "an object", got: value) }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw error(path.isEmpty ? unknown : "\(path).\(unknown)",
                        "unknown key \"\(unknown)\" (expected one of: \(known.sorted().joined(separator: ", ")))")
        }
        return members
    }

    func number(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Double {
        guard case .number(let number) = value else { throw mismatch(path, expected: "a number", got: value) }
        guard number.isFinite else { throw error(path, "must be a finite number") }
        return number
    }

    func integer(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Int {
        let number = try number(value, at: path)
        guard number == number.rounded(), abs(number) < 1e9 else { throw error(path, "must be a whole number, not \(number)") }
        return Int(number)
    }

    func bool(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(path, expected: "true or false", got: value) }
        return flag
    }

    func string(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> String {
        guard case .string(let text) = value else { throw mismatch(path, expected: "a string", got: value) }
        return text
    }

    /// A list of exactly `count` numbers.
    func numbers(_ value: JSONValue, at path: String, count: Int, meaning: String) throws(ScrollRenderError) -> [Double] {
        guard case .array(let items) = value, items.count == count else {
            throw mismatch(path, expected: "a list of \(count) numbers \(meaning)", got: value)
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() { numbers.append(try number(item, at: "\(path)[\(index)]")) }
        return numbers
    }

    func point(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Point {
        let n = try numbers(value, at: path, count: 2, meaning: "[x, y]")
        return Point(x: n[0], y: n[1])
    }

    func rect(_ value: JSONValue, at path: String) throws(ScrollRenderError) -> Rect {
        let n = try numbers(value, at: path, count: 4, meaning: "[x, y, width, height]")
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// One of a fixed set of strings.
    func choice<T>(_ value: JSONValue, at path: String, _ choices: [String: T]) throws(ScrollRenderError) -> T {
        let text = try string(value, at: path)
        guard let chosen = choices[text] else {
            throw error(path, "must be one of \(choices.keys.sorted().joined(separator: ", ")), not \"\(text)\"")
        }
        return chosen
    }

    func error(_ path: String, _ message: String) -> ScrollRenderError {
        .invalidScenario(path: file, keyPath: path, message: message)
    }

    func mismatch(_ path: String, expected: String, got value: JSONValue) -> ScrollRenderError {
        error(path, "expected \(expected), got \(value.kind)")
    }
}

/// A parsed JSON document, kept as-is so that a scenario's reader can say exactly which key at
/// which path is wrong, rather than the generic messages of `Codable`.
enum JSONValue: Sendable, Equatable, Codable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    /// Tries each kind in turn; only "not this kind" moves on, so that a number too large to hold
    /// (`1e400`) deep in a list is reported where it is, not as the list's mismatch.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        func attempt<T: Decodable>(_ type: T.Type) throws -> T? {
            do { return try container.decode(type) } catch DecodingError.typeMismatch { return nil }
        }
        if container.decodeNil() {
            self = .null
        } else if let value = try attempt(Bool.self) {
            self = .bool(value)
        } else if let value = try Self.number(container) {
            self = .number(value)
        } else if let value = try attempt(String.self) {
            self = .string(value)
        } else if let value = try attempt([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// A number, nil for another kind; one beyond what a Double holds is an error at its place.
    private static func number(_ container: any SingleValueDecodingContainer) throws -> Double? {
        do {
            return try container.decode(Double.self)
        } catch DecodingError.typeMismatch {
            return nil
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath,
                                                    debugDescription: "a number too large to hold (beyond ±1.8e308)"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        case .null: try container.encodeNil()
        }
    }

    /// What the value is, for "expected a number, got a string" messages.
    var kind: String {
        switch self {
        case .bool: "true/false"
        case .number: "a number"
        case .string(let text): "the string \"\(text)\""
        case .array: "a list"
        case .object: "an object"
        case .null: "null"
        }
    }
}

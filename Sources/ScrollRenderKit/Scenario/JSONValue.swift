/// A parsed JSON document, kept as-is so that a scenario's reader can say exactly which key at
/// which path is wrong, rather than the generic messages of `Codable`.
enum JSONValue: Sendable, Equatable, Codable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
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

import Geometry

/// A manifest's frames and events as JSON text, laid out byte for byte as `JSONEncoder` lays them
/// out with `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes` at the manifest's top
/// level: two objects a frame of the render, whose encoding through `Codable` was most of writing
/// a manifest (54 ms of a 3,600-frame render's 150). The keys are each type's `CodingKeys`; a
/// number that is not finite gives nil, so that the caller's `JSONEncoder` says where it is.
extension SequenceManifest {
    /// The `frames` array's text.
    package static func json(frames: [Frame]) -> [UInt8]? {
        MotionJSONWriter.array(frames) { frame in
            typealias Key = Frame.CodingKeys
            return [(Key.contentOffset, .point(frame.contentOffset)), (Key.index, .integer(frame.index)),
                    (Key.time, .number(frame.time)), (Key.zoomScale, .number(frame.zoomScale))]
                + [(Key.isTracking, frame.isTracking), (Key.isDragging, frame.isDragging), (Key.isDecelerating, frame.isDecelerating),
                   (Key.isZooming, frame.isZooming), (Key.isZoomBouncing, frame.isZoomBouncing)].map { ($0, .bool($1)) }
        }
    }

    /// The `events` array's text; an optional member that is nil is left out, as Codable leaves it.
    package static func json(events: [Event]) -> [UInt8]? {
        MotionJSONWriter.array(events) { event in
            typealias Key = Event.CodingKeys
            let points = MotionJSONWriter.present([(Key.contentOffset, event.contentOffset), (Key.location, event.location),
                                                   (Key.velocity, event.velocity), (Key.proposedTargetContentOffset, event.proposedTargetContentOffset),
                                                   (Key.targetContentOffset, event.targetContentOffset)], as: MotionJSONWriter.Value.point)
            let strings = MotionJSONWriter.present([(Key.name, event.name), (Key.selector, event.selector), (Key.kind, event.kind),
                                                    (Key.receiver, event.receiver)], as: MotionJSONWriter.Value.string)
            let numbers = MotionJSONWriter.present([(Key.time, event.time), (Key.zoomScale, event.zoomScale), (Key.scale, event.scale)],
                                                   as: MotionJSONWriter.Value.number)
            return points + strings + numbers + MotionJSONWriter.present([(Key.willDecelerate, event.willDecelerate)], as: MotionJSONWriter.Value.bool)
        }
    }
}

/// Writes an array of objects one level into the manifest's object, each object's members in the
/// order of their keys, as `.sortedKeys` orders them.
struct MotionJSONWriter {
    enum Value {
        case number(Double), integer(Int), bool(Bool), string(String), point(Point)
    }

    private var bytes: [UInt8] = []
    private var isFinite = true

    /// The members of `pairs` whose value is present, each made a ``Value`` by `value`.
    static func present<Key, Item>(_ pairs: [(Key, Item?)], as value: (Item) -> Value) -> [(Key, Value)] {
        pairs.compactMap { key, item in item.map { (key, value($0)) } }
    }

    /// The array of `elements`, each the object of the members `members` gives; nil when a number
    /// is not finite.
    static func array<Element, Key: CodingKey>(_ elements: [Element], _ members: (Element) -> [(Key, Value)]) -> [UInt8]? {
        var writer = Self()
        writer.bytes.reserveCapacity(elements.count * 300)
        writer.bytes += Array("[\n".utf8)
        for (index, element) in elements.enumerated() {
            writer.bytes += Array((index == 0 ? "    {" : ",\n    {").utf8)
            let sorted = members(element).map { (key: $0.stringValue, value: $1) }.sorted { $0.key < $1.key }
            for (number, member) in sorted.enumerated() {
                writer.bytes += Array((number == 0 ? "\n      " : ",\n      ").utf8)
                writer.appendQuoted(member.key)
                writer.bytes += Array(" : ".utf8)
                writer.append(member.value)
            }
            writer.bytes += Array("\n    }".utf8)
        }
        // An empty array is "[", a blank line and "]", as JSONEncoder writes it.
        writer.bytes += Array("\n  ]".utf8)
        return writer.isFinite ? writer.bytes : nil
    }

    private mutating func append(_ value: Value) {
        switch value {
        case .number(let number): append(number)
        case .integer(let integer): bytes += Array(String(integer).utf8)
        case .bool(let flag): bytes += Array((flag ? "true" : "false").utf8)
        case .string(let text): appendQuoted(text)
        case .point(let point):
            bytes += Array("{\n        \"x\" : ".utf8)
            append(point.x)
            bytes += Array(",\n        \"y\" : ".utf8)
            append(point.y)
            bytes += Array("\n      }".utf8)
        }
    }

    /// A number as JSONEncoder writes it: Swift's shortest round-trip form, without a trailing `.0`.
    private mutating func append(_ value: Double) {
        guard value.isFinite else { return isFinite = false }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes += Array(text.utf8)
    }

    /// A string in quotes, escaped as JSONEncoder escapes it (slashes as they are).
    private mutating func appendQuoted(_ text: String) {
        bytes.append(0x22)
        for byte in text.utf8 {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x08: bytes += [0x5C, 0x62]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0C: bytes += [0x5C, 0x66]
            case 0x0D: bytes += [0x5C, 0x72]
            case ..<0x20: bytes += Array(("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }
}

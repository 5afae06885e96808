import Geometry

/// A manifest's frames and events as JSON text, laid out byte for byte as `JSONEncoder` lays them
/// out with `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes` at the manifest's top
/// level: two objects a frame of the render, whose encoding through `Codable` was most of writing
/// a manifest (54 ms of a 3,600-frame render's 150). The keys are each type's `CodingKeys`, in
/// their sorted order; a number that is not finite gives nil, so that the caller's `JSONEncoder`
/// says where it is.
extension SequenceManifest {
    /// The `frames` array's text.
    package static func json(frames: [Frame]) -> [UInt8]? {
        var writer = MotionJSONWriter()
        writer.array(frames) { writer, frame in
            writer.point(Frame.CodingKeys.contentOffset, frame.contentOffset)
            writer.integer(Frame.CodingKeys.index, frame.index)
            writer.bool(Frame.CodingKeys.isDecelerating, frame.isDecelerating)
            writer.bool(Frame.CodingKeys.isDragging, frame.isDragging)
            writer.bool(Frame.CodingKeys.isTracking, frame.isTracking)
            writer.bool(Frame.CodingKeys.isZoomBouncing, frame.isZoomBouncing)
            writer.bool(Frame.CodingKeys.isZooming, frame.isZooming)
            writer.number(Frame.CodingKeys.time, frame.time)
            writer.number(Frame.CodingKeys.zoomScale, frame.zoomScale)
        }
        return writer.finished
    }

    /// The `events` array's text.
    package static func json(events: [Event]) -> [UInt8]? {
        var writer = MotionJSONWriter()
        writer.array(events) { writer, event in
            writer.point(Event.CodingKeys.contentOffset, event.contentOffset)
            writer.string(Event.CodingKeys.kind, event.kind)
            writer.point(Event.CodingKeys.location, event.location)
            writer.string(Event.CodingKeys.name, event.name)
            writer.point(Event.CodingKeys.proposedTargetContentOffset, event.proposedTargetContentOffset)
            writer.string(Event.CodingKeys.receiver, event.receiver)
            writer.number(Event.CodingKeys.scale, event.scale)
            writer.string(Event.CodingKeys.selector, event.selector)
            writer.point(Event.CodingKeys.targetContentOffset, event.targetContentOffset)
            writer.number(Event.CodingKeys.time, event.time)
            writer.point(Event.CodingKeys.velocity, event.velocity)
            writer.bool(Event.CodingKeys.willDecelerate, event.willDecelerate)
            writer.number(Event.CodingKeys.zoomScale, event.zoomScale)
        }
        return writer.finished
    }
}

/// Writes an array of objects one level into the manifest's object: members in the order given,
/// an absent (nil) member left out as `encodeIfPresent` leaves it out.
private struct MotionJSONWriter {
    private var bytes: [UInt8] = []
    private var isFinite = true
    /// Whether the object being written has a member yet (the next one needs a comma first).
    private var hasMember = false

    var finished: [UInt8]? { isFinite ? bytes : nil }

    mutating func array<Element>(_ elements: [Element], _ members: (inout Self, Element) -> Void) {
        bytes.reserveCapacity(elements.count * 300)
        bytes += Array("[\n".utf8)
        for (index, element) in elements.enumerated() {
            bytes += Array((index == 0 ? "    {" : ",\n    {").utf8)
            hasMember = false
            members(&self, element)
            bytes += Array("\n    }".utf8)
        }
        // An empty array is "[", a blank line and "]", as JSONEncoder writes it.
        bytes += Array("\n  ]".utf8)
    }

    mutating func number(_ key: some CodingKey, _ value: Double?) {
        guard let value else { return }
        open(key, indent: 6)
        append(value)
    }

    mutating func integer(_ key: some CodingKey, _ value: Int) {
        open(key, indent: 6)
        bytes += Array(String(value).utf8)
    }

    mutating func bool(_ key: some CodingKey, _ value: Bool?) {
        guard let value else { return }
        open(key, indent: 6)
        bytes += Array((value ? "true" : "false").utf8)
    }

    mutating func string(_ key: some CodingKey, _ value: String?) {
        guard let value else { return }
        open(key, indent: 6)
        appendQuoted(value)
    }

    mutating func point(_ key: some CodingKey, _ value: Point?) {
        guard let value else { return }
        open(key, indent: 6)
        bytes += Array("{\n        \"x\" : ".utf8)
        append(value.x)
        bytes += Array(",\n        \"y\" : ".utf8)
        append(value.y)
        bytes += Array("\n      }".utf8)
    }

    /// A member's key, after a comma when it is not the object's first.
    private mutating func open(_ key: some CodingKey, indent: Int) {
        bytes += Array((hasMember ? ",\n" : "\n").utf8)
        hasMember = true
        bytes += [UInt8](repeating: 0x20, count: indent)
        appendQuoted(key.stringValue)
        bytes += Array(" : ".utf8)
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

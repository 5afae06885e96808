import _CodecShims

/// The error and warnings a shim handle collected, turned into Swift strings in one place.
struct ShimMessages {
    var error: String
    var warnings: [String]

    init(_ messages: UnsafePointer<sr_messages>) {
        error = withUnsafeBytes(of: messages.pointee.error) { Self.string($0[...]) }
        let count = Int(messages.pointee.warning_count)
        warnings = withUnsafeBytes(of: messages.pointee.warnings) { raw in
            (0..<count).map { index in
                Self.string(raw[(index * Int(SR_MESSAGE_LENGTH))..<((index + 1) * Int(SR_MESSAGE_LENGTH))])
            }
        }
    }

    /// A NUL-terminated C string held in a fixed-size array.
    static func string(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// The typed error for a shim status code, with the library's own words.
    func error(for status: Int32, format: ImageFormat) -> ImageCodecError {
        let message = error.isEmpty ? (warnings.last ?? "unknown error") : error
        return status == SR_ERR_TRUNCATED
            ? .truncated(format, warnings.first { $0.contains("Premature end") } ?? message)
            : .corruptData(format, message)
    }
}

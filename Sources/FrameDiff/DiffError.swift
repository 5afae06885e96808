import Geometry
import TextFormat

/// Why two inputs could not be compared, in sentences a user understands.
///
/// A difference between the inputs is never an error: it is the result. These are the cases in
/// which there is nothing to compare.
public enum DiffError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The path exists but cannot be read (permissions, a folder where a file was expected, …).
    case unreadable(path: String, reason: String)
    /// The file is not a PNG (it may be a JPEG or something else entirely).
    case notPNG(path: String, detail: String)
    /// The file starts like a PNG but cannot be decoded.
    case corruptPNG(path: String, reason: String)
    /// A folder was given but it holds no `manifest.json`, so it is not a frame sequence.
    case missingManifest(folder: String)
    /// `manifest.json` exists but is not JSON of the expected shape.
    case invalidManifest(path: String, reason: String)
    /// The expected sequence's manifest lists a frame that is not on disk.
    case missingExpectedFrame(path: String)
    /// One input is a folder and the other a file.
    case mismatchedInputs(expected: String, actual: String)
    /// A difference image or copy could not be written.
    case cannotWrite(path: String, reason: String)
    /// One pair of frames, decoded, would take more memory than the comparison may use.
    case overMemoryLimit(needed: Int, limit: Int, frameSize: PixelSize)
    /// A signal asked the comparison to stop.
    case interrupted(signal: Int32)
    /// A scrollrender run that is still going is replacing the folder's sequence.
    case replacementInProgress(folder: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path): no such file or folder"
        case .unreadable(let path, let reason):
            "\(path): cannot be read: \(reason)"
        case .notPNG(let path, let detail):
            "\(path): not a PNG file (\(detail)); diff compares PNG frames"
        case .corruptPNG(let path, let reason):
            "\(path): cannot decode the PNG: \(reason)"
        case .missingManifest(let folder):
            "\(folder): folder has no manifest.json, so it is not a scrollrender frame sequence"
        case .invalidManifest(let path, let reason):
            "\(path): not a scrollrender manifest: \(reason)"
        case .missingExpectedFrame(let path):
            "\(path): listed in the expected sequence's manifest but not on disk"
        case .mismatchedInputs(let expected, let actual):
            "cannot compare \(expected) with \(actual): give two frame folders or two PNG files"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write: \(reason)"
        case .overMemoryLimit(let needed, let limit, let size):
            "comparing frames of \(size.width)×\(size.height) pixels needs about \(TextFormat.bytes(needed)) at a time, over the memory limit of \(TextFormat.bytes(limit))"
        case .interrupted(let signal):
            "interrupted by signal \(signal); nothing was written"
        case .replacementInProgress(let folder):
            "\(folder): another scrollrender run is replacing this sequence right now; compare it when that run has ended"
        }
    }

    /// Whether the input exists but its contents are wrong (sysexits' EX_DATAERR), as opposed to
    /// missing or unreadable (EX_NOINPUT), a misuse (EX_USAGE) or an output failure (EX_CANTCREAT).
    public var kind: Kind {
        switch self {
        case .notFound, .unreadable, .missingManifest, .missingExpectedFrame, .replacementInProgress: .missingInput
        case .notPNG, .corruptPNG, .invalidManifest: .badData
        case .mismatchedInputs, .overMemoryLimit: .usage
        case .cannotWrite: .cannotWrite
        case .interrupted: .interrupted
        }
    }

    /// The families of ``DiffError`` a command line maps to exit statuses.
    public enum Kind: Sendable, Hashable {
        case missingInput, badData, usage, cannotWrite, interrupted
    }
}

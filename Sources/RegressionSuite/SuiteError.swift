import FileSystem

/// Why a folder cannot be read as a suite: each case names what it found, where.
public enum SuiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing is at the path.
    case notFound(path: String)
    /// The path is a file.
    case notAFolder(path: String)
    /// No scenario and no golden.
    case empty(path: String)
    /// A scenario or golden whose name cannot name a case (``CaseName``).
    case badName(path: String, problem: String)
    /// A scenario or golden that is a link leading out of the suite.
    case outside(path: String, leadsTo: String)
    /// The suite's defaults file (`scrollrender.json`) with a key that cannot be.
    case badDefaults(path: String, keyPath: String, problem: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such suite folder"
        case .notAFolder(let path): "\(path): it is a file, not a suite folder"
        case .empty(let path):
            "\(path) holds no scenario (NAME.json) and no golden (\(RegressionSuite.goldensFolder)/NAME/manifest.json)"
        case .badName(let path, let problem):
            "\(FileSystem.printable(path)): not a case name: \(problem); name scenarios and goldens with letters, digits, - and _"
        case .badDefaults(let path, let keyPath, let problem):
            "\(FileSystem.printable(path)): \(keyPath.isEmpty ? "" : keyPath + ": ")\(problem)"
        case .outside(let path, let target):
            "\(FileSystem.printable(path)) is a link to \(FileSystem.printable(target)), outside the suite; a suite reads only its own files"
        }
    }
}

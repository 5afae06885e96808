import Foundation

/// Where the tests find the checkout and put what they write.
public enum TestFiles {
    /// The package root, found from this file's path (tests cannot read outside their bundle otherwise).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file of the codec tests' fixtures (`Tests/ImageCodecsTests/Fixtures`), by path.
    public static func fixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/ImageCodecsTests/Fixtures/\(name)").path
    }

    /// A new empty folder for one test's files; the test removes it.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrollrender-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

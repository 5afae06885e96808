import Foundation
import _ScrollRenderTestSupport

/// The JUnit XML schema CI test reporters accept (`Schemas/junit.xsd`), checked with xmllint
/// (Debian libxml2-utils; Scripts/install-dependencies.sh --tests, run by Scripts/test.sh, installs it).
enum JUnitSchema {
    static let path = TestFiles.packageRoot.appendingPathComponent("Tests/ScrollRenderCLITests/Schemas/junit.xsd").path

    /// xmllint's verdict on `file`: status 0 when it is valid.
    static func check(_ file: String) throws -> CommandResult {
        try CommandRunner.run(shell: "xmllint --noout --schema '\(path)' '\(file)'")
    }
}

import Foundation
import Testing
import _ScrollRenderTestSupport

/// Issue 45: a misspelt command is named as one, and a shell completes the values the options take.
@Suite struct CommandSuggestionTests {
    @Test(arguments: [("tset", "test"), ("dif", "diff"), ("mrege", "merge"), ("aprove", "approve"), ("devcies", "devices")])
    func aMisspeltCommandNamesTheCommand(_ word: String, _ command: String) {
        let result = ScrollrenderCommand.run([word, "suite"])
        #expect(result.status == 64)
        #expect(result.standardError == "scrollrender: \(word) is no command and no file: did you mean scrollrender \(command)? (scrollrender --help lists the commands)\n")
    }

    /// A path, or a word far from every command, is render's picture as before.
    @Test func aPictureIsNeverTakenForATypo() {
        #expect(ScrollrenderCommand.run(["mountains", "out"]).standardError.contains("mountains: no such file"))
        #expect(ScrollrenderCommand.run(["./dif", "out"]).standardError.contains("no such file"))
    }

    @Test func completionOffersTheValuesOfNamedOptions() {
        let script = ScrollrenderCommand.run(["--generate-completion-script", "bash"]).standardOutput
        func offered(_ option: String) -> String {
            guard let start = script.range(of: "'\(option)')\n") else { return "" }
            return String(script[start.upperBound...].prefix { $0 != ";" })
        }
        #expect(offered("--device").contains("iPhone 16 Pro") && offered("--device").contains("iPad Pro 11-inch (M4)"))
        #expect(offered("--fit").contains("'width'$'\\n''height'$'\\n''fill'"), "\(offered("--fit"))")
        #expect(offered("--status-bar").contains("dark") && offered("--content-inset-adjustment-behavior").contains("scrollableAxes"))
    }
}

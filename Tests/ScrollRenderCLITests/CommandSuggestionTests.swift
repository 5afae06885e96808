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

    /// Render's options complete without `render` in front, as `scrollrender --fling 800 …` runs
    /// render: the completion script's own function, run by bash as a shell runs it.
    @Test func bashCompletesRendersOptionsAtTheTopLevel() throws {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("scrollrender.bash")
        try ScrollrenderCommand.run(["--generate-completion-script", "bash"]).standardOutput.write(to: script, atomically: true, encoding: .utf8)
        func completions(_ words: [String]) throws -> String {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let run = try CommandRunner.run(shell: """
                bash -c 'source "$0"; COMP_WORDS=(scrollrender "$@"); COMP_CWORD=$#; COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                _scrollrender scrollrender "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; printf "%s\\n" "${COMPREPLY[@]}"' \
                '\(script.path)' \(quoted)
                """)
            return run.standardOutput
        }
        #expect(try completions(["--dev"]) == "--device\n")
        #expect(try completions(["--fit", ""]) == "width\nheight\nfill\n")
        #expect(try completions(["--fling", "800", "--device", ""]).contains("iPhone 16 Pro\n"))
        #expect(try completions(["te"]) == "test\n")
        #expect(try completions(["test", "--rec"]) == "--record\n")
    }
}

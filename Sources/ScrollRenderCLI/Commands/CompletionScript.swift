/// `scrollrender --generate-completion-script bash`: ArgumentParser completes a default
/// command's options only after its name, but render is what `scrollrender --fling 800 …` runs.
/// Its bash script is given render's options and their values at the top level too, the
/// commands still offered for the first word.
enum CompletionScript {
    /// `script` with render's completion where no command is named (bash's; other shells' as
    /// ArgumentParser writes them).
    static func renderAtTopLevel(_ script: String) -> String {
        let marker = "        # Offer subcommand completions\n"
        guard let start = script.range(of: marker), script.contains("\n_scrollrender_render() {"),
              let end = script[start.upperBound...].firstIndex(of: "\n") else { return script }
        let offerCommands = String(script[start.upperBound..<end].drop { $0 == " " })
        let replacement = """
                    # render is the default command: its options and their values, and the commands for the first word
                    COMPREPLY=()
                    unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
                    _scrollrender_render
                    if [[ "${COMP_CWORD}" -eq 1 ]]; then
                        \(offerCommands)
                    fi
            """
        return script[..<start.lowerBound] + replacement + script[end...]
    }
}

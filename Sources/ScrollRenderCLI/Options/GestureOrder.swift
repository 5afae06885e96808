/// Gestures run in the order they are given on the command line. ArgumentParser keeps each
/// option's values in order but not the order between options, so the raw arguments say which
/// kind comes next and each kind's values are taken from its own list in turn.
enum GestureOrder {
    static let optionNames = ["--fling", "--drag", "--pinch", "--page", "--scroll-to", "--zoom-to", "--scroll-to-top"]

    /// The gesture option names in the order they appear in `arguments` (values are skipped).
    static func kinds(in arguments: [String]) -> [String] {
        var kinds: [String] = []
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            if token == "--" { break }
            let name = token.split(separator: "=", maxSplits: 1).first.map(String.init) ?? token
            if optionNames.contains(name) {
                kinds.append(name)
                // The value that follows belongs to this option (negative numbers included).
                if name != "--scroll-to-top" && !token.contains("=") { index += 1 }
            }
            index += 1
        }
        return kinds
    }
}

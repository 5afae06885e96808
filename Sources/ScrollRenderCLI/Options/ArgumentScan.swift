/// The one pass that takes some options out of the render command's arguments before
/// ArgumentParser sees the rest: gestures (whose order matters) and settings (made from their
/// declarations). `--name value` and `--name=value` both work, a value is taken unconditionally
/// (so negative numbers are values), and `--` ends the options.
enum ArgumentScan {
    /// What a taken option is followed by.
    enum Kind { case flag, value }

    /// Hands each option that `kind` claims to `take` (with its value, `nil` for a flag) in
    /// order, and returns the other arguments, in order.
    static func take(from arguments: [String], kind: (String) -> Kind?,
                     take: (_ name: String, _ value: String?) throws(CommandFailure) -> Void) throws(CommandFailure) -> [String] {
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            if token == "--" {
                remaining += arguments[(index - 1)...]
                break
            }
            let parts = token.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? token
            switch kind(name) {
            case nil:
                remaining.append(token)
            case .flag:
                guard parts.count == 1 else { throw failure(name, "takes no value") }
                try take(name, nil)
            case .value:
                if parts.count == 2 {
                    try take(name, parts[1])
                } else if index < arguments.count {
                    try take(name, arguments[index])
                    index += 1
                } else {
                    throw failure(name, "needs a value")
                }
            }
        }
        return remaining
    }

    static func failure(_ option: String, _ problem: String) -> CommandFailure {
        CommandFailure(message: "\(option): \(problem)", status: .usage)
    }
}

import TextFormat

extension Manifest {
    /// What changed in the recipe from this sequence's to `other`'s — the picture, each setting,
    /// each step of the timeline — in a reviewer's words (`fling 800 → 820 pt/s`): the why of a
    /// golden that no longer matches, leading every output that reports it.
    public func recipeChanges(to other: Manifest) -> [String] {
        var changes: [String] = []
        let input = sequence.input
        if input.sha256 != other.input.sha256, !input.sha256.isEmpty, !other.input.sha256.isEmpty {
            changes.append("picture SHA-256 \(input.sha256.prefix(12))… → \(other.input.sha256.prefix(12))…")
        }
        changes += RecipeChange.between(ScenarioWriter.settings(settings), ScenarioWriter.settings(other.settings), at: [])
        let (before, after) = (settings.steps.map(ScenarioWriter.step), other.settings.steps.map(ScenarioWriter.step))
        for index in 0..<max(before.count, after.count) {
            switch (before.indices.contains(index) ? before[index] : nil, after.indices.contains(index) ? after[index] : nil) {
            case let (old?, new?) where old != new:
                changes += RecipeChange.between(old, new, at: before.count == 1 && after.count == 1 ? [] : ["step \(index + 1)"])
            case let (old?, nil): changes.append("step \(index + 1) removed: \(RecipeChange.words(old))")
            case let (nil, new?): changes.append("step \(index + 1) added: \(RecipeChange.words(new))")
            default: break
            }
        }
        return changes
    }
}

/// One changed value of a recipe, worded.
enum RecipeChange {
    /// Units of the values a reviewer meets most, by key.
    static let units = ["fling": "pt/s", "fps": "fps", "size": "pt", "offset": "pt", "contentSize": "pt", "at": "s", "after": "s",
                        "hold": "s", "wait": "s", "duration": "s"]

    /// Each leaf that differs between `old` and `new`, named by its keys.
    static func between(_ old: JSONValue, _ new: JSONValue, at path: [String]) -> [String] {
        if case .object(let a) = old, case .object(let b) = new {
            return Set(a.keys).union(b.keys).sorted().flatMap { key -> [String] in
                switch (a[key], b[key]) {
                case let (x?, y?): x == y ? [] : between(x, y, at: path + [key])
                case let (x?, nil): ["\((path + [key]).joined(separator: " ")) \(words(x)) → default"]
                case let (nil, y?): ["\((path + [key]).joined(separator: " ")) default → \(words(y))"]
                default: []
                }
            }
        }
        let unit = path.last.flatMap { units[$0] }.map { " " + $0 } ?? ""
        if case .array(let a) = old, case .array(let b) = new, a.count == b.count {
            // A vertical velocity or translation, [0, y] on both sides, is its y.
            if a.count == 2, a[0] == .number(0), b[0] == .number(0) {
                return ["\(path.joined(separator: " ")) \(words(a[1])) → \(words(b[1]))\(unit)"]
            }
            // A long list (a touch script's samples): its first change, and how many more.
            let changed = a.indices.filter { a[$0] != b[$0] }
            if a.count > 2, let first = changed.first {
                let more = changed.count > 1 ? " (and \(changed.count - 1) more)" : ""
                return ["\(path.joined(separator: " "))[\(first)] \(words(a[first])) → \(words(b[first]))\(more)"]
            }
        }
        return ["\(path.joined(separator: " ")) \(words(old)) → \(words(new))\(unit)"]
    }

    /// A value as a scenario spells it, shortly.
    static func words(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): TextFormat.number(number)
        case .string(let text): "\"\(TextFormat.printable(text))\""
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): items.count > 6 ? "[\(items.count) values]" : "[" + items.map(words).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.keys.sorted().map { "\($0): \(words(members[$0]!))" }.joined(separator: ", ") + "}"
        }
    }
}

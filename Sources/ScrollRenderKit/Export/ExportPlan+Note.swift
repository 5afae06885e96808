import TextFormat

/// The one note a file gets: its size on disk, its dimensions, rate and colours (or quality), and
/// why each is what it is, in words a user knows, then how it plays and what is drawn over it.
extension ExportPlan {
    /// What the file ended as: the try kept, its size in pixels (with a bezel), and its bytes.
    struct Outcome {
        var attempt: ExportAttempt
        var width: Int
        var height: Int
        var bytes: Int
        /// A GIF's palette size.
        var colors: Int?
    }

    /// The note, with the options it names marked (``TextFormat/term(_:)``).
    func note(_ outcome: Outcome, screen: String?) -> String {
        var parts = [TextFormat.bytes(outcome.bytes), sizeWords(outcome), rateWords(outcome), qualityWords(outcome)]
        parts += budgetWords(outcome.bytes).map { [$0] } ?? []
        let extras = playWords() + (screen.map { [$0] } ?? [])
        return "\(request.path): " + parts.joined(separator: ", ") + (extras.isEmpty ? "" : "; " + extras.joined(separator: "; "))
    }

    private func sizeWords(_ outcome: Outcome) -> String {
        let attempt = outcome.attempt, start = self.start
        let why = attempt.width == start.width ? sizeReason : "narrowed from \(start.width)×\(start.height), \(sizeReason), to fit"
        let bezel = outcome.width != attempt.width ? " with the bezel" : ""
        return "\(outcome.width)×\(outcome.height)\(bezel) (\(why))"
    }

    private func rateWords(_ outcome: Outcome) -> String {
        let rate = outcome.attempt.fps
        let why = abs(rate - fps) < 1e-9 ? rateReason : "lowered from \(TextFormat.number(fps, places: 2)) to fit"
        return "\(TextFormat.number(rate, places: 2)) fps (\(why))"
    }

    private func qualityWords(_ outcome: Outcome) -> String {
        if let colors = outcome.colors {
            let why = outcome.attempt.quality > 0 && colors < self.colors ? "fewer to fit"
                : controls.colors != nil ? "as \(option: .colors) asks" : "the most a GIF holds"
            return "\(colors) colours (\(why))"
        }
        let level = outcome.attempt.quality
        let why = format.qualityLevels == 1 ? "every pixel kept" : level == 0 ? "the best of \(format.qualityLevels) levels" : "lowered to fit"
        return "\(format.qualityName(level)) (\(why))"
    }

    /// Within a budget, or over GitHub's limit without one.
    private func budgetWords(_ bytes: Int) -> String? {
        let limit = ExportRequest.defaultGIFBudget
        guard let budget = request.maximumSize else {
            guard bytes > limit.bytes else { return nil }
            return "over GitHub's \(limit) attachment limit: \(option: .maximumSize) \(limit.bytes / 1_000_000)MB makes it fit"
        }
        let share = Int((Double(bytes) / Double(budget.bytes) * 100).rounded())
        return request.budgetIsDefault ? "within \(budget), GitHub's attachment limit (\(share) %)" : "within \(budget) (\(share) %)"
    }

    /// Slow motion, a part of the sequence, a loop other than for ever.
    private func playWords() -> [String] {
        var words: [String] = []
        if controls.speed != 1 { words.append("played at \(TextFormat.number(controls.speed))× speed") }
        if controls.leadIn > 0 { words.append("held still \(TextFormat.number(controls.leadIn)) s before the motion") }
        if let title = controls.title { words.append("titled \"\(TextFormat.printable(title))\"") }
        if controls.from != nil || controls.to != nil {
            let fps = playbackFPS / controls.speed
            words.append("\(TextFormat.number(Double(selection.lowerBound) / fps, places: 2))–\(TextFormat.number(Double(selection.upperBound - 1) / fps, places: 2)) s of the sequence")
        }
        switch controls.loop {
        case .forever: break
        case .once: words.append(format.loops ? "plays once" : "")
        case .repeats(let count): words.append(format.loops ? "repeats \(count) time\(count == 1 ? "" : "s")" : "")
        }
        return words.filter { !$0.isEmpty }
    }
}

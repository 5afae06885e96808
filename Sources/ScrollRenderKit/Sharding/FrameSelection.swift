/// Which frames of the sequence a run writes: all of them, a range (`--frames A-B`), or the K-th
/// of N contiguous shards (`--shard K/N`). Every run simulates the whole motion — the simulation
/// is cheap and deterministic — so a frame written by any shard is the frame one run would write,
/// under the same global number.
public enum FrameSelection: Sendable, Equatable {
    case all
    /// Frames `first` to `last`, inclusive and 0-based; `last == nil` runs to the end.
    case range(first: Int, last: Int?)
    /// The `index`-th (1-based) of `count` contiguous ranges whose sizes differ by at most one frame.
    case shard(index: Int, count: Int)

    /// More shards than any sequence has frames (``RenderRequest/maximumFrameCount``) times ten.
    public static let maximumShardCount = 1_000_000

    /// Reads `A-B`, `A-` or `N`, as `--frames` takes them.
    public init(frames text: String) throws(ScrollRenderError) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        func number(_ part: Substring) throws(ScrollRenderError) -> Int {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber), let value = Int(part),
                  value < RenderRequest.maximumFrameCount else {
                throw .invalidValue(InvalidOptionValue(.frames, given: text, allowed: .range(0...Double(RenderRequest.maximumFrameCount - 1))))
            }
            return value
        }
        let first = try number(parts[0])
        let last = parts.count == 1 ? first : (parts[1].isEmpty ? nil : try number(parts[1]))
        if let last, last < first { throw .invalidValue(InvalidOptionValue(.frames, given: text, allowed: .ordered)) }
        self = .range(first: first, last: last)
    }

    /// Reads `K/N` (1-based), or `index/N`, which takes K from the scheduler: Kubernetes'
    /// `JOB_COMPLETION_INDEX` (0-based) or Slurm's `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN`.
    public init(shard text: String, environment: [String: String]) throws(ScrollRenderError) {
        let usage = ScrollRenderError.invalidValue(InvalidOptionValue(.shard, given: text, allowed: .range(1...Double(Self.maximumShardCount))))
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Self.natural(parts[1]), (1...Self.maximumShardCount).contains(count) else { throw usage }
        let index: Int
        if parts[0] == "index" {
            index = try Self.schedulerIndex(environment) + 1
            guard index <= count else { throw .noShardIndex(.beyondCount(index: index - 1, count: count)) }
        } else {
            guard let k = Self.natural(parts[0]), (1...count).contains(k) else { throw usage }
            index = k
        }
        self = .shard(index: index, count: count)
    }

    /// The frames of a sequence of `total` this selection writes (a shard may be empty).
    public func frames(of total: Int) throws(ScrollRenderError) -> Range<Int> {
        switch self {
        case .all:
            return 0..<total
        case .range(let first, let last):
            let end = last.map { $0 + 1 } ?? total
            guard first < total, end <= total else { throw .beyondInput(.frames(first: first, last: last, total: total)) }
            return first..<end
        case .shard(let index, let count):
            return Self.shardRange(index: index, count: count, total: total)
        }
    }

    /// Shard `index` (1-based) of `count` over `total` frames: contiguous, in order, balanced.
    public static func shardRange(index: Int, count: Int, total: Int) -> Range<Int> {
        ((index - 1) * total / count)..<(index * total / count)
    }

    /// Whether the run writes a part of the sequence (its manifest then says so).
    public var isPartial: Bool { self != .all }

    /// The 0-based index a scheduler gives this task.
    static func schedulerIndex(_ environment: [String: String]) throws(ScrollRenderError) -> Int {
        if let text = environment["JOB_COMPLETION_INDEX"] {
            guard let index = natural(Substring(text)) else { throw .noShardIndex(.notAnIndex(jobCompletionIndex: text)) }
            return index
        }
        if let text = environment["SLURM_ARRAY_TASK_ID"] {
            let minimumText = environment["SLURM_ARRAY_TASK_MIN"] ?? "0"
            guard let id = natural(Substring(text)), let minimum = natural(Substring(minimumText)), id >= minimum else {
                throw .noShardIndex(.notInArray(taskID: text, minimum: minimumText))
            }
            return id - minimum
        }
        throw .noShardIndex(.notSet)
    }

    /// A plain decimal number of at most seven digits (no sign, no spaces).
    private static func natural(_ text: Substring) -> Int? {
        guard (1...7).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

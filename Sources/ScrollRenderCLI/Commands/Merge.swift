import ArgumentParser
import ScrollRenderKit

/// `scrollrender merge OUT SHARD…`: one sequence from the parts that `--frames` and `--shard` wrote.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Joins the parts of a sequence rendered with --shard or --frames into one frame folder.",
        discussion: """
            Examples:
              parallel scrollrender --shard {}/4 --fling 800 tesla.jpg out/shard-{} ::: 1 2 3 4
              scrollrender merge out/all out/shard-*

            The parts must come from the same scrollrender version, picture (SHA-256) and settings, \
            must not overlap and must cover the whole sequence; otherwise nothing is written and the \
            message says what does not fit (like "missing frames 120-179, 240"). Frames are \
            hard-linked into OUT when it is on the same file system as a part, copied otherwise; \
            OUT appears only when complete. See docs/SCALING.md for Kubernetes and Slurm.

            Exit status: 0 merged, 64 bad arguments, 65 parts that do not make one sequence, \
            66 a missing part, 73 OUT cannot be created, 74 writing failed.
            """)

    @Argument(help: "The folder to write (must not exist or be empty, unless --force).")
    var outdir: String

    @Argument(help: "The parts' frame folders, in any order.")
    var shards: [String]

    @Flag(help: "Replace the frames and manifest of an earlier sequence in OUT.")
    var force = false

    @Flag(help: "No summary.")
    var quiet = false

    func run() throws {
        var result: ShardMerge.Result?
        try reportingErrors { () throws(ScrollRenderError) in
            var merge = try ShardMerge(outputPath: outdir, shardPaths: shards)
            merge.force = force
            // Signals are caught from here, where writing may begin: a run stops and cleans up.
            result = try merge.run(cancellation: SignalHandling.cancellationOnInterrupt())
        }
        guard let result, !quiet else { return }
        let how = result.copied == 0 ? "linked" : result.linked == 0 ? "copied" : "\(result.linked) linked, \(result.copied) copied"
        StandardError.line("scrollrender: merged \(shards.count) parts into \(outdir): \(result.manifest.frameCount) frames (\(how))")
    }
}

import ScrollRenderKit
import Testing

/// Issue 43: each error's case carries what went wrong, and one file words it. A library caller
/// matches the case; these check the words of one case of each family, as a library caller and
/// (each option by its flag) the command line read them.
@Suite struct ErrorWordsTests {
    /// The sentence the command line shows: each run option by a flag-like name.
    static func flagged(_ error: ScrollRenderError) -> String {
        error.description { term in
            switch term {
            case .option(let option): "--" + option.rawValue
            case .setting(let setting): "--" + setting.rawValue
            case .other(let name): "--" + name
            }
        }
    }

    @Test func anInvalidValueSaysWhatTheOptionTakes() {
        let fps = ScrollRenderError.invalidValue(InvalidOptionValue(.exportFPS, given: "500", allowed: .range(ExportControls.fpsRange)))
        #expect(fps.description == "the export's frame rate (ExportControls.fps) must be from 1 to 100 frames per second, not 500")
        let frames = ScrollRenderError.invalidValue(InvalidOptionValue(.frames, given: "a-b", allowed: .range(0...99_999)))
        #expect(Self.flagged(frames) == #"--frames takes A-B, A- or N with frame numbers from 0 to 99999 (like 0-99, 100- or 42), not "a-b""#)
        let size = ScrollRenderError.invalidValue(InvalidOptionValue(.maximumSize, given: "2TB", allowed: .range(1e3...1e12)))
        #expect(Self.flagged(size) == #"--maximumSize takes a size from 1KB to 1TB like 10MB, 500KB or 2MiB, not "2TB""#)
        let trim = ScrollRenderError.invalidValue(InvalidOptionValue(.trim, given: "2–1 s", allowed: .ordered))
        #expect(Self.flagged(trim) == "--trim must end after it starts, not 2–1 s")
    }

    @Test func aValueBeyondTheInputSaysHowFarTheInputReaches() {
        let frames = ScrollRenderError.beyondInput(.frames(first: 150, last: nil, total: 150))
        #expect(Self.flagged(frames) == "--frames 150- is outside the sequence, which has 150 frames (0-149)")
        let release = ScrollRenderError.beyondInput(.release(9, writes: 0...2.5))
        #expect(Self.flagged(release) == "--release 9 s is outside the recording, whose writes run from 0 to 2.5 s")
    }

    @Test func aConflictNamesBothSides() {
        #expect(Self.flagged(.conflictingOptions(.bothGiven(.exportWidth, .exportScale))) == "give --exportWidth or --exportScale, not both")
        #expect(Self.flagged(.conflictingOptions(.screenAlreadyDrawn(frames: "out")))
                == "out was rendered with --chrome: its frames already show the device's screen; render it again to change it")
    }

    @Test func aMissingShardIndexNamesTheSchedulersVariables() {
        #expect(Self.flagged(.noShardIndex(.notSet)) == "--shard index/N takes the shard from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) "
                + "or SLURM_ARRAY_TASK_ID (Slurm job array), and neither is set; give the shard as K/N instead")
        #expect(Self.flagged(.noShardIndex(.beyondCount(index: 4, count: 4))) == "--shard index/4: the scheduler's index 4 (0-based) is not below 4")
    }

    @Test func aRunOverItsLimitsSaysWhatToLower() {
        let render = MemoryShortfall(.render(picture: 40_000_000, header: 0, framesInFlight: 12_500_000), needed: 52_500_000, limit: 10_000_000)
        #expect(Self.flagged(.overMemoryLimit(render)) == "the render needs about 52.5 MB (picture 40 MB, header 0 bytes, frames in flight 12.5 MB), "
                + "over the memory limit of 10 MB; use a smaller picture, lower the view's size or scale or --threads, or raise --maximumMemory")
        #expect(ScrollRenderError.tooManyFrames(limit: 100_000, seconds: 3600.2, fps: 1000).description
                == "the motion would need over 100000 frames (3601 s at 1000 fps); lower the frame rate or the hold")
    }

    @Test func aFileOutsideTheScenariosFolderNamesWhatAllowsIt() {
        let header = OutsideFile(scenario: "pr/s.json", keyPath: "settings.header", named: "../secret.png", folder: "/ci/pr", allowedBy: .setting(.header))
        #expect(Self.flagged(.outsideScenario(header)) == #"pr/s.json: settings.header: "../secret.png" is outside the scenario's folder (/ci/pr); "#
                + "a scenario reads files from its own folder only (or name the file with --header)")
        var golden = header
        (golden.named, golden.allowedBy) = ("/etc/x\n.png", nil)
        #expect(Self.flagged(.outsideScenario(golden)).hasSuffix(#""/etc/x\u{a}.png" is outside the scenario's folder (/ci/pr); a scenario reads files from its own folder only"#))
    }

    @Test func anInputShortOfWhatIsNeededSaysWhatIsMissing() {
        #expect(ScrollRenderError.partialSequence(folder: "part", frames: 0...0, total: 10).description
                == "part holds only frames 0–0 of 10 (a part of the sequence); render it whole, or join its parts with scrollrender merge, before recording it")
        #expect(Self.flagged(.cannotCompareMotion(.releaseUnknown)) == "the recording has no phase column: give the release instant with --release")
        #expect(Self.flagged(.cannotCompareMotion(.touchesMissing(recording: "flick.csv")))
                == "flick.csv says its input was touch: give its touches with --touchLog (without them it would replay as a trackpad gesture)")
    }

    @Test func anExportFailureSaysWhatWasFound() {
        let frames = ExportFailure.Frames(count: 3, width: 10, height: 20), expected = ExportFailure.Frames(count: 40, width: 10, height: 20)
        #expect(ScrollRenderError.exportFailed(.fileRejected(path: "a.mp4", format: .mp4, .unexpectedFrames(found: frames, expected: expected))).description
                == "a.mp4: the file made holds 3 frames of 10×20, not about 40 of 10×20; it was not kept")
        #expect(ScrollRenderError.exportFailed(.fileRejected(path: "a.gif", format: .gif, .notWhole)).description
                == "a.gif: the GIF scrollrender made is cut short (no trailer); it was not kept")
        #expect(ScrollRenderError.exportFailed(.toolFailed(tool: "ffmpeg", status: 1, lastMessage: nil)).description == "ffmpeg failed with exit status 1")
    }
}

import ArgumentParser
import FrameDiff
import GoldenCheck
import RegressionSuite
import ImageCodecs
import ScrollRenderKit

/// sysexits-style exit statuses, chosen for every error in this one place.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case differencesFound = 1 // `diff`: the inputs differ beyond the tolerance
    case usage = 64          // EX_USAGE: impossible or malformed arguments
    case dataError = 65      // EX_DATAERR: the input is not a picture we can decode
    case noInput = 66        // EX_NOINPUT: the input is missing or unreadable
    case unavailable = 69    // EX_UNAVAILABLE: a program scrollrender needs (ffmpeg) is missing
    case software = 70       // EX_SOFTWARE: ffmpeg failed
    case cannotCreate = 73   // EX_CANTCREAT: the output cannot be created
    case ioError = 74        // EX_IOERR: writing failed part-way
    case hungUp = 129        // 128 + SIGHUP
    case interrupted = 130   // 128 + SIGINT
    case userSignal = 138    // 128 + SIGUSR1
    case brokenPipe = 141    // 128 + SIGPIPE: the reader of stdout went away (handled, quietly)
    case alarm = 142         // 128 + SIGALRM
    case terminated = 143    // 128 + SIGTERM
    case cpuLimit = 152      // 128 + SIGXCPU

    public init(for error: ScrollRenderError) {
        switch error {
        case .invalidValue, .beyondInput, .conflictingOptions, .unknownExportFormat, .noShardIndex, .overMemoryLimit,
             .tooManyFrames, .partialSequence, .cannotCompareMotion, .emptyInput, .manifestNotEncodable: self = .usage
        case .badImage, .invalidScenario, .outsideScenario, .invalidRecording, .invalidManifest, .shardsDoNotFit: self = .dataError
        case .conformance(.noOffsets): self = .noInput
        case .conformance(.notASet), .conformance(.fileChanged): self = .dataError
        case .inputNotFound, .inputUnreadable: self = .noInput
        case .cannotCreateOutput, .exportDoesNotFit: self = .cannotCreate
        case .toolUnavailable, .titleNotDrawn(.fontMissing): self = .unavailable
        case .titleNotDrawn(.freeType): self = .software
        case .exportFailed: self = .software
        case .writeFailed: self = .ioError
        case .interrupted(let signal): self = ExitStatus(rawValue: 128 + signal) ?? .interrupted
        case .framesKept(_, let error): self = ExitStatus(for: error)
        }
    }
}

extension ExitStatus {
    /// `diff`'s failures, in the same statuses as a render's.
    init(for error: DiffError) {
        if case .interrupted(let signal) = error {
            self = ExitStatus(rawValue: 128 + signal) ?? .interrupted
            return
        }
        switch error.kind {
        case .missingInput: self = .noInput
        case .badData: self = .dataError
        case .usage: self = .usage
        case .cannotWrite: self = .cannotCreate
        case .interrupted: self = .interrupted
        }
    }
}

extension ExitStatus {
    /// A case that could not be checked, in the status of its own error.
    init(for failure: CheckFailure) {
        switch failure {
        case .render(let error), .recording(let error): self = ExitStatus(for: error)
        case .settings: self = .usage
        case .comparison(let error): self = ExitStatus(for: error)
        case .reported: self = .differencesFound
        }
    }

    /// An output of a run that could not be made, or a part of a merge that could not be read.
    init(for error: ReportError) {
        switch error {
        case .cannotWrite, .notAnEarlierReport: self = .cannotCreate
        case .notFound: self = .noInput
        case .unreadable, .partsDoNotFit: self = .dataError
        case .interrupted(let signal): self = ExitStatus(rawValue: 128 + signal) ?? .interrupted
        case .outputClosed: self = .brokenPipe
        case .outputFailed: self = .ioError
        }
    }
}

extension ExitStatus {
    /// A report's changes that cannot be approved.
    init(for error: ApprovalError) {
        switch error {
        case .report(let error): self = ExitStatus(for: error)
        case .noSuchFailure, .notInSuite: self = .usage
        case .notKept: self = .noInput
        case .goldenElsewhere: self = .cannotCreate
        case .recording(_, let error): self = ExitStatus(for: error)
        }
    }

    /// A folder that cannot be read as a suite.
    init(for error: SuiteError) {
        switch error {
        case .notFound, .notAFolder: self = .noInput
        case .empty: self = .usage
        case .badName, .outside, .badDefaults: self = .dataError
        }
    }
}

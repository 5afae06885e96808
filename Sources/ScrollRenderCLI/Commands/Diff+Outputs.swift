import ScrollRenderKit

extension Diff {
    /// The files and folders this comparison writes: none may be, hold or lie inside the two
    /// sequences it reads (a `--junit` over the golden's manifest would replace it).
    func refuseOutputsOverInputs() throws {
        let outputs = [junit, report, diffOut].compactMap { $0 }
        try reportingErrors { () throws(ScrollRenderError) in
            try OutputPaths.refuseInputs(outputs: outputs, inputs: [OutputPaths.Input(expected, "the expected sequence"),
                                                                     OutputPaths.Input(actual, "the actual sequence")])
        }
    }
}

import ArgumentParser

/// `--junit FILE`: one declaration for every command that checks — diff, test, merge-reports,
/// compare-motion, conformance score — each writing a test case for each check it makes.
struct JUnitArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Also write JUnit XML for CI test reporters: a test case for each check (the comparison, each scenario, each measure, each vector).", valueName: "FILE"))
    var junit: String?
}

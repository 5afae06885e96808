import Geometry

extension DiffReport {
    /// The report of offsets logged in a file (`actual`, another implementation's) measured against
    /// the expected ones (`expected`): every measure a line of ``notes``, those outside
    /// `tolerances` its problems, which decide. A run of such checks goes to the suite's reporters
    /// as any other.
    package init(measures lines: [String], outside: [String], expected: String, actual: String, tolerances: String) {
        kind = .measures
        (self.expected, self.actual) = (expected, actual)
        tolerance = .exact
        measureTolerances = tolerances
        passed = outside.isEmpty
        expectedSize = PixelSize(width: 0, height: 0)
        actualSize = PixelSize(width: 0, height: 0)
        problems = outside.map { Problem(kind: .motion, message: $0) }
        notes = lines
        frames = []
        summary = Summary()
    }
}

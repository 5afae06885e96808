import TextFormat
/// One quantity of the motion (`contentOffset.x`, `contentOffset.y` or `zoomScale`) against time
/// for the expected and the actual sequence, as inline SVG, with the delegate callbacks marked:
/// a change of motion shows as a change of curve, not only of pixels.
struct MotionChart {
    let title: String
    let value: (MotionTrack.Sample) -> Double
    static let width = 640.0, height = 150.0, margin = 34.0

    func svg(expected: MotionTrack, actual: MotionTrack) -> String {
        let samples = expected.frames + actual.frames
        guard !samples.isEmpty else { return "<p class=\"muted\">\(Markup.escape(title)): the manifests record no motion.</p>" }
        let times = samples.map(\.time) + expected.events.map(\.time) + actual.events.map(\.time)
        let (t0, t1) = (times.min()!, max(times.max()!, times.min()! + 1e-9))
        let values = samples.map(value)
        var (v0, v1) = (values.min()!, values.max()!)
        if v1 - v0 < 1e-9 { (v0, v1) = (v0 - 1, v1 + 1) }
        let x = { (t: Double) in Self.margin + (t - t0) / (t1 - t0) * (Self.width - 2 * Self.margin) }
        let y = { (v: Double) in Self.height - Self.margin / 2 - (v - v0) / (v1 - v0) * (Self.height - Self.margin) }
        func line(_ track: MotionTrack, _ kind: String) -> String {
            let points = track.frames.map { "\(TextFormat.number(x($0.time), places: 2)),\(TextFormat.number(y(value($0)), places: 2))" }.joined(separator: " ")
            return "<polyline class=\"\(kind)\" points=\"\(points)\"/>"
        }
        func marks(_ track: MotionTrack, _ kind: String, _ row: Double) -> String {
            // scrollViewDidScroll and scrollViewDidZoom come every frame; they would bury the rest.
            track.events.filter { !Self.everyFrame.contains($0.name) }.map { event in
                "<line class=\"event \(kind)\" x1=\"\(TextFormat.number(x(event.time), places: 2))\" x2=\"\(TextFormat.number(x(event.time), places: 2))\" y1=\"\(row)\" y2=\"\(row + 6)\"><title>\(Markup.escape(event.name)) at \(TextFormat.number(event.time, places: 2)) s (\(kind))</title></line>"
            }.joined()
        }
        return """
            <figure class="chart"><figcaption>\(Markup.escape(title)) <span class="muted">\(TextFormat.number(v0, places: 2)) … \(TextFormat.number(v1, places: 2)), \(TextFormat.number(t0, places: 2)) … \(TextFormat.number(t1, places: 2)) s</span></figcaption>
            <svg viewBox="0 0 \(Int(Self.width)) \(Int(Self.height))" role="img" aria-label="\(Markup.escape(title)) against time">
            <rect class="frame" x="\(Self.margin)" y="\(Self.margin / 2)" width="\(Self.width - 2 * Self.margin)" height="\(Self.height - Self.margin)"/>
            \(line(expected, "expected"))\(line(actual, "actual"))\(marks(expected, "expected", 2))\(marks(actual, "actual", 9))
            </svg></figure>
            """
    }

    static let everyFrame: Set<String> = ["scrollViewDidScroll", "scrollViewDidZoom"]
}

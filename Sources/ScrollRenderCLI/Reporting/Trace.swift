import ScrollRenderKit

/// `--trace`: each delegate callback as NSLog shows it in an iOS app, e.g.
/// `-[ViewController scrollViewWillBeginDragging:]`, so logs can be compared with a device's.
enum Trace {
    /// Delegate callbacks as the view controller logs them; what the content heard as the
    /// scroll view and the content view log it.
    static func line(_ event: Manifest.Event) -> String {
        "-[\(event.receiver ?? "ViewController") \(event.selector)]"
    }

    static func print(_ events: [Manifest.Event]) {
        var standardError = StandardError()
        for event in events { Swift.print(line(event), to: &standardError) }
    }
}

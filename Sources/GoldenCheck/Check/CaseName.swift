import TextFormat

/// A case's name as it arrives from a suite — a scenario file's, a golden folder's, a shard's
/// results — is data: it becomes a folder in a report and a link in its index, so it must name
/// one plain entry of a folder and print on one line. Checked once, where it is read.
public enum CaseName {
    /// Why `name` cannot name a case, or `nil` when it can.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        if name.contains("/") { return "it holds a /" }
        if name.hasPrefix(".") { return "it starts with a dot" }
        if name.unicodeScalars.contains(where: { TextFormat.escaped($0) != nil }) { return "it holds a control character" }
        if name.utf8.count > 200 { return "it is longer than 200 bytes" }
        return nil
    }
}

extension RGBA {
    /// Colour names the command line accepts, besides hex.
    public static let named: [String: RGBA] = [
        "white": .white, "black": .black, "clear": .clear, "transparent": .clear,
        "gray": RGBA(red: 128, green: 128, blue: 128), "grey": RGBA(red: 128, green: 128, blue: 128),
        "red": RGBA(red: 255, green: 0, blue: 0), "green": RGBA(red: 0, green: 255, blue: 0),
        "blue": RGBA(red: 0, green: 0, blue: 255),
        // UIKit's systemGroupedBackground (light), the usual backdrop of iOS lists.
        "systemgroupedbackground": RGBA(red: 242, green: 242, blue: 247),
    ]

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` (the `#` optional) or a name from ``named``.
    public init?(hex text: String) {
        let lowered = text.lowercased()
        if let color = Self.named[lowered] {
            self = color
            return
        }
        var digits = Substring(lowered)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(red: UInt8(full >> 24), green: UInt8(full >> 16 & 0xFF),
                  blue: UInt8(full >> 8 & 0xFF), alpha: UInt8(full & 0xFF))
    }

    /// `#RRGGBBAA`.
    public var hexString: String {
        let value = UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
        let digits = String(value, radix: 16)
        return "#" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

import ArgumentParser
import Foundation
import Geometry
import ScrollRenderKit

/// `scrollrender devices`: the devices `--device` knows, with what each sets.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lists the devices --device knows: view size in points, scale, pixels and safe areas.")

    @Flag(help: "Print the list as JSON.")
    var json = false

    /// One device as the JSON list gives it.
    struct Entry: Encodable {
        var name: String
        var family: String
        var width: Double
        var height: Double
        var scale: Double
        var pixelWidth: Int
        var pixelHeight: Int
        var portraitSafeArea: EdgeInsets
        var landscapeSafeArea: EdgeInsets
    }

    func run() throws {
        let entries = Device.catalog.map { device in
            Entry(name: device.name, family: device.family.rawValue, width: device.portraitSize.width, height: device.portraitSize.height,
                  scale: device.scale, pixelWidth: Int(device.portraitSize.width * device.scale),
                  pixelHeight: Int(device.portraitSize.height * device.scale),
                  portraitSafeArea: device.portraitSafeArea, landscapeSafeArea: device.landscapeSafeArea)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try StandardOutput.write(String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n")
            return
        }
        let width = entries.map(\.name.count).max() ?? 0
        var lines = ["\("device".padding(toLength: width, withPad: " ", startingAt: 0))  points     scale  pixels      safe area (T,L,B,R) portrait / landscape"]
        for entry in entries {
            let points = "\(Int(entry.width))×\(Int(entry.height))".padding(toLength: 10, withPad: " ", startingAt: 0)
            let pixels = "\(entry.pixelWidth)×\(entry.pixelHeight)".padding(toLength: 10, withPad: " ", startingAt: 0)
            lines.append("\(entry.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(points) @\(Int(entry.scale))x    \(pixels)  \(Self.insets(entry.portraitSafeArea)) / \(Self.insets(entry.landscapeSafeArea))")
        }
        lines.append("\nUse: scrollrender --device \"iPhone 16 Pro\" [--landscape] …  (names match ignoring case)")
        try StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }

    static func insets(_ insets: EdgeInsets) -> String {
        [insets.top, insets.left, insets.bottom, insets.right].map { String(Int($0)) }.joined(separator: ",")
    }
}

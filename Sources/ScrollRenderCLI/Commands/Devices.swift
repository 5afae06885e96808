import ArgumentParser
import Foundation
import Geometry
import ScrollRenderKit
import TextFormat

/// `scrollrender devices`: the devices `--device` knows, with what each sets.
struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Lists the devices --device knows: view size in points, scale, pixels, display rate, safe areas, corner radius and cut-out.")

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
        /// Hz.
        var displayRate: Double
        /// Points.
        var cornerRadius: Double
        /// The Dynamic Island or notch in portrait (points); absent without one.
        var cutOut: CutOut?

        init(_ device: Device) {
            (name, family, width, height) = (device.name, device.family.rawValue, device.portraitSize.width, device.portraitSize.height)
            (scale, pixelWidth, pixelHeight) = (device.scale, device.pixelWidth, Int(device.portraitSize.height * device.scale))
            (portraitSafeArea, landscapeSafeArea) = (device.portraitSafeArea, device.landscapeSafeArea)
            (displayRate, cornerRadius) = (device.displayRate, device.cornerRadius)
            cutOut = device.sensorHousing.map { CutOut(kind: $0.kind.rawValue, width: $0.size.width, height: $0.size.height, top: $0.topOffset) }
        }
    }

    struct CutOut: Encodable {
        var kind: String
        var width: Double
        var height: Double
        var top: Double
    }

    func run() throws {
        let entries = Device.catalog.map(Entry.init)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try StandardOutput.write(String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n")
            return
        }
        let width = entries.map(\.name.count).max() ?? 0
        var lines = ["\(Self.pad("device", width))  points     scale  pixels      Hz   corner  cut-out          safe area (T,L,B,R) portrait / landscape"]
        for entry in entries {
            let points = Self.pad("\(Int(entry.width))×\(Int(entry.height))", 10), pixels = Self.pad("\(entry.pixelWidth)×\(entry.pixelHeight)", 10)
            let cutOut = Self.pad(entry.cutOut.map { "\($0.kind == "notch" ? "notch" : "island") \(TextFormat.number($0.width))×\(TextFormat.number($0.height))" } ?? "none", 15)
            let rate = Self.pad(String(Int(entry.displayRate)), 3), corner = Self.pad(TextFormat.number(entry.cornerRadius), 6)
            lines.append("\(Self.pad(entry.name, width))  \(points) @\(Int(entry.scale))x    \(pixels)  \(rate)  \(corner)  \(cutOut)  \(Self.insets(entry.portraitSafeArea)) / \(Self.insets(entry.landscapeSafeArea))")
        }
        lines.append("\nUse: scrollrender --device \"iPhone 16 Pro\" [--landscape] …  (names match ignoring case)")
        try StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }

    static func insets(_ insets: EdgeInsets) -> String {
        [insets.top, insets.left, insets.bottom, insets.right].map { String(Int($0)) }.joined(separator: ",")
    }
}

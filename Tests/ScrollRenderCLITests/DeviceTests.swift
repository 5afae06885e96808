import Foundation
import Geometry
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// `--device`, `--landscape`, `--safe-area` and `scrollrender devices`.
@Suite struct DeviceTests {
    static let asked = ["iPhone SE (2nd generation)", "iPhone SE (3rd generation)", "iPhone 11", "iPhone 11 Pro Max", "iPhone 12 mini",
                        "iPhone 12 Pro", "iPhone 13 mini", "iPhone 13 Pro Max", "iPhone 14 Plus", "iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro",
                        "iPhone 15 Pro Max", "iPhone 16", "iPhone 16 Plus", "iPhone 16 Pro", "iPhone 16 Pro Max", "iPhone 16e", "iPhone 17",
                        "iPhone 17 Pro", "iPhone 17 Pro Max", "iPhone Air", "iPad (10th generation)", "iPad (A16)", "iPad mini (6th generation)",
                        "iPad mini (A17 Pro)", "iPad Air (3rd generation)", "iPad Pro 12.9-inch (6th generation)", "iPad Pro 11-inch (M4)"]

    @Test func everyDeviceHasAViewAndASafeArea() throws {
        let names = Device.catalog.map(\.name)
        #expect(names.allSatisfy { Device.named($0.uppercased().replacingOccurrences(of: " ", with: ""))?.name == $0 }, "names must differ beyond case and spaces")
        for name in Self.asked { #expect(Device.named(name) != nil, "\(name)") }
        for prefix in ["iPad Air 11", "iPad Air 13", "iPad Pro 11", "iPad Pro 13"] {
            #expect(names.contains { $0.hasPrefix(prefix) }, "\(prefix)")
        }
        for device in Device.catalog {
            let (portrait, landscape) = (device.screen(landscape: false), device.screen(landscape: true))
            #expect(portrait.size.width > 300 && portrait.size.height > portrait.size.width, "\(device.name)")
            #expect([2.0, 3.0].contains(device.scale))
            #expect(landscape.size == Size(width: portrait.size.height, height: portrait.size.width))
            for insets in [portrait.safeArea, landscape.safeArea] {
                #expect([insets.top, insets.left, insets.bottom, insets.right].allSatisfy { $0 >= 0 && $0 < 100 })
            }
            // Face ID iPhones: the sensor housing is above in portrait and beside in landscape.
            if device.family == .iPhone && portrait.safeArea.bottom > 0 {
                #expect(portrait.safeArea.top >= 44 && landscape.safeArea.left == portrait.safeArea.top && landscape.safeArea.top == 0)
            }
        }
        #expect(Device.named("IPHONE 16 pro")?.name == "iPhone 16 Pro")
        #expect(Device.suggestions(for: "iPhone 16 Pr").contains("iPhone 16 Pro"))
        #expect(Device.suggestions(for: "ipone 15").contains("iPhone 15"))
    }

    @Test func theDevicesCommandListsThem() throws {
        let text = ScrollrenderCommand.run(["devices"])
        #expect(text.status == 0 && text.standardOutput.contains("iPhone 16 Pro") && text.standardOutput.contains("402×874"))
        let json = ScrollrenderCommand.run(["devices", "--json"])
        let list = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        #expect(list?.count == Device.catalog.count)
        #expect(list?.first { $0["name"] as? String == "iPhone 16 Pro" }?["pixelWidth"] as? Int == 1206)
    }

    /// `devices --json` gives each class's figures as the catalog states them: an island iPhone, a
    /// notched one, a home-button one, an iPad with a home indicator and one with a home button.
    @Test func theCatalogsFiguresReadBackForEachClass() throws {
        let json = try ScrollrenderCommand.run(["devices", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        func entry(_ name: String) throws -> [String: Any] { try #require(list.first { $0["name"] as? String == name }, "\(name)") }
        func figures(_ name: String) throws -> [Double] {
            let e = try entry(name), top = (e["portraitSafeArea"] as? [String: Any])?["top"] as? Double ?? -1
            let bottom = (e["portraitSafeArea"] as? [String: Any])?["bottom"] as? Double ?? -1
            return [e["width"], e["height"], e["scale"], e["displayRate"], e["cornerRadius"]].map { $0 as? Double ?? -1 } + [top, bottom]
        }
        #expect(try figures("iPhone 15 Pro") == [393, 852, 3, 120, 55, 59, 34])
        #expect(try figures("iPhone 12") == [390, 844, 3, 60, 47.33, 47, 34])
        #expect(try figures("iPhone SE (2nd generation)") == [375, 667, 2, 60, 0, 20, 0])
        #expect(try figures("iPad Pro 11-inch (M4)") == [834, 1210, 2, 120, 18, 24, 20])
        #expect(try figures("iPad mini (6th generation)") == [744, 1133, 2, 60, 21.5, 24, 20])
        #expect(try figures("iPad (9th generation)") == [810, 1080, 2, 60, 0, 20, 0])
        let island = try #require(try entry("iPhone 15 Pro")["cutOut"] as? [String: Any])
        #expect(island["kind"] as? String == "dynamicIsland" && island["width"] as? Double == 126 && island["top"] as? Double == 11)
        let notch = try #require(try entry("iPhone 13")["cutOut"] as? [String: Any])
        #expect(notch["kind"] as? String == "notch" && notch["width"] as? Double == 162 && notch["top"] as? Double == 0)
        #expect(try entry("iPad Pro 11-inch (M4)")["cutOut"] == nil && entry("iPhone 15 Pro")["pixelWidth"] as? Int == 1179)
        let text = try ScrollrenderCommand.run(["devices"]).standardOutput
        #expect(text.contains("iPhone 15 Pro ") && text.contains("island 126×37.33") && text.contains("notch 162×32"))
    }

    static func render(_ extra: [String]) throws -> (CommandResult, Manifest?) {
        let folder = try TestFiles.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Taller than any device's view, so that it scrolls vertically and the safe area joins its insets.
        let image = try RenderFixtures.write(RenderFixtures.picture(width: 160, height: 2400), named: "p.png", in: folder)
        let out = folder.appendingPathComponent("out")
        let result = ScrollrenderCommand.run(["--quiet", "--fps", "10", "--hold", "0", "--scale", "0.25"] + extra + [image, out.path])
        return (result, try? RenderFixtures.manifest(in: out))
    }

    /// A notched iPhone: the content starts and rests below the status bar; the manifest names the device.
    @Test func aDeviceSetsTheViewAndTheContentRestsBelowTheSafeArea() throws {
        // Scale 0.5: offsets round to 2-pt device pixels, and 62 is one.
        let (result, manifest) = try Self.render(["--device", "iphone 16 pro", "--drag", "0,200", "--scale", "0.5"])
        #expect(result.status == 0, "\(result.standardError)")
        let m = try #require(manifest)
        // --scale given explicitly wins over the device's 3.
        #expect(m.pixelWidth == 201 && m.pixelHeight == 437)
        #expect(m.settings.device?.name == "iPhone 16 Pro" && m.settings.scrollView.safeAreaInsets.top == 62)
        #expect(m.frames.first?.contentOffset.y == -62 && m.frames.last?.contentOffset.y == -62)
        #expect(m.frames.contains { $0.contentOffset.y < -100 })
        let never = try #require(try Self.render(["--device", "iPhone 16 Pro", "--content-inset-adjustment-behavior", "never", "--drag", "0,200"]).1)
        #expect(never.frames.first?.contentOffset.y == 0 && never.frames.last?.contentOffset.y == 0)
    }

    @Test func landscapeAndCustomSafeAreas() throws {
        let (_, turned) = try Self.render(["--device", "iPhone 16", "--landscape", "--fling", "300"])
        let m = try #require(turned)
        #expect(m.settings.scrollView.boundsSize == Size(width: 852, height: 393))
        #expect(m.settings.scrollView.safeAreaInsets == EdgeInsets(top: 0, left: 59, bottom: 20, right: 59))
        let (_, custom) = try Self.render(["--safe-area", "40,0,20,0", "--fling", "300"])
        #expect(custom?.frames.first?.contentOffset.y == -40)
        let (unknown, _) = try Self.render(["--device", "iPhone 61", "--fling", "300"])
        #expect(unknown.status == 64 && unknown.standardError.contains("did you mean"), "\(unknown.standardError)")
        let (lonely, _) = try Self.render(["--landscape", "--fling", "300"])
        #expect(lonely.status == 64 && lonely.standardError.contains("--device"))
        let (negative, _) = try Self.render(["--safe-area", "-5,0,0,0", "--fling", "300"])
        #expect(negative.status == 64)
    }
}

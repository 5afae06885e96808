import Foundation
import Geometry
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// `--device`, `--landscape`, `--safe-area` and `scrollrender devices`.
@Suite struct DeviceTests {
    static let asked = ["iPhone SE (3rd generation)", "iPhone 13 mini", "iPhone 15", "iPhone 16", "iPhone 16 Plus", "iPhone 16 Pro",
                        "iPhone 16 Pro Max", "iPhone 17", "iPhone 17 Pro", "iPhone 17 Pro Max", "iPhone Air", "iPad (10th generation)"]

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

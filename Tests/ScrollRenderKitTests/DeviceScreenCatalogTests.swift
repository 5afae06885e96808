import Geometry
import ScrollRenderKit
import Testing

/// Every catalog device's screen measurements make sense together: the sensor housing inside the
/// status bar, the home indicator inside the bottom safe area, corners less than half the screen.
@Suite struct DeviceScreenCatalogTests {
    static let names = Device.catalog.map(\.name)

    @Test(arguments: names) func portraitMeasurementsAreSane(name: String) throws {
        let device = try #require(Device.named(name))
        let screen = device.deviceScreen(landscape: false)
        let size = screen.size, safeArea = device.portraitSafeArea
        #expect(size == device.portraitSize)
        #expect(screen.cornerRadius >= 0 && screen.cornerRadius < min(size.width, size.height) / 2)
        // The status bar is the top safe area.
        #expect(screen.statusBarFrame == Rect(x: 0, y: 0, width: size.width, height: safeArea.top))
        if let housing = screen.sensorHousingFrame {
            #expect(housing.minY >= 0 && housing.maxY < safeArea.top, "within the status bar")
            // The iPhone X-sized notches of the 11 and 12 families take more than half the width
            // (and leave the 12 mini's icons the least room); the later ones less.
            let notch = screen.sensorHousing?.kind == .notch
            #expect(abs(housing.midX - size.width / 2) < 1e-9 && housing.width < size.width * (notch ? 0.6 : 0.5))
            // Room beside it for the icons (a 71-pt row, 60 beside a wide notch) clear of the rounded corner.
            #expect(housing.minX > (notch && housing.width > 180 ? 60 : 71) + screen.cornerRadius * 0.3)
        }
        if let indicator = screen.homeIndicatorFrame {
            #expect(indicator.minY >= size.height - safeArea.bottom && indicator.maxY < size.height, "within the bottom safe area")
            #expect(abs(indicator.midX - size.width / 2) < 1e-9 && indicator.width < size.width / 2)
        }
        // A home indicator exactly where the bottom is inset.
        #expect((screen.homeIndicatorFrame != nil) == (safeArea.bottom > 0))
    }

    @Test(arguments: names) func landscapeMeasurementsAreSane(name: String) throws {
        let device = try #require(Device.named(name))
        let screen = device.deviceScreen(landscape: true), size = screen.size, safeArea = device.landscapeSafeArea
        #expect(size == Size(width: device.portraitSize.height, height: device.portraitSize.width))
        if let housing = screen.sensorHousingFrame {
            #expect(housing.minX >= 0 && housing.maxX < safeArea.left, "within the left safe area")
            #expect(abs(housing.midY - size.height / 2) < 1e-9)
        }
        if let indicator = screen.homeIndicatorFrame {
            #expect(indicator.minY >= size.height - max(safeArea.bottom, 20) && indicator.width < size.width / 2)
        }
        // iPhones hide the status bar in landscape; iPads keep it.
        #expect((screen.statusBarFrame != nil) == (device.family == .iPad))
    }

    @Test func eachFamilyHasItsHousing() throws {
        for device in Device.catalog {
            let housing = device.deviceScreen(landscape: false).sensorHousing
            // Notched Face ID iPhones have a status bar under 59 pt; the island's are 59 and taller.
            let top = device.portraitSafeArea.top
            switch device.name {
            case _ where device.family == .iPad || device.name.hasPrefix("iPhone SE"): #expect(housing == nil, "\(device.name)")
            case _ where top < 59: #expect(housing?.kind == .notch && housing?.topOffset == 0, "\(device.name)")
            default: #expect(housing?.kind == .dynamicIsland, "\(device.name)")
            }
        }
        let se = try #require(Device.named("iPhone SE (3rd generation)"))
        #expect(se.cornerRadius == 0 && se.homeIndicator == nil)
        #expect(Device.named("iPhone 16 Pro")?.cornerRadius == 62 && Device.named("iPhone 13 mini")?.cornerRadius == 44)
    }
}

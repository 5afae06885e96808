import Foundation
import Geometry
import ScrollPhysics
import ScrollRenderKit
import Testing
import _ScrollRenderTestSupport

/// The engine as a library caller drives it, with no command line: values assigned directly are
/// used as given, and every setting reads back as written.
@Suite struct RenderSettingsTests {
    static let picture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("SampleImages/tesla.jpg").path

    static func small() throws -> RenderSettings {
        var settings = RenderSettings()
        try settings.set(.size, to: .size(Size(width: 60, height: 90)))
        try settings.set(.scale, to: .number(1))
        try settings.set(.fps, to: .number(10))
        try settings.set(.hold, to: .number(0))
        return settings
    }

    static func render(_ settings: RenderSettings) throws -> Manifest {
        let folder = TestFiles.scratch.appendingPathComponent("kit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try RenderSession(try RenderRequest(imagePath: picture, outputPath: folder, settings: settings)).run()
    }

    /// A library caller who assigns `scrollView.contentOffset` (or the zoom limits) gets them, as
    /// one who calls `set(.offset, …)` does; only a property left at its default is derived.
    @Test func assignedPropertiesAreUsedAsGiven() throws {
        var settings = try Self.small()
        settings.scrollView.contentOffset = Point(x: 0, y: 300)
        settings.scrollView.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        settings.scrollView.minimumZoomScale = 0.5
        settings.scrollView.maximumZoomScale = 2
        settings.steps = [.at(0, .pinch(scale: 1.5, center: nil, duration: nil))]
        #expect(settings.isGiven(.offset) && settings.isGiven(.zoomRange) && !settings.isGiven(.inset))
        let manifest = try Self.render(settings)
        #expect(manifest.frames.first?.contentOffset == Point(x: 0, y: 300))
        #expect(manifest.settings.scrollView.minimumZoomScale == 0.5 && manifest.settings.scrollView.maximumZoomScale == 2)
        // Left at its default, the offset is derived: the top of the content inside the safe area.
        var derived = try Self.small()
        derived.scrollView.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        #expect(try Self.render(derived).frames.first?.contentOffset == Point(x: 0, y: -20))
    }

    /// Every setting, given a value unlike its default, is written in the scenario grammar and read
    /// back by the scenario reader to the same settings.
    @Test(arguments: Setting.allCases)
    func eachSettingReadsBackAsWritten(_ setting: Setting) throws {
        var settings = try Self.small()
        // Landscape turns a device, the screen drawn is one's, and a screenshot is of one.
        if [.landscape, .chrome, .statusBar, .bezel, .corners, .screenshot].contains(setting) { try settings.set(.device, to: Self.unusual(.device)) }
        try settings.set(setting, to: Self.unusual(setting))
        let manifest = try Self.render(settings)
        let bytes = try manifest.jsonBytes()
        let read = try Manifest.decode(bytes, path: "manifest.json")
        #expect(read.settings == manifest.settings, "\(setting)")
        #expect(read.settings.isGiven(setting), "\(setting)")
    }

    /// A value of each setting's shape that no default has.
    static func unusual(_ setting: Setting) -> SettingValue {
        switch setting {
        case .device: .text("iPhone SE (3rd generation)")
        case .header: .text(FileManager.default.currentDirectoryPath + "/Examples/header.jpg")
        case .background: .text("#336699")
        case .contentInsetAdjustmentBehavior: .text("never")
        case .indicators: .text("white")
        case .deceleration: .number(0.995)
        case .targetContentOffset: .adjustment(.snapInterval(Size(width: 0, height: 50)))
        case .zoomRange: .zoomScales(ZoomScaleRange(minimum: 0.5, maximum: 3))
        case .compression: .number(6)
        case .fps: .number(12)
        case .displayRate: .number(120)
        case .hold: .number(0.1)
        case .scale: .number(2)
        case .size: .size(Size(width: 70, height: 100))
        case .zoom: .number(1.5)
        case .imageScale: .number(2)
        case .headerStretch: .number(1.5)
        case .fit: .text("width")
        case .statusBar: .text("light")
        case .corners: .text("#102030")
        default:
            switch setting.shape {
            case .flag: .flag(true)
            case .point: .point(Point(x: 3, y: 4))
            case .insets: .insets(EdgeInsets(top: 3, left: 4, bottom: 5, right: 6))
            default: .number(3)
            }
        }
    }

    /// A fit works out the picture's scale; a picture too small for it is refused with the scale
    /// it would get, as the picture's scale would be.
    @Test func aFitThePictureCannotTakeIsRefused() {
        var settings = RenderSettings()
        settings.fit = .width
        let scale = 1 / settings.scrollView.boundsSize.width
        #expect(throws: ScrollRenderError.beyondInput(.fit(.width, pictureWidth: 1, pictureHeight: 1, imageScale: scale))) {
            try settings.fitting(pictureWidth: 1, pictureHeight: 1)
        }
    }

    /// A manifest's frames and events are written as JSONEncoder writes them, byte for byte: a
    /// fling's, then every optional member of an event set, numbers of every form (-0, tiny, huge,
    /// integral), strings holding quotes, backslashes, slashes and every control character, and none.
    @Test func framesAndEventsAreWrittenAsJSONEncoderWritesThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        func expectEncoderBytes(_ manifest: Manifest, _ label: String) throws {
            #expect(try manifest.jsonBytes() == Array(try encoder.encode(manifest)) + [0x0A], "\(label)")
        }
        var settings = try Self.small()
        try settings.set(.fps, to: .number(60))
        settings.steps = [.at(0, .touches(.fling(velocity: Point(x: 0, y: 900))))]
        var manifest = try Self.render(settings)
        #expect(manifest.frames.count > 10 && manifest.events.count > 10)
        try expectEncoderBytes(manifest, "a fling")
        let numbers: [Double] = [-0.0, 1e-7, 1e16, 1e21, -2.5, 0.1 + 0.2, 123456.75, 1.7976931348623157e308, Double.leastNonzeroMagnitude]
        let text = "a\"b\\c/d é" + String(decoding: (0..<32).map { UInt8($0) } + [0x7F], as: UTF8.self)
        for (index, number) in numbers.enumerated() {
            manifest.frames[index].time = number
            manifest.frames[index].contentOffset = Point(x: number, y: -number)
            manifest.frames[index].zoomScale = abs(number)
            var event = manifest.events[index]
            (event.kind, event.receiver, event.location, event.name) = ("contentTouch", text, Point(x: number, y: 1), text)
            (event.velocity, event.proposedTargetContentOffset, event.targetContentOffset) = (Point(x: 0, y: number), .zero, Point(x: number, y: number))
            (event.willDecelerate, event.scale) = (index.isMultiple(of: 2), number)
            manifest.events[index] = event
        }
        try expectEncoderBytes(manifest, "every member")
        (manifest.frames, manifest.events) = ([], [])
        try expectEncoderBytes(manifest, "no frames or events")
    }

    /// A number JSON cannot write never reaches a manifest's file: it is refused with its key.
    @Test func aManifestWithANumberJSONCannotWriteIsRefused() throws {
        var manifest = try Self.render(try Self.small())
        manifest.fps = .nan
        #expect {
            try manifest.jsonBytes()
        } throws: { error in
            guard case ScrollRenderError.manifestNotEncodable(let keyPath, _) = error else { return false }
            return keyPath == "fps"
        }
        manifest.fps = 10
        manifest.frames[0].contentOffset.y = .infinity
        #expect {
            try manifest.jsonBytes()
        } throws: { error in
            guard case ScrollRenderError.manifestNotEncodable(let keyPath, _) = error else { return false }
            return keyPath == "frames[0].contentOffset.y"
        }
    }
}

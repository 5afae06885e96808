// What drawing the device screen costs a frame, optimised (Scripts/bench/chrome-bench.sh builds it
// against the release Compositor). Prints one line per case; with a folder argument also writes each
// case's picture there as PAM (and PNG when ffmpeg is found) to look at; --rounds N times N draws a
// case (500).
import Compositor
import Foundation
import Geometry
import Raster

/// The catalog's iPhone 16 Pro and 13 mini (Device+Catalog.swift), for a Compositor-only build.
let iPhone16Pro = DeviceScreen(
    portraitSize: Size(width: 402, height: 874), cornerRadius: 62,
    sensorHousing: .dynamicIsland(size: Size(width: 126, height: 37.33), topOffset: 14),
    statusBar: .init(height: 62, landscapeHeight: nil, layout: .besideSensorHousing),
    homeIndicator: .init(width: 134, landscapeWidth: 220, height: 5, bottomOffset: 8))
let iPhone13Mini = DeviceScreen(
    portraitSize: Size(width: 375, height: 812), cornerRadius: 44,
    sensorHousing: .notch(size: Size(width: 168, height: 33)),
    statusBar: .init(height: 50, landscapeHeight: nil, layout: .besideSensorHousing),
    homeIndicator: .init(width: 134, landscapeWidth: 220, height: 5, bottomOffset: 8))

let cases: [(name: String, screen: DeviceScreen, scale: Double, dark: Bool, options: DeviceScreenRenderer.Options)] = [
    ("iPhone 16 Pro, light, automatic styles", iPhone16Pro, 3, false, .init()),
    ("iPhone 16 Pro, dark, automatic styles", iPhone16Pro, 3, true, .init()),
    ("iPhone 16 Pro, dark content fixed", iPhone16Pro, 3, false, .init(statusBarStyle: .darkContent, homeIndicatorStyle: .darkContent)),
    ("iPhone 16 Pro, bezel", iPhone16Pro, 3, false, .init(bezel: Bezel())),
    ("iPhone 16 Pro, landscape", iPhone16Pro.landscape(true), 3, false, .init()),
    ("iPhone 16 Pro at 1x (PR-sized GIF)", iPhone16Pro, 1, false, .init()),
    ("iPhone 13 mini, light", iPhone13Mini, 3, false, .init()),
    ("iPhone 13 mini, dark, background", iPhone13Mini, 3, true, .init(outsideColor: .white)),
]

/// Rows like a grouped list's, light or dark.
func sampleFrame(width: Int, height: Int, dark: Bool) -> RGBAImage {
    let background = dark ? RGBA(red: 18, green: 18, blue: 20) : RGBA(red: 242, green: 242, blue: 247)
    let cell = dark ? RGBA(red: 44, green: 44, blue: 46) : RGBA.white
    var image = RGBAImage(width: width, height: height, fill: background)
    let band = max(1, height / 14)
    for y in 0..<height where (y / band) % 2 == 1 {
        for x in (width / 20)..<(width * 19 / 20) { image[x, y] = cell }
    }
    return image
}

func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func writePicture(_ image: RGBAImage, named name: String, in folder: String) throws {
    let base = folder + "/" + name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " }.replacingOccurrences(of: " ", with: "-")
    let header = "P7\nWIDTH \(image.width)\nHEIGHT \(image.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    try (Data(header.utf8) + Data(image.pixels)).write(to: URL(fileURLWithPath: base + ".pam"))
    let ffmpeg = Process()
    ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    ffmpeg.arguments = ["ffmpeg", "-loglevel", "error", "-y", "-i", base + ".pam", base + ".png"]
    try? ffmpeg.run()
    ffmpeg.waitUntilExit()
}

// Arguments: [--rounds N] [FOLDER] (500 rounds a case unless told).
var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 500
if let at = arguments.firstIndex(of: "--rounds"), at + 1 < arguments.count, let n = Int(arguments[at + 1]), n > 0 {
    rounds = n
    arguments.removeSubrange(at...at + 1)
}
let folder = arguments.first
for item in cases {
    var renderer: DeviceScreenRenderer!
    let made = milliseconds { renderer = DeviceScreenRenderer(screen: item.screen, scale: item.scale, options: item.options) }
    let frame = sampleFrame(width: renderer.frameWidth, height: renderer.frameHeight, dark: item.dark)
    let size = item.screen.size
    // A pinch's two fingers, one fading, and a pointer.
    let touches = [TouchMark(position: Point(x: size.width * 0.35, y: size.height * 0.5)),
                   TouchMark(position: Point(x: size.width * 0.65, y: size.height * 0.6), opacity: 0.5),
                   TouchMark(position: Point(x: size.width * 0.5, y: size.height * 0.75), kind: .pointer)]
    var copy = frame
    let drawn = milliseconds { for _ in 0..<rounds { renderer.draw(over: &copy, touches: touches) } } / Double(rounds)
    var output = RGBAImage(canvasWidth: 0, height: 0)
    let rendered = milliseconds { for _ in 0..<rounds { renderer.render(frame, touches: touches, into: &output) } } / Double(rounds)
    let bare = milliseconds { for _ in 0..<rounds { renderer.draw(over: &copy) } } / Double(rounds)
    print(String(format: "%@ (%d×%d): made once in %.1f ms; draw(over:) %.3f ms a frame, %.3f ms without touches; render(into:) %.3f ms",
                 item.name, frame.width, frame.height, made, drawn, bare, rendered))
    if let folder { try writePicture(renderer.render(frame, touches: touches), named: item.name, in: folder) }
}

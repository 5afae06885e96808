// swift-tools-version:6.0
import PackageDescription

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "scrollrender",
    products: [
        .executable(name: "scrollrender", targets: ["scrollrender"]),
        .library(name: "ScrollRenderKit", targets: ["ScrollRenderKit"]),
        /// The pure UIScrollView model, whose types the Kit's settings and manifests speak.
        .library(name: "ScrollPhysics", targets: ["ScrollPhysics"]),
        // For the command-line fuzz harness in Fuzz/, which runs the whole command line in process.
        .library(name: "ScrollRenderCLI", targets: ["ScrollRenderCLI"]),
        /// Points, sizes, rects and insets, as the settings and manifests speak them.
        .library(name: "Geometry", targets: ["Geometry"]),
        /// Snapshot tests of scroll motion for Swift Testing and XCTest suites on Linux.
        .library(name: "ScrollRenderTesting", targets: ["ScrollRenderTesting"]),
        // For the fuzz harnesses in Fuzz/, which drive the decoders directly.
        .library(name: "ImageCodecs", targets: ["ImageCodecs"]),
        // For the fuzz harness in Fuzz/ that reads shards' results.json and merges them.
        .library(name: "GoldenCheck", targets: ["GoldenCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Implementation details (no stable API)
        // The only C: a target per library or concern, each imported by one module (its README says why).

        /// libjpeg and libpng for ImageCodecs: owns every `setjmp` they need.
        .target(name: "_CodecShims", linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("z")]),
        /// libdeflate's zlib decoder for ImageCodecs' frame reader (FastPNGDecoder).
        .target(name: "_DeflateShims", linkerSettings: [.linkedLibrary("deflate")]),
        /// The command-line tool's malloc settings (glibc's mallopt), which the CLI module owns.
        .target(name: "_AllocatorShims"),
        /// FileSystem's renameat2 (whole-folder swaps) and SHA-256 through OpenSSL's libcrypto.
        .target(name: "_FileShims", linkerSettings: [.linkedLibrary("crypto")]),
        /// FrameDiff's row comparison in SSE2 lanes, exact and perceptual.
        .target(name: "_PixelShims"),
        /// FreeType's headers and library, found by pkg-config (Debian's libfreetype-dev).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        /// The Compositor's title line: one line of text rendered through FreeType.
        .target(name: "_FontShims", dependencies: ["CFreeType"], linkerSettings: [.linkedLibrary("freetype")]),

        // MARK: - Library, split by concern

        /// The one file-system layer: POSIX reads, atomic writes, temporary names, safe removal.
        /// Numbers, byte sizes and names as messages show them: one spelling of each.
        .target(name: "TextFormat"),
        .target(name: "FileSystem", dependencies: ["_FileShims", "TextFormat"]),
        .target(name: "Raster"),
        /// Animated GIFs of our own: a median-cut palette, changed rectangles, LZW on all cores.
        .target(name: "GIFEncoding", dependencies: ["Raster"]),
        .target(name: "Geometry"),
        .target(name: "ImageCodecs", dependencies: ["Raster", "TextFormat", "FileSystem", "_CodecShims", "_DeflateShims"]),
        .target(name: "ScrollPhysics", dependencies: ["Geometry"]),
        .target(name: "Compositor", dependencies: ["Raster", "Geometry", "_FontShims"]),
        /// A frame sequence as any reader sees it: its manifest's sequence part and one reader of it,
        /// frame naming. The comparison layer needs nothing of a render beyond it.
        .target(name: "FrameSequence", dependencies: ["FileSystem", "Geometry", "ImageCodecs"]),
        .target(name: "FrameDiff", dependencies: ["FrameSequence", "FileSystem", "TextFormat", "Raster", "Geometry", "ImageCodecs", "_PixelShims"]),
        .target(name: "ScrollRenderKit", dependencies: ["FrameSequence", "FileSystem", "TextFormat", "GIFEncoding", "Raster", "Geometry", "ImageCodecs", "ScrollPhysics", "Compositor"]),
        .target(name: "ScrollRenderCLI", dependencies: ["ScrollRenderKit", "Compositor", "FrameDiff", "GoldenCheck", "RegressionSuite", "FileSystem", "TextFormat", "Geometry", "_AllocatorShims", argumentParser]),
        .target(name: "ScrollRenderTesting", dependencies: ["ScrollRenderKit", "GoldenCheck", "FrameDiff", "FileSystem", "TextFormat"]),
        /// The one check of a case against its golden (render, compare, decide, record) that `diff`,
        /// `test` and the Swift assertions make, and the reporters that are its outputs.
        .target(name: "GoldenCheck", dependencies: ["ScrollRenderKit", "FrameDiff", "FrameSequence", "FileSystem", "TextFormat", "Raster", "GIFEncoding"]),
        /// `scrollrender test`: a folder of scenarios and goldens, each case a golden check.
        .target(name: "RegressionSuite", dependencies: ["GoldenCheck", "ScrollRenderKit", "FrameDiff", "FileSystem"]),
        .executableTarget(name: "scrollrender", dependencies: ["ScrollRenderCLI"]),

        // MARK: - Tests

        .testTarget(
            name: "ImageCodecsTests",
            dependencies: ["ImageCodecs", "Raster", "FileSystem", "_CodecShims", "_ScrollRenderTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        /// What the test targets share: commands run in process and as processes, pictures and
        /// temporary folders, a reader of the GIFs exports make, frames as ffmpeg decodes them.
        .target(name: "_ScrollRenderTestSupport",
                dependencies: ["ScrollRenderCLI", "ScrollRenderKit", "FrameSequence", "ImageCodecs", "Raster"],
                path: "Tests/_ScrollRenderTestSupport"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "ScrollPhysicsTests", dependencies: ["ScrollPhysics", "Geometry"]),
        /// The engine as a library caller drives it: no built binary.
        .testTarget(name: "ScrollRenderKitTests", dependencies: ["ScrollRenderKit", "ScrollPhysics", "Geometry", "GIFEncoding", "Raster", "FileSystem",
                                                              "ImageCodecs", "Compositor", "_ScrollRenderTestSupport"]),
        .testTarget(name: "RegressionSuiteTests", dependencies: ["RegressionSuite", "GoldenCheck", "ScrollRenderKit", "FrameDiff", "FileSystem", "Raster",
                                                              "_ScrollRenderTestSupport"]),
        .testTarget(name: "GoldenCheckTests", dependencies: ["GoldenCheck", "ScrollRenderKit", "ScrollPhysics", "FrameDiff", "FileSystem", "Geometry",
                                                           "_ScrollRenderTestSupport"]),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "Raster", "Geometry", "_ScrollRenderTestSupport"]),
        .testTarget(name: "FrameDiffTests", dependencies: ["FrameDiff", "Raster", "Geometry", "ImageCodecs", "_ScrollRenderTestSupport"]),
        /// Uses ScrollRenderTesting as a user's package would; its goldens are in __Snapshots__.
        .testTarget(name: "ScrollRenderTestingTests", dependencies: ["ScrollRenderTesting", "GoldenCheck", "ScrollRenderKit", "ScrollPhysics", "Geometry", "FrameDiff",
                                                                  "_ScrollRenderTestSupport"],
                    exclude: ["__Snapshots__"]),
        .testTarget(
            name: "ScrollRenderCLITests",
            dependencies: ["ScrollRenderCLI", "ScrollRenderKit", "ScrollRenderTesting", "FrameDiff", "GIFEncoding", "ImageCodecs", "Raster", "Geometry", "ScrollPhysics",
                           "_ScrollRenderTestSupport"],
            exclude: ["Goldens", "Schemas", "Browser", "SettingRules.tsv"]
        ),
    ]
)

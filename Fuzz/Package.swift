// swift-tools-version:6.0
// libFuzzer harnesses for scrollrender. A separate package so that building or testing the main
// package never builds them; run one with `Scripts/fuzz.sh jpeg|png|scenario|manifest|arguments|results|recording SECONDS`.
//
// Build by hand: swift build -c release -Xswiftc -sanitize=fuzzer,address (as Scripts/fuzz.sh does)
// Each target defines `LLVMFuzzerTestOneInput` and a main.swift that hands it to libFuzzer's
// `LLVMFuzzerRunDriver`: SwiftPM gives every executable target its own `main`, so the one in
// libFuzzer's runtime cannot be used (and `-parse-as-library` then fails to link).
import PackageDescription

let imageCodecs = Target.Dependency.product(name: "ImageCodecs", package: "scrollrender")
let scrollRenderKit = Target.Dependency.product(name: "ScrollRenderKit", package: "scrollrender")
let scrollPhysics = Target.Dependency.product(name: "ScrollPhysics", package: "scrollrender")
let scrollRenderCLI = Target.Dependency.product(name: "ScrollRenderCLI", package: "scrollrender")
let goldenCheck = Target.Dependency.product(name: "GoldenCheck", package: "scrollrender")

let harness = { (name: String, dependencies: [Target.Dependency]) in
    Target.executableTarget(name: name, dependencies: ["CFuzzDriver"] + dependencies)
}

let package = Package(
    name: "ScrollRenderFuzz",
    dependencies: [.package(name: "scrollrender", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        /// What the two image harnesses share: the decoder settings and the invariants checked.
        .target(name: "FuzzSupport", dependencies: [imageCodecs]),
        harness("FuzzJPEG", ["FuzzSupport"]),
        harness("FuzzPNG", ["FuzzSupport"]),
        harness("FuzzScenario", [scrollRenderKit, scrollPhysics]),
        harness("FuzzManifest", [scrollRenderKit]),
        harness("FuzzArguments", [scrollRenderCLI]),
        harness("FuzzResults", [goldenCheck, scrollRenderKit]),
        harness("FuzzRecording", [scrollRenderKit]),
    ]
)

// swift-tools-version:6.0
// The README's ScrollRenderTesting example as a package of its own, built and run by the test
// suite (Scripts/test.sh) as a user's package would be. A user writes
// `.package(path: "../scrollrender")` (or the repository's URL); here the checkout is found two
// folders up, and its folder's name is the package name that `.product(…, package:)` takes.
import Foundation
import PackageDescription

let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let scrollrender = checkout.lastPathComponent

let package = Package(
    name: "App",
    dependencies: [.package(path: checkout.path)],
    targets: [
        .testTarget(name: "AppTests", dependencies: [
            .product(name: "ScrollRenderTesting", package: scrollrender),
            .product(name: "ScrollRenderKit", package: scrollrender),
            .product(name: "ScrollPhysics", package: scrollrender),
            .product(name: "Geometry", package: scrollrender),
        ], exclude: ["Fixtures", "__Snapshots__"]),
    ]
)

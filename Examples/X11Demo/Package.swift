// swift-tools-version:6.0
// A separate package so the HitKit root package keeps no dependencies: this one needs Xlib.
import PackageDescription

let package = Package(
    name: "X11Demo",
    dependencies: [
        // The HitKit checkout this example lives in. Named, so the product below resolves
        // whatever the checkout's folder is called (a path package's identity is its folder name).
        .package(name: "HitKit", path: "../.."),
    ],
    targets: [
        // Xlib and XInput 2, linked from the system (Debian: libx11-dev, libxi-dev).
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev", "libxi-dev"])]),
        .executableTarget(
            name: "X11Demo",
            dependencies: ["CX11", .product(name: "HitKit", package: "HitKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

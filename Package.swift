// swift-tools-version:6.0
// HitKit depends on the Swift toolchain alone: no package dependencies.
import PackageDescription

let package = Package(
    name: "HitKit",
    products: [
        .library(name: "HitTestCore", targets: ["HitTestCore"]),
        .library(name: "HitTestReference", targets: ["HitTestReference"]),
        .library(name: "HitKit", targets: ["HitKit"]),
        .library(name: "HitKitScene", targets: ["HitKitScene"]),
        .executable(name: "hitkit", targets: ["HitKitCommand"]),
        // The C API for toolkits written in C, C++ or Rust: include/hitkit.h.
        .library(name: "HitKitC", type: .dynamic, targets: ["HitKitC"]),
        .executable(name: "HitTestBenchmarks", targets: ["HitTestBenchmarks"]),
    ],
    targets: [
        // The data-oriented engine: standard library only.
        .target(name: "HitTestCore"),
        // Behaviour A2 written literally and recursively: the oracle.
        .target(name: "HitTestReference", dependencies: ["HitTestCore"]),
        // Random and byte-decoded trees built into both engines, for tests, fuzzer and benchmarks,
        // and the share of its seeds a randomized test plays (TestSeeds).
        .target(name: "HitTestDifferential", dependencies: ["HitTestCore", "HitTestReference"]),
        // The object façade: responders, views, windows, touches, recognizers, controls.
        .target(name: "HitKit", dependencies: ["HitTestCore"]),
        // Scene and scenario files (Behaviour B1–B6).
        .target(name: "HitKitScene", dependencies: ["HitKit", "HitTestCore"]),
        // The C API (`hk_` functions, declared in include/hitkit.h) over the engine and the façade.
        .target(name: "HitKitC", dependencies: ["CHitKit", "HitKit", "HitKitScene", "HitTestCore"]),
        // include/hitkit.h as a module (Sources/CHitKit/module.modulemap): HitKitC builds the
        // header's structs with the compiler's layout instead of hand-written byte offsets. A C
        // target, not a system library: its one file includes the header, so an edit of the
        // header alone rebuilds HitKitC (a system library's headers are no input of any build step).
        .target(name: "CHitKit", publicHeadersPath: "."),
        // The command line (Behaviour B7).
        .executableTarget(name: "HitKitCommand", dependencies: ["HitKitScene"]),
        // Counts the process's heap allocations (glibc's allocator hooked through the import
        // tables), for the benchmark executable alone: the shipped `hitkit` never patches them.
        .target(name: "AllocationCounting"),
        // The benchmarks, their instruction check against Benchmarks/thresholds.json, and
        // `HitTestBenchmarks bench SCENE`.
        .executableTarget(
            name: "HitTestBenchmarks",
            dependencies: ["HitTestCore", "HitTestReference", "HitKit", "HitKitScene", "AllocationCounting"],
            path: "Benchmarks/HitTestBenchmarks"
        ),
        .testTarget(name: "HitTestCoreTests", dependencies: ["HitTestCore"]),
        .testTarget(name: "HitTestDifferentialTests",
                    dependencies: ["HitTestCore", "HitTestReference", "HitTestDifferential"]),
        .testTarget(name: "HitKitTests", dependencies: ["HitKit", "HitTestCore", "HitTestDifferential"]),
        // Drives the built `hitkit` command too, so it depends on the executable; its fixture
        // replays take the sanitized runs' share from `TestSeeds` (HitTestDifferential).
        .testTarget(name: "HitKitSceneTests", dependencies: ["HitKitScene", "HitKit", "HitKitCommand", "HitTestDifferential"]),
        // The benchmark executable's check mode and its `bench` command (run as a process).
        .testTarget(name: "HitTestBenchmarksTests", dependencies: ["HitTestBenchmarks", "AllocationCounting"]),
        // The C library's own rules, read from inside (its limits on what C reaches).
        .testTarget(name: "HitKitCTests", dependencies: ["HitKitC", "CHitKit", "HitKit", "HitKitScene", "HitTestCore", "HitTestDifferential"]),
        // Deep scenes freed on small stacks, through Swift and through the C API's entry points.
        .testTarget(name: "TeardownTests", dependencies: ["HitKitScene", "HitKit", "HitTestCore", "HitKitC", "CHitKit", "HitTestDifferential"]),
    ],
    swiftLanguageModes: [.v6]
)

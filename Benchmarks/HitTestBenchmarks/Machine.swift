import Foundation

/// What the numbers were measured on.
struct Machine {
    var cpu: String
    var cores: Int
    var kernel: String
    var date: String
    var build: String

    static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let lines = cpuinfo.split(separator: "\n")
        let model = lines.first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let kernel = ((try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8)) ?? "unknown")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let formatter = ISO8601DateFormatter()
        #if DEBUG
        let build = "debug (numbers are not meaningful: use -c release)"
        #else
        let build = isLibraryBuild ? "release, libhitkit's flags" : "release"
        #endif
        return Machine(cpu: model, cores: ProcessInfo.processInfo.activeProcessorCount,
                       kernel: "Linux " + kernel, date: formatter.string(from: Date()), build: build)
    }

    /// Whether this binary was built as `Scripts/release-build.sh` builds libhitkit (the standard
    /// library linked in, no frame pointers), the build whose instructions
    /// Benchmarks/thresholds.json records. A shared standard library in the process tells it
    /// apart: every plain `swift build` loads one.
    static let isLibraryBuild = dlopen("libswiftCore.so", RTLD_NOW | RTLD_NOLOAD) == nil

    var summary: String { "\(cpu), \(cores) cores, \(kernel), \(build) build, \(date)" }
}

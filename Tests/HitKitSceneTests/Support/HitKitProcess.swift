import Foundation

/// Runs the built `hitkit` executable, as outside suites do (SPEC B7).
struct HitKitProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var outputLines: [String] {
            standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(standardOutput.hasSuffix("\n") ? 1 : 0)
        }
    }

    /// The `hitkit` binary next to this test binary: SwiftPM puts every product of a build in
    /// one directory, whatever `--scratch-path` or configuration was used.
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
            Bundle.main.executableURL?.resolvingSymlinksInPath(),
            Bundle.main.bundleURL.resolvingSymlinksInPath(),
        ].compactMap { $0 }
        for candidate in candidates {
            var directory = candidate.deletingLastPathComponent()
            // Inside an .xctest bundle directory (macOS layout), step out of it.
            while directory.path != "/" {
                let binary = directory.appendingPathComponent("hitkit")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                if directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" || directory.lastPathComponent == "MacOS" {
                    directory = directory.deletingLastPathComponent()
                } else {
                    break
                }
            }
        }
        return nil
    }()

    struct ExecutableNotFound: Error, CustomStringConvertible {
        var description: String { "the hitkit executable was not found beside the test binary" }
    }

    /// Runs `hitkit arguments…` with `input` on standard input, and waits for it.
    static func run(_ arguments: [String], input: String = "") throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputURL = scratch.appendingPathComponent("stdin")
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputURL)
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        guard let executable else { throw ExecutableNotFound() }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.root
        let stdin = try FileHandle(forReadingFrom: inputURL)
        let stdout = try FileHandle(forWritingTo: outputURL)
        let stderr = try FileHandle(forWritingTo: errorURL)
        defer { try? stdin.close(); try? stdout.close(); try? stderr.close() }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
                      standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }
}

import Foundation

/// Runs the built `HitTestBenchmarks` executable from the repository's root, as a user does.
enum BenchmarkProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String

        var outputLines: [String] {
            standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .dropLast(standardOutput.hasSuffix("\n") ? 1 : 0)
        }
    }

    struct ExecutableNotFound: Error, CustomStringConvertible {
        var description: String { "the HitTestBenchmarks executable was not found beside the test binary" }
    }

    /// The repository's root (this file is Tests/HitTestBenchmarksTests/BenchmarkProcess.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executable next to this test binary: SwiftPM puts every product of a build in one
    /// directory, whatever `--scratch-path` or configuration was used.
    static let executable: URL? = {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = directory.appendingPathComponent("HitTestBenchmarks")
        return FileManager.default.isExecutableFile(atPath: binary.path) ? binary : nil
    }()

    /// Runs `HitTestBenchmarks arguments…` and waits for it.
    static func run(_ arguments: [String]) throws -> Result {
        guard let executable else { throw ExecutableNotFound() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-benchmark-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout"), errorURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        let stdout = try FileHandle(forWritingTo: outputURL), stderr = try FileHandle(forWritingTo: errorURL)
        defer { try? stdout.close(); try? stderr.close() }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardOutput: try text(of: outputURL),
                      standardError: try text(of: errorURL))
    }

    /// What the command wrote to `url`, read through a `FileHandle` (`Data(contentsOf:)` leaks a
    /// read buffer on an empty file in this toolchain, which LeakSanitizer reports).
    private static func text(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }
}

import Foundation

/// Runs the built `hitkit` executable, as outside suites do (Behaviour B7).
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
        let inputURL = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-stdin-\(UUID().uuidString)")
        try Data(input.utf8).write(to: inputURL)
        defer { try? FileManager.default.removeItem(at: inputURL) }
        let stdin = try FileHandle(forReadingFrom: inputURL)
        defer { try? stdin.close() }
        return try run(arguments, standardInput: stdin)
    }

    /// Runs `hitkit arguments…` with standard input opened on `path` (a directory too, which
    /// `FileHandle` will not open), and waits for it.
    static func run(_ arguments: [String], standardInputFrom path: String) throws -> Result {
        let descriptor = open(Fixtures.root.appendingPathComponent(path).path, O_RDONLY)
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
        return try run(arguments, standardInput: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// Runs `hitkit arguments…` with a terminal as standard input, types `typed` on it followed
    /// by Ctrl-D (end of input), and waits for it.
    static func runOnTerminal(_ arguments: [String], typing typed: String) throws -> Result {
        // Swift's Glibc module hides the pseudo-terminal functions (they need _XOPEN_SOURCE), so
        // they are looked up in the C library by name.
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let library = dlopen(nil, RTLD_NOW)
        guard let openpt = dlsym(library, "posix_openpt").map({ unsafeBitCast($0, to: Call.self) }),
              let grantpt = dlsym(library, "grantpt").map({ unsafeBitCast($0, to: Call.self) }),
              let unlockpt = dlsym(library, "unlockpt").map({ unsafeBitCast($0, to: Call.self) }),
              let ptsname = dlsym(library, "ptsname").map({ unsafeBitCast($0, to: Name.self) }) else {
            throw TerminalUnavailable()
        }
        let terminal = openpt(O_RDWR | O_NOCTTY)
        guard terminal >= 0, grantpt(terminal) == 0, unlockpt(terminal) == 0, let name = ptsname(terminal) else {
            throw TerminalUnavailable()
        }
        let controller = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        let device = open(name, O_RDWR | O_NOCTTY)
        guard device >= 0 else { throw TerminalUnavailable() }
        let stdin = FileHandle(fileDescriptor: device, closeOnDealloc: true)
        return try run(arguments, standardInput: stdin) {
            controller.write(Data((typed + "\u{04}").utf8))
        }
    }

    struct TerminalUnavailable: Error {}

    private static func run(_ arguments: [String], standardInput stdin: FileHandle,
                            whileRunning interact: () -> Void = {}) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hitkit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        guard let executable else { throw ExecutableNotFound() }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.root
        let stdout = try FileHandle(forWritingTo: outputURL)
        let stderr = try FileHandle(forWritingTo: errorURL)
        defer { try? stdout.close(); try? stderr.close() }
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        interact()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: try text(of: outputURL), standardError: try text(of: errorURL))
    }

    /// What the command wrote to `url`. Through a `FileHandle`: `String(contentsOf:)` and
    /// `Data(contentsOf:)` leak a 4 KiB read buffer on an empty file in this toolchain's
    /// FoundationEssentials (`readBytesFromFile`), which LeakSanitizer reports for every command
    /// with an empty output.
    private static func text(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }
}

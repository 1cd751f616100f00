// Instructions per query under callgrind: the figure CI holds the rows to (Thresholds.swift), as
// it is the same on every machine that runs the same binary, where times are not.
//
// The benchmark runs its rows under `valgrind --tool=callgrind` with collection off everywhere but
// inside ``InstructionCount/countedRegion(_:)``, and callgrind writes a profile each time that
// function returns (`--dump-after`). A region is one row's warm passes; each row claims the regions
// it ran, in order, and the process that started callgrind divides each region's instructions by
// the queries it ran (``CallgrindRun``).

import Foundation

enum InstructionCount {
    /// The function callgrind's `--toggle-collect` and `--dump-after` name: its mangled name
    /// (`--dump-after` takes no wildcard).
    static let regionSymbol = "$s17HitTestBenchmarks16InstructionCountO13countedRegionySiAC4BodyCFZ"

    /// The queries each region ran, since a row last claimed them.
    nonisolated(unsafe) private static var unclaimed: [Int] = []

    /// Passes counted for a row of `queriesPerPass` queries (frames, taps, steps): at least 16
    /// queries, so that work a row does every few queries (a grid rebuilt, a buffer grown) shows
    /// as its share; a fixed number, so that the count is the same in every run.
    static func passes(queriesPerPass: Int) -> Int { Swift.max(1, 16 / Swift.max(queriesPerPass, 1)) }

    /// The warm-up (``Workload/warmUp()``), then ``passes(queriesPerPass:)`` passes in a counted region;
    /// returns the checksum of both.
    static func measure(_ workload: Workload) -> Int {
        let warm = workload.warmUp()
        let passes = self.passes(queriesPerPass: workload.queriesPerPass)
        return warm &+ region(queries: passes * workload.queriesPerPass) { workload.run(passes) }
    }

    /// Runs `body`, which makes `queries` queries, in a counted region: for a row that counts one
    /// cold operation (a first query, a snapshot) rather than warm passes.
    static func region(queries: Int, _ body: @escaping () -> Int) -> Int {
        unclaimed.append(queries)
        return countedRegion(Body(body))
    }

    /// What a region runs, in a class: a closure argument would let the optimizer make a copy of
    /// the region for each caller, under other names than the one callgrind is given.
    final class Body {
        let run: () -> Int
        init(_ run: @escaping () -> Int) { self.run = run }
    }

    /// The counted region itself: never inlined, and left unoptimized.
    @inline(never) @_optimize(none)
    static func countedRegion(_ body: Body) -> Int { body.run() }

    /// The queries of each region run since the last claim: the row just run claims them.
    static func claim() -> [Int] {
        defer { unclaimed.removeAll() }
        return unclaimed
    }
}

/// One row as counted under callgrind.
struct CountedRow {
    var name: String
    /// Instructions per query (frame, tap, step), or `nil` when the row counts none.
    var instructionsPerQuery: Double?
    /// Allocation calls per query once warm, or `nil` when the row counts none.
    var allocationsPerQuery: Double?
    /// The ``CallgrindRun/unwantedCopies`` the row's regions ran.
    var unwantedCopies: [String] = []
}

/// Runs this benchmark under callgrind on some rows and reads back what each row counted.
enum CallgrindRun {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Outlined copies of values a delivery builds whole and never needs twice, by mangled name
    /// and what they copy. Each has come back once from a stored `T?` field (an implicit `nil`)
    /// in a type with an initializer of its own: the compiled initializer builds the value twice
    /// and copies one onto the other (InputFrame.swift, Touch+Life.swift).
    static let unwantedCopies = [
        "$s6HitKit10InputFrameVWOc": "an InputFrame",
        "$s6HitKit5TouchC4LifeVWOc": "a Touch.Life",
    ]

    /// The counts of `rows` (every row but ``Thresholds/leftOut`` when `nil`), in the order the
    /// run met them. Needs `valgrind` on the `PATH`.
    static func count(rows: [String]?) throws -> [CountedRow] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hitkit-instructions-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("manifest.tsv").path
        let log = directory.appendingPathComponent("run.log")
        try Data().write(to: log)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=\(directory.path)/callgrind.out",
            "--collect-atstart=no", "--toggle-collect=\(InstructionCount.regionSymbol)",
            "--dump-after=\(InstructionCount.regionSymbol)", "--dump-instr=no", "--dump-line=no",
            executablePath(), "--count-instructions", manifest,
        ] + (rows.map { ["--rows", $0.joined(separator: ",")] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        // Swift seeds its hashing per process; fixed, a dictionary's probes are the same each run.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        let output = try FileHandle(forWritingTo: log)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure(description: "the run under callgrind failed (status \(process.terminationStatus)):\n"
                + text.split(separator: "\n").suffix(40).joined(separator: "\n"))
        }
        return try read(manifest: manifest, profiles: directory)
    }

    /// Pairs the manifest's regions, in order, with callgrind's profiles, part by part.
    static func read(manifest path: String, profiles directory: URL) throws -> [CountedRow] {
        let profiles = try self.profiles(in: directory)
        let regionInstructions = profiles.map(\.total)
        var next = 0
        var rows: [CountedRow] = []
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { throw Failure(description: "malformed manifest line: \(line)") }
            let queries = fields[1].split(separator: ",").compactMap { Int($0) }
            guard next + queries.count <= regionInstructions.count else {
                throw Failure(description: "\(fields[0]): callgrind wrote fewer profiles than the rows ran regions")
            }
            let instructions = regionInstructions[next..<next + queries.count].reduce(0, +)
            next += queries.count
            let totalQueries = queries.reduce(0, +)
            let copies = Set(profiles[next - queries.count..<next].flatMap(\.unwantedCopies))
            rows.append(CountedRow(
                name: fields[0],
                instructionsPerQuery: totalQueries > 0 ? Double(instructions) / Double(totalQueries) : nil,
                allocationsPerQuery: Double(fields[2]),
                unwantedCopies: copies.sorted()))
        }
        // Callgrind's last profile, written at exit, holds what ran outside every region: nothing.
        if regionInstructions[next...].contains(where: { $0 != 0 }) {
            throw Failure(description: "callgrind counted instructions outside the rows' regions")
        }
        return rows
    }

    /// One region's profile: its total instructions and the unwanted copies it ran.
    private struct Profile {
        var part: Int
        var total: Int
        var unwantedCopies: [String]
    }

    /// Each profile, by part number (profile `n` is the `n`-th region).
    private static func profiles(in directory: URL) throws -> [Profile] {
        var profiles: [Profile] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasPrefix("callgrind.out") {
            let text = try String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8)
            var part: Int?, total: Int?
            var copies: [String] = []
            for line in text.split(separator: "\n") {
                if line.hasPrefix("part: ") { part = Int(line.dropFirst(6)) }
                if line.hasPrefix("totals: ") || line.hasPrefix("summary: ") {
                    total = Int(line.split(separator: " ")[1])
                }
                // A function is named in full once (`fn=(id) name`, or `cfn=` where it is called).
                if line.hasPrefix("fn=") || line.hasPrefix("cfn="), let symbol = line.split(separator: " ").last,
                   let copied = unwantedCopies[String(symbol)] {
                    copies.append(copied)
                }
            }
            guard let total else { throw Failure(description: "\(name) has no total") }
            profiles.append(Profile(part: part ?? 0, total: total, unwantedCopies: copies))
        }
        return profiles.sorted { $0.part < $1.part }
    }

    /// This executable's path.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

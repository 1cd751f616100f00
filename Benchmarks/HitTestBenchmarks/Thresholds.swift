// The committed limits CI holds the benchmark to (Benchmarks/thresholds.json): each row's
// instructions per query under callgrind, with a margin, and its allocations once warm.
//
//   HitTestBenchmarks --check Benchmarks/thresholds.json     count and compare (CI)
//   HitTestBenchmarks --write-thresholds Benchmarks/thresholds.json [--margin 12]
//
// Both on libhitkit's build alone (Scripts/check-benchmarks.sh builds it so): the counts are of
// the machine code the C library ships, and the peers benchmark sets its C calls against them.

import Foundation

struct Thresholds: Equatable {
    struct Row: Equatable {
        var name: String
        /// Instructions per query when the file was written; `nil` for a row counted for its
        /// allocations alone.
        var instructions: Double?
        /// The most instructions per query the check accepts.
        var maxInstructions: Double?
        /// The most allocation calls per query, once warm, the check accepts.
        var maxAllocations: Double
    }

    /// The margin the limits were written with, in percent of the counts.
    var marginPercent: Double
    /// The toolchain and valgrind the counts were taken with: the counts are the same on any
    /// machine running the same binary, and move with the compiler.
    var measuredWith: String
    var rows: [Row]

    static let defaultMarginPercent = 12.0

    /// Rows the check does not count, and why.
    static let leftOut: [String: String] = {
        let million = "the same code as its 100,000-view row; its tree takes most of a minute to build under callgrind"
        var rows = ["chain-1000000": million]
        for shape in ["balanced", "random"] {
            for kind in ["deep", "shallow", "miss"] { rows["\(shape)-1000000-\(kind)"] = million }
        }
        rows["random-1000000-uniform"] = million
        rows["dispatch-50000-new-touches-one-frame"] = "a frame of 50,000 touches takes minutes under callgrind; the timed run keeps it"
        rows["soak-facade-mixed-frames"] = "minutes long; it checks memory and balance, not instructions"
        return rows
    }()

    /// What the file says about itself: written at its top, since JSON has no comments.
    static let about = [
        "Limits CI holds HitTestBenchmarks to (Scripts/check-benchmarks.sh, .ci/run).",
        "instructions: instructions per query (a hit test, an edit step, a frame, a tap) counted by valgrind --tool=callgrind on the release build with libhitkit's flags (the standard library linked in, no frame pointers), warm; the same on any machine running the same binary, so it is what CI compares, where times are not.",
        "max_instructions: the count plus margin_percent. max_allocations: allocation calls per query once warm, exact (0 for every query, edit and frame row; a snapshot, a first query and a traced frame allocate by design).",
        "Check: bash Scripts/check-benchmarks.sh (needs valgrind; it builds the benchmark with libhitkit's flags, which a plain swift run -c release does not, and runs --check Benchmarks/thresholds.json).",
        "Update, when a change moves a row on purpose (the facade's rows move as keyboard, zoom and menus land, the engine's with the compiler): bash Scripts/check-benchmarks.sh --write, read the diff, and commit it with the change, saying why the counts moved.",
        "Left out (the timed run still has them): " + leftOut.keys.sorted().map { "\($0) (\(leftOut[$0]!))" }.joined(separator: "; ") + ".",
    ]

    /// Limits from counted rows: the counts plus `marginPercent`, the allocations exactly.
    init(counted: [CountedRow], marginPercent: Double, measuredWith: String) {
        self.marginPercent = marginPercent
        self.measuredWith = measuredWith
        rows = counted.map { row in
            let instructions = row.instructionsPerQuery.map { ($0 * 10).rounded() / 10 }
            return Row(name: row.name, instructions: instructions,
                       maxInstructions: instructions.map { ($0 * (1 + marginPercent / 100)).rounded(.up) },
                       maxAllocations: ((row.allocationsPerQuery ?? 0) * 100).rounded(.up) / 100)
        }
    }

    /// What writing `self` over `recorded` would loosen: the rows that allocate more than their
    /// recorded limit, each as "name: old -> new". Writing refuses these unless told to: a count
    /// that rises moves a limit on purpose, an allocation that appears is usually a regression.
    func raisedAllocations(over recorded: Thresholds) -> [String] {
        let old = Dictionary(recorded.rows.map { ($0.name, $0.maxAllocations) }, uniquingKeysWith: { first, _ in first })
        return rows.compactMap { row in
            guard let limit = old[row.name], row.maxAllocations > limit + 1e-9 else { return nil }
            return "\(row.name): \(Format.decimal(limit, digits: 2)) -> \(Format.decimal(row.maxAllocations, digits: 2)) allocations a query"
        }
    }

    init(marginPercent: Double, measuredWith: String, rows: [Row]) {
        self.marginPercent = marginPercent
        self.measuredWith = measuredWith
        self.rows = rows
    }

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the file's JSON.
    init(json data: Data, file: String) throws {
        func fail(_ what: String) -> FormatError { FormatError(description: "\(file): \(what)") }
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw fail("not a JSON object") }
        guard let margin = object["margin_percent"] as? Double else { throw fail("margin_percent: expected a number") }
        guard let measuredWith = object["measured_with"] as? String else { throw fail("measured_with: expected a string") }
        guard let rows = object["rows"] as? [[String: Any]] else { throw fail("rows: expected an array of objects") }
        var parsed: [Row] = []
        for (index, row) in rows.enumerated() {
            guard let name = row["name"] as? String else { throw fail("rows[\(index)].name: expected a string") }
            guard let maxAllocations = row["max_allocations"] as? Double else {
                throw fail("rows[\(index)].max_allocations: expected a number")
            }
            let instructions = row["instructions"] as? Double, maxInstructions = row["max_instructions"] as? Double
            if (instructions == nil) != (maxInstructions == nil) {
                throw fail("rows[\(index)]: instructions and max_instructions are both numbers or both null")
            }
            parsed.append(Row(name: name, instructions: instructions, maxInstructions: maxInstructions,
                              maxAllocations: maxAllocations))
        }
        self.init(marginPercent: margin, measuredWith: measuredWith, rows: parsed)
    }

    /// The file's text: one row a line, so that a change's diff shows the rows it moved.
    var json: String {
        func number(_ value: Double?) -> String {
            guard let value else { return "null" }
            return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
        }
        func string(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let lines = rows.map { row in
            "    {\"name\": \(string(row.name)), \"instructions\": \(number(row.instructions)), "
                + "\"max_instructions\": \(number(row.maxInstructions)), \"max_allocations\": \(number(row.maxAllocations))}"
        }
        return """
            {
              "about": [
            \(Self.about.map { "    " + string($0) }.joined(separator: ",\n"))
              ],
              "margin_percent": \(number(marginPercent)),
              "measured_with": \(string(measuredWith)),
              "rows": [
            \(lines.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// One row's verdict.
    struct Verdict {
        var name: String
        var instructions: Double?
        var allocations: Double?
        var problems: [String]
        /// Counted well under the file's count: the file should be written again, so that the
        /// margin holds the new figure rather than the old one.
        var wellUnder: Bool
    }

    /// Each row of the file against what the run counted.
    func check(_ counted: [CountedRow]) -> [Verdict] {
        let byName = Dictionary(counted.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return rows.map { row in
            guard let measured = byName[row.name] else {
                return Verdict(name: row.name, problems: ["not run: no such row"], wellUnder: false)
            }
            var problems: [String] = []
            var wellUnder = false
            if let limit = row.maxInstructions, let recorded = row.instructions {
                if let count = measured.instructionsPerQuery {
                    if count > limit { problems.append("\(Format.decimal(count)) instructions > \(Format.decimal(limit, digits: 0))") }
                    wellUnder = count < recorded * (1 - marginPercent / 100)
                } else {
                    problems.append("no instructions counted")
                }
            }
            if !measured.unwantedCopies.isEmpty {
                problems.append("copies " + measured.unwantedCopies.joined(separator: " and ")
                    + " (see CallgrindRun.unwantedCopies)")
            }
            if let allocations = measured.allocationsPerQuery {
                if allocations > row.maxAllocations + 1e-9 {
                    problems.append("\(Format.decimal(allocations, digits: 2)) allocations > \(Format.decimal(row.maxAllocations, digits: 2))")
                }
            } else {
                problems.append("no allocations counted")
            }
            return Verdict(name: row.name, instructions: measured.instructionsPerQuery,
                           allocations: measured.allocationsPerQuery, problems: problems, wellUnder: wellUnder)
        }
    }

    /// The verdicts as a table, with the limits beside them.
    func report(_ verdicts: [Verdict]) -> String {
        let limits = Dictionary(rows.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func line(_ cells: [String]) -> String {
            let widths = [44, 14, 12, 9, 7]
            return zip(cells, widths).enumerated().map { index, cell in
                let (text, width) = cell
                let pad = String(repeating: " ", count: Swift.max(0, width - text.count))
                return index == 0 ? text + pad : pad + text
            }.joined(separator: " ") + (cells.count > widths.count ? "  " + cells[widths.count] : "")
        }
        var lines = [line(["row", "instructions", "limit", "allocs", "limit"])]
        for verdict in verdicts {
            let row = limits[verdict.name]
            let status = !verdict.problems.isEmpty ? "FAILED: " + verdict.problems.joined(separator: "; ")
                : verdict.wellUnder ? "ok, more than \(Format.decimal(marginPercent, digits: 0))% under: write the thresholds again"
                : "ok"
            lines.append(line([verdict.name, verdict.instructions.map { Format.decimal($0) } ?? "—",
                               row?.maxInstructions.map { Format.decimal($0, digits: 0) } ?? "—",
                               verdict.allocations.map { Format.decimal($0, digits: 2) } ?? "—",
                               row.map { Format.decimal($0.maxAllocations, digits: 2) } ?? "—", status]))
        }
        return lines.joined(separator: "\n")
    }

    /// The toolchain and valgrind this run uses, as the file records them.
    static func currentTools() -> String {
        func firstLine(_ arguments: [String]) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = Pipe()
            guard (try? process.run()) != nil else { return "unknown" }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "unknown"
        }
        #if arch(x86_64)
        let architecture = "x86_64"
        #elseif arch(arm64)
        let architecture = "arm64"
        #else
        let architecture = "another architecture"
        #endif
        return "\(firstLine(["swift", "--version"])); \(firstLine(["valgrind", "--version"])); \(architecture)"
    }
}

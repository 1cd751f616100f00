/// `{"machine": {…}, "results": [{"name", "views", "queries", "engine_ns_per_query", …}]}`, with
/// `null` for fields that do not apply.
enum JSONReport {
    static func render(_ results: [BenchmarkResult], machine: Machine, mode: String,
                       allocationCounter: String, checksum: Int) -> String {
        let machineObject = object([
            ("cpu", string(machine.cpu)), ("cores", String(machine.cores)), ("kernel", string(machine.kernel)),
            ("date", string(machine.date)), ("build", string(machine.build)), ("mode", string(mode)),
        ])
        let rows = results.map { result in
            "    " + object([
                ("name", string(result.name)),
                ("views", String(result.views)),
                ("queries", String(result.queries)),
                ("engine_ns_per_query", number(result.engineNanosecondsPerQuery)),
                ("naive_ns_per_query", number(result.naiveNanosecondsPerQuery)),
                ("speedup_over_naive", number(result.speedupOverNaive)),
                ("reference_ns_per_query", number(result.referenceNanosecondsPerQuery)),
                ("speedup", number(result.speedup)),
                ("visited_per_query", number(result.visitedPerQuery)),
                ("ns_per_visited", number(result.nanosecondsPerVisited)),
                ("allocations_per_query", number(result.allocationsPerQuery)),
                ("bytes_per_view", number(result.bytesPerView)),
                ("baseline_ns_per_query", number(result.baselineNanosecondsPerQuery)),
                ("over_baseline", number(result.overBaseline)),
                ("note", result.note.map(string) ?? "null"),
            ])
        }
        return """
            {
              "machine": \(machineObject),
              "allocation_counter": \(string(allocationCounter)),
              "checksum": \(checksum),
              "results": [
            \(rows.joined(separator: ",\n"))
              ]
            }

            """
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return Format.decimal(value, digits: 3)
    }

    private static func string(_ value: String) -> String {
        var escaped = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}

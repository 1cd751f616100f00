/// The command line: a timed run (`HitTestBenchmarks [--quick] [--filter NAME] …`), the
/// instruction check against a thresholds file (`--check FILE`, `--write-thresholds FILE`), or
/// `bench SCENE` (BenchCommand.swift).
struct Options {
    var quick = false
    var filter: String?
    var jsonPath: String?
    var markdownPath: String?
    var svgPath: String?
    /// Frames of the soak run (``SoakBenchmark``), which runs only when `--filter` names it.
    var soakFrames = 10_000_000
    /// `--check FILE`: count instructions and allocations under callgrind and compare them with FILE.
    var checkPath: String?
    /// `--write-thresholds FILE`: count them and write FILE.
    var thresholdsPath: String?
    var marginPercent = Thresholds.defaultMarginPercent
    /// `--allow-more-allocations`: let `--write-thresholds` raise a row's allocation limit.
    var allowMoreAllocations = false
    /// Set in the run that callgrind starts (``CallgrindRun``): count the rows and write what
    /// each counted to this file.
    var countManifestPath: String?
    /// With `--count-instructions`: the rows to count (all but ``Thresholds/leftOut`` if absent).
    var rows: [String]?

    static let usage = """
        usage: HitTestBenchmarks [--quick] [--filter NAME] [--soak-frames N] [--json FILE] [--markdown FILE] [--svg FILE]
               HitTestBenchmarks --check FILE
               HitTestBenchmarks --write-thresholds FILE [--margin PERCENT] [--allow-more-allocations]
               HitTestBenchmarks bench SCENE [POINTS] [--json]
          --quick          fewer, shorter samples (under a minute on 2 cores)
          --filter NAME    run only the benchmarks whose name contains NAME
                           (=NAME: only the benchmark named NAME); the soak run
                           (soak-facade-mixed-frames) runs only when NAME selects it
          --soak-frames N  frames of the soak run (default 10000000)
          --json FILE      write the results as JSON
          --markdown FILE  write the results table into FILE between its
                           <!-- benchmark-results:begin/end --> markers (appended if absent)
          --svg FILE       plot nanoseconds per query against view count (log-log)
          --check FILE     count each row of FILE (Benchmarks/thresholds.json) under
                           valgrind --tool=callgrind: instructions and allocations per
                           query, warm; exit 1 if any row is over its limit
          --write-thresholds FILE
                           count every row the check covers and write FILE: the counts
                           plus --margin percent (default 12), the allocations exactly;
                           refused when a row allocates more than FILE allowed, unless
                           --allow-more-allocations
          bench            time hit tests of a scene file on the engine and the
                           reference (see `HitTestBenchmarks bench --help`)
        """

    /// Parses `arguments` (without the program name); a failure carries the message to print.
    static func parse(_ arguments: [String]) -> Result<Options, OptionsError> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() -> String? { rest.popFirst() }
            switch argument {
            case "--quick": options.quick = true
            case "--allow-more-allocations": options.allowMoreAllocations = true
            case "--soak-frames":
                guard let count = value().flatMap({ Int($0) }), count > 0 else {
                    return .failure(OptionsError("--soak-frames needs a positive number"))
                }
                options.soakFrames = count
            case "--margin":
                guard let margin = value().flatMap({ Double($0) }), margin >= 0 else {
                    return .failure(OptionsError("--margin needs a percentage, 0 or more"))
                }
                options.marginPercent = margin
            case "--filter", "--json", "--markdown", "--svg", "--check", "--write-thresholds", "--count-instructions", "--rows":
                guard let path = value() else { return .failure(OptionsError("\(argument) needs a value")) }
                switch argument {
                case "--filter": options.filter = path
                case "--json": options.jsonPath = path
                case "--markdown": options.markdownPath = path
                case "--check": options.checkPath = path
                case "--write-thresholds": options.thresholdsPath = path
                case "--count-instructions": options.countManifestPath = path
                case "--rows": options.rows = path.split(separator: ",").map(String.init)
                default: options.svgPath = path
                }
            case "--help", "-h": return .failure(OptionsError(nil))
            default: return .failure(OptionsError("unknown argument \(argument)"))
            }
        }
        if options.checkPath != nil && options.thresholdsPath != nil {
            return .failure(OptionsError("--check and --write-thresholds are two runs"))
        }
        return .success(options)
    }
}

struct OptionsError: Error {
    /// `nil` when only the usage was asked for.
    var message: String?
    init(_ message: String?) { self.message = message }
}

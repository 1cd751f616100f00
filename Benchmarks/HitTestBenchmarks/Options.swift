/// The command line: `HitTestBenchmarks [--quick] [--filter NAME] [--soak-frames N] [--json FILE]
/// [--markdown FILE] [--svg FILE]`.
struct Options {
    var quick = false
    var filter: String?
    var jsonPath: String?
    var markdownPath: String?
    var svgPath: String?
    /// Frames of the soak run (``SoakBenchmark``), which runs only when `--filter` names it.
    var soakFrames = 10_000_000

    static let usage = """
        usage: HitTestBenchmarks [--quick] [--filter NAME] [--soak-frames N] [--json FILE] [--markdown FILE] [--svg FILE]
          --quick          fewer, shorter samples (under a minute on 2 cores)
          --filter NAME    run only the benchmarks whose name contains NAME
                           (=NAME: only the benchmark named NAME); the soak run
                           (soak-facade-mixed-frames) runs only when NAME selects it
          --soak-frames N  frames of the soak run (default 10000000)
          --json FILE      write the results as JSON
          --markdown FILE  write the results table into FILE between its
                           <!-- benchmark-results:begin/end --> markers (appended if absent)
          --svg FILE       plot nanoseconds per query against view count (log-log)
        """

    /// Parses `arguments` (without the program name); a failure carries the message to print.
    static func parse(_ arguments: [String]) -> Result<Options, OptionsError> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() -> String? { rest.popFirst() }
            switch argument {
            case "--quick": options.quick = true
            case "--soak-frames":
                guard let count = value().flatMap({ Int($0) }), count > 0 else {
                    return .failure(OptionsError("--soak-frames needs a positive number"))
                }
                options.soakFrames = count
            case "--filter", "--json", "--markdown", "--svg":
                guard let path = value() else { return .failure(OptionsError("\(argument) needs a value")) }
                switch argument {
                case "--filter": options.filter = path
                case "--json": options.jsonPath = path
                case "--markdown": options.markdownPath = path
                default: options.svgPath = path
                }
            case "--help", "-h": return .failure(OptionsError(nil))
            default: return .failure(OptionsError("unknown argument \(argument)"))
            }
        }
        return .success(options)
    }
}

struct OptionsError: Error {
    /// `nil` when only the usage was asked for.
    var message: String?
    init(_ message: String?) { self.message = message }
}

/// The command line: `X11Demo [--exit-after SECONDS] [--log-input]`.
struct DemoOptions {
    /// Quit after this many seconds (wall clock) even if nobody closes the window.
    var exitAfter: Double?
    /// Also log each input frame sent to HitKit.
    var logInput = false

    static let usage = "usage: X11Demo [--exit-after SECONDS] [--log-input]   (q, Escape or closing the window quits)"

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--exit-after":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else {
                    throw UsageError(message: "--exit-after needs a positive number of seconds")
                }
                exitAfter = value
            case "--log-input":
                logInput = true
            default:
                throw UsageError(message: "unknown argument \(argument)")
            }
        }
    }

    struct UsageError: Error {
        let message: String
    }
}

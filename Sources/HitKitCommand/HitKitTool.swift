import Foundation
import HitKitScene

/// The subcommands and the exit codes of Behaviour B7.
enum HitKitTool {
    /// Success.
    static let success: Int32 = 0
    /// An expectation not met (`replay`).
    static let expectationFailed: Int32 = 1
    /// Bad input: a bad scene, points list or argument (the message names the file, line or
    /// JSON path), or a usage error.
    static let badInput: Int32 = 2

    static let usage = """
        usage: hitkit hit-test SCENE [POINTS|-]
               hitkit convert SCENE FROM TO x y
               hitkit chain SCENE ID
               hitkit replay SCENARIO
               hitkit explain SCENARIO [--json] [--touch ID] [--html FILE]

          hit-test  prints, for each "x y" line of POINTS (standard input when absent or -),
                    the id of the view hit at that screen point, or - for none
          convert   converts the point (x, y) from view FROM to view TO (either may be
                    `screen`) and prints "x y"
          chain     prints the responder chain from the responder ID, one id a line
          replay    feeds the scenario's steps to its scene and prints the delivery log;
                    if the scenario has "expect" and the log differs, prints a unified
                    diff on standard error and exits 1
          explain   replays the scenario with the decision trace on and prints, step by
                    step, what was decided and why (hit tests, recognizers, states,
                    withheld and cancelled touches, controls) between the log's lines;
                    --json one object per line; --touch ID only what concerns touch ID;
                    --html FILE also writes a self-contained HTML report: the scene as
                    SVG with each touch's hit path, and a timeline of every touch and
                    recognizer

        exit status: 0 success, 1 an expectation not met, 2 bad input or usage
        """

    static func run(_ arguments: [String]) -> Int32 {
        let output = StandardOutput()
        defer { output.flush() }
        guard let command = arguments.first else { return usageError("missing command") }
        let operands = Array(arguments.dropFirst())
        do {
            switch command {
            case "hit-test":
                guard (1...2).contains(operands.count) else { return usageError("hit-test takes SCENE [POINTS|-]") }
                try HitTestCommand.run(scenePath: operands[0], pointsPath: operands.count == 2 ? operands[1] : "-", output: output)
            case "convert":
                guard operands.count == 5 else { return usageError("convert takes SCENE FROM TO x y") }
                try ConvertCommand.run(scenePath: operands[0], from: operands[1], to: operands[2],
                                       x: operands[3], y: operands[4], output: output)
            case "chain":
                guard operands.count == 2 else { return usageError("chain takes SCENE ID") }
                try ChainCommand.run(scenePath: operands[0], id: operands[1], output: output)
            case "replay":
                guard operands.count == 1 else { return usageError("replay takes SCENARIO") }
                guard try ReplayCommand.run(scenarioPath: operands[0], output: output) else { return expectationFailed }
            case "explain":
                guard let options = ExplainCommand.Options(operands) else {
                    return usageError("explain takes SCENARIO [--json] [--touch ID] [--html FILE]")
                }
                try ExplainCommand.run(options, output: output)
            case "help", "-h", "--help":
                output.write(usage + "\n")
            default:
                return usageError("unknown command \"\(command)\"")
            }
        } catch {
            // What was printed before the error stays printed (Behaviour B7).
            output.flush()
            StandardError.write("\(error)\n")
            return badInput
        }
        return success
    }

    private static func usageError(_ message: String) -> Int32 {
        StandardError.write("hitkit: \(message)\n\(usage)\n")
        return badInput
    }
}

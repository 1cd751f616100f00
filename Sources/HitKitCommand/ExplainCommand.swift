import HitKit
import HitKitScene

/// `hitkit explain SCENARIO [--json] [--touch ID] [--html FILE]`: replays the scenario with the decision trace
/// on and prints, step by step, what was decided and why, between the delivery log's lines.
enum ExplainCommand {
    /// The command's operands.
    struct Options: Equatable {
        var scenarioPath: String
        var json = false
        /// Only what concerns this touch: its records and those of the recognizers it collected.
        var touch: Int?
        /// Where to write the HTML report (HTMLReport), if asked.
        var html: String?

        /// Parses the operands after `explain`; `nil` for a usage error.
        init?(_ operands: [String]) {
            var path: String?
            var json = false
            var touch: Int?
            var html: String?
            var rest = operands[...]
            while let operand = rest.popFirst() {
                switch operand {
                case "--json": json = true
                case "--touch":
                    guard touch == nil, let value = rest.popFirst(), let id = Int(value) else { return nil }
                    touch = id
                case "--html":
                    guard html == nil, let file = rest.popFirst() else { return nil }
                    html = file
                default:
                    guard path == nil, !operand.hasPrefix("--") else { return nil }
                    path = operand
                }
            }
            guard let path else { return nil }
            self.scenarioPath = path
            self.json = json
            self.touch = touch
            self.html = html
        }
    }

    /// A `--touch` id the scenario does not have.
    struct UnknownTouch: Error, CustomStringConvertible {
        let file: String
        let id: Int
        let known: [Int]

        var description: String {
            let list = known.isEmpty ? "it has no touches" : "its touches are \(known.map(String.init).joined(separator: ", "))"
            return "\(file): no touch \(id) in this scenario; \(list)"
        }
    }

    static func run(_ options: Options, output: StandardOutput) throws {
        let scenario = try ReplayCommand.loadScenario(options.scenarioPath)
        let replay = try ExplainReplay.replay(scenario, file: options.scenarioPath)
        if let touch = options.touch, !replay.touchIDs.contains(touch) {
            throw UnknownTouch(file: options.scenarioPath, id: touch, known: replay.touchIDs)
        }
        let rendering = ExplainRendering(replay: replay, touch: options.touch)
        for line in options.json ? rendering.jsonLines() : rendering.textLines() { output.write(line + "\n") }
        if let html = options.html { try HTMLReport.write(scenario, file: options.scenarioPath, to: html) }
    }
}

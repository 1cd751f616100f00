import HitKit
import HitKitScene

/// `hitkit explain`'s text and JSON output of an ``ExplainReplay``, optionally narrowed to one touch.
struct ExplainRendering {
    let replay: ExplainReplay
    let touch: Int?

    /// Step headers, then the step's records (indented) and log lines (`log: …`).
    func textLines() -> [String] {
        var lines: [String] = []
        for step in replay.steps {
            let entries = step.entries.filter(isShown)
            if touch != nil && entries.isEmpty { continue }
            lines.append("step \(step.index) at t=\(number(step.input.time)): \(summary(of: step.input))")
            for entry in entries {
                switch entry {
                case .record(let record): lines.append("  " + record.text)
                case .log(let line): lines.append("  log: " + line)
                }
            }
        }
        return lines
    }

    /// One JSON object per line: a record (``TraceRecord/json`` with its step first) or a log
    /// line (`{"step":N,"log":"…"}`).
    func jsonLines() -> [String] {
        var lines: [String] = []
        for step in replay.steps {
            for entry in step.entries where isShown(entry) {
                switch entry {
                case .record(let record): lines.append("{\"step\":\(step.index)," + record.json.dropFirst())
                case .log(let line): lines.append("{\"step\":\(step.index),\"log\":\(TraceRecord.jsonQuoted(line))}")
                }
            }
        }
        return lines
    }

    // MARK: Narrowing to one touch

    /// The trace numbers of the recognizers the touch collected.
    private var recognizersOfTouch: Set<Int> {
        var numbers: Set<Int> = []
        for step in replay.steps {
            for case .record(let record) in step.entries where record.kind == .recognizerCollected && record.touch == touch {
                if let recognizer = record.recognizer { numbers.insert(recognizer.number) }
            }
        }
        return numbers
    }

    private func isShown(_ entry: ExplainReplay.Entry) -> Bool {
        guard let touch else { return true }
        switch entry {
        case .record(let record):
            if record.touch == touch { return true }
            let mine = recognizersOfTouch
            return [record.recognizer, record.otherRecognizer].contains { $0.map { mine.contains($0.number) } ?? false }
        case .log(let line):
            // `<name> <method> <ids>`: a line about this touch names it among its ids.
            let fields = line.split(separator: " ")
            return fields.count == 3 && fields[2].split(separator: ",").contains { Int($0) == touch }
        }
    }

    // MARK: Wording

    /// What the step brings: its touches, pointer, scroll, touchpad gesture, keys and edits.
    private func summary(of step: Scenario.Step) -> String {
        var parts = step.touches.map { change in
            "touch \(change.id) \(change.phase.rawValue)" + (change.location.map { " at (\(number($0.x)), \(number($0.y)))" } ?? "")
        }
        if let pointer = step.pointer {
            parts.append("pointer \(pointer.id)" + (pointer.location.map { " at (\(number($0.x)), \(number($0.y)))" } ?? " left"))
        }
        if let scroll = step.scroll { parts.append("scroll at (\(number(scroll.location.x)), \(number(scroll.location.y)))") }
        if step.touchpad != nil { parts.append("touchpad gesture") }
        parts += step.keys.map { "key \($0.logName) \($0.phase.rawValue)" + ($0.modifiers.isEmpty ? "" : " (\($0.modifiers.map(\.rawValue).joined(separator: "+")))") }
        if !step.edits.isEmpty { parts.append("\(step.edits.count) edit\(step.edits.count == 1 ? "" : "s")") }
        return parts.isEmpty ? "time passes" : parts.joined(separator: ", ")
    }

    private func number(_ value: Double) -> String { TraceRecord.formatted(value) }
}

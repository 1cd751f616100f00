/// A disagreement between the engine and the reference, with everything needed to reproduce it:
/// the forest as built, the edits applied since, the query and both answers.
public struct Mismatch: Error, CustomStringConvertible, Sendable {
    public var spec: TreeSpec
    public var edits: [Edit]
    public var query: String
    public var engineAnswer: String
    public var referenceAnswer: String

    public init(spec: TreeSpec, edits: [Edit], query: String, engineAnswer: String, referenceAnswer: String) {
        self.spec = spec
        self.edits = edits
        self.query = query
        self.engineAnswer = engineAnswer
        self.referenceAnswer = referenceAnswer
    }

    public var description: String {
        var text = "engine and reference disagree\n"
        text += "forest (keys are node indices; subviews back-most first):\n\(spec.jsonText)\n"
        if !edits.isEmpty {
            text += "edits applied after building (new views take the next keys):\n"
            for (index, edit) in edits.enumerated() { text += "  \(index): \(edit)\n" }
        }
        text += "query: \(query)\nengine answered:    \(engineAnswer)\nreference answered: \(referenceAnswer)\n"
        return text
    }
}

extension DifferentialHarness {
    func mismatch(query: String, engine: String, reference: String) -> Mismatch {
        Mismatch(spec: spec, edits: editLog, query: query, engineAnswer: engine, referenceAnswer: reference)
    }
}

import HitKit

/// How the delivery log names the keys down (Behaviour B6): by the NAME their `down` gave, or by
/// their code, and in the order they went down. A press begun by the step being delivered is
/// named by its own `down` (a step may press the same key twice, by two names); one begun by an
/// earlier step by the names followed up to that step's end, where a key still down has its
/// first down's name. A scene driven through C has no names: its keys go by their codes.
final class SceneKeyNames {
    private var names: [Int: String] = [:]
    /// The codes down, as the application sees them (a down adds, an up or cancel removes).
    private var down: Set<Int> = []
    /// The keys of the step being delivered, and the sequence of the first press it can begin.
    private var step: (keys: [Scenario.KeyChange], firstSequence: Int)?

    /// The step's keys are about to be delivered; its edits, which run before them, are done.
    func startStep(_ keys: [Scenario.KeyChange], firstSequence: Int) {
        step = (keys, firstSequence)
    }

    /// The step started has been delivered: its keys are followed, in order, for the presses
    /// it leaves down (a down for a key already down, a repeat, keeps the key's first name).
    func endStep() {
        guard let keys = step?.keys else { return }
        step = nil
        for key in keys {
            switch key.phase {
            case .down:
                guard down.insert(key.code).inserted else { continue }
                names[key.code] = key.logName
            case .up, .cancelled:
                down.remove(key.code)
            }
        }
    }

    /// The name of `press`, as its `down` gave it.
    func name(of press: Press) -> String? {
        guard let code = press.key?.keyCode.rawValue else { return nil }
        if let step, press.sequence >= step.firstSequence, step.keys.indices.contains(press.keyIndex),
           step.keys[press.keyIndex].code == code {
            return step.keys[press.keyIndex].logName
        }
        return names[code] ?? String(code)
    }

    /// Key names of `presses`, in the order they began (a set's own order changes from run to
    /// run), comma-separated.
    func names(of presses: Set<HitKit.Press>) -> String {
        presses.sorted { $0.sequence < $1.sequence }.compactMap(name(of:)).joined(separator: ",")
    }
}

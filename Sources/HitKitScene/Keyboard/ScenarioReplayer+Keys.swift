import HitKit

// A step's keys in the replay (Behaviour B5, B6): the façade's key events, the names the log
// gives keys, and the lines for unhandled and rejected keys, written where they happen.

extension ScenarioReplayer {
    /// The step being replayed, for the lines of its key events.
    final class KeyStep {
        var index = 0
        var keys: [Scenario.KeyChange] = []
    }

    /// Writes `key NAME unhandled` for a key down no stage took and `! step N: key NAME: why` for
    /// a rejected key event, in the frame's order among the other lines.
    static func logKeyEvents(of scene: LoadedScene, step: KeyStep) -> ObservationToken {
        scene.application.observeKeyEvents { [unowned log = scene.log] report in
            let name = report.index < step.keys.count ? step.keys[report.index].logName : String(report.input.code)
            switch report.fate {
            case .unhandled: log.append("key \(name) unhandled")
            case .unhandledRepeat: break  // repeats are not logged
            case .rejected(let problem): log.append("! step \(step.index): key \(name): \(keyReason(problem))")
            }
        }
    }

    /// The log's wording for a rejected key event.
    static func keyReason(_ problem: InputError.KeyProblem) -> String {
        switch problem.kind {
        case .codeOutOfRange: "code not in 0...65535"
        case .notDown: "not down"
        }
    }

    /// Whether a rejection is logged after its frame (a key's is logged where it happens).
    static func isLoggedAfterFrame(_ rejection: InputError.Rejection) -> Bool {
        if case .key = rejection.reason { return false }
        return true
    }

    /// The keyboard's edits (Behaviour A7, A10); returns why one cannot be made, if it cannot.
    static func applyKeyboardEdit(_ edit: Scenario.Edit, to scene: LoadedScene) -> String? {
        switch edit {
        case .becomeFirstResponder(let id):
            guard let view = scene.view(withID: id) else { return "no view \"\(id)\"" }
            if view.window == nil { return "\"\(id)\" has no window" }
            if !view.becomeFirstResponder() { return "\"\(id)\" did not become first responder" }
        case .resignFirstResponder(let id):
            guard let view = scene.view(withID: id) else { return "no view \"\(id)\"" }
            view.resignFirstResponder()
        case .makeKey(let id):
            guard let window = scene.view(withID: id) as? Window else { return "no window \"\(id)\"" }
            window.makeKey()
        case .setFocusSystem(let id, let enabled):
            guard let window = scene.view(withID: id) as? Window else { return "no window \"\(id)\"" }
            window.isFocusSystemEnabled = enabled
        case .setControlEnabled(let id, let enabled):
            guard let control = scene.view(withID: id) as? Control else { return "no control \"\(id)\"" }
            control.isEnabled = enabled
        default:
            break
        }
        return nil
    }
}

extension Scenario.KeyChange {
    /// The façade's key event for this change.
    var input: KeyInput {
        let phase: KeyInput.Phase = switch self.phase {
        case .down: .down
        case .up: .up
        case .cancelled: .cancelled
        }
        return KeyInput(code: code, phase: phase, characters: characters, charactersIgnoringModifiers: ignoringModifiers,
                        modifierFlags: PointerNames.flags(of: modifiers))
    }
}

import HitKit

// A step's touchpad gesture in the replay, and the log's wording for its rejections
// (Behaviour A9, B6).

extension ScenarioReplayer {
    static func touchpadReason(_ problem: InputError.TouchpadProblem) -> String {
        switch problem {
        case .invalidScale(let scale): "touchpad scale \(SceneDecoder.format(scale)) not > 0"
        case .nonFiniteRotation: "touchpad rotation not finite"
        case .nonFiniteLocation: "touchpad location not finite"
        case .invalidFingerCount(let count): "touchpad fingers \(count) < 1"
        case .notBegan: "touchpad gesture not begun"
        case .alreadyBegan(let kind): "touchpad \(kind) already under way"
        case .kindChanged(let kind): "touchpad kind changed while a \(kind) is under way"
        case .holdChanged: "touchpad hold has no changed"
        }
    }
}

extension Scenario.TouchpadChange {
    /// The façade's touchpad gesture for this change.
    var input: TouchpadGestureInput {
        let kind: TouchpadGestureInput.Kind = switch self.kind {
        case .pinch: .pinch
        case .hold: .hold
        }
        let phase: TouchpadGestureInput.Phase = switch self.phase {
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        }
        return TouchpadGestureInput(kind: kind, phase: phase, location: location, scale: scale, rotation: rotation,
                                    fingers: fingers)
    }
}

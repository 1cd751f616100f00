import HitKit

// The log's wording for rejected pointer and scroll input (Behaviour A8, B6).

extension ScenarioReplayer {
    static func pointerReason(_ problem: InputError.PointerProblem) -> String {
        switch problem {
        case .buttonOutOfRange(let number): "pointer button \(number) out of range"
        case .nonFiniteLocation: "pointer location not finite"
        case .idInUseByFinger: "pointer id in use by a finger"
        case .leftWithButtonHeld: "pointer left with a button held"
        case .anotherPointerPresent(let other): "pointer \(other) still on the screen"
        }
    }

    static func scrollReason(_ problem: InputError.ScrollProblem) -> String {
        switch problem {
        case .nonFiniteLocation: "scroll location not finite"
        case .nonFiniteDelta: "scroll delta not finite"
        case .notBegan: "continuous scroll not begun"
        case .alreadyBegan: "continuous scroll already begun"
        }
    }
}

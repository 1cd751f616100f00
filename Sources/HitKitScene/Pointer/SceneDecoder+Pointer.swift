import HitKit

// Pointer keys of scene gestures (Behaviour A8, B2) and the pointer names scenarios share:
// touch types, buttons, modifiers and scroll types.

extension SceneDecoder {
    static let pointerGestureKeys = ["allowedTouchTypes", "buttonMaskRequired", "allowedScrollTypes"]

    /// Decodes `member` if it is one of ``pointerGestureKeys``; false if it is not. Like the
    /// other gesture keys, a key that does not apply to the gesture's type is ignored.
    func decodePointerKey(_ member: JSONMember, _ path: JSONPath, into gesture: inout SceneDescription.Gesture)
        throws(SceneError) -> Bool
    {
        switch member.key {
        case "allowedTouchTypes":
            gesture.allowedTouchTypes = try choices(member.value, path, PointerNames.TouchType.self, what: "touch types")
        case "buttonMaskRequired":
            let buttons = try buttonNumbers(member.value, path, maximum: Event.ButtonMask.maximumButtonNumber)
            if buttons.isEmpty {
                throw failure(path, "expected at least one button: a click holding no button never begins")
            }
            gesture.buttonMaskRequired = buttons
        case "allowedScrollTypes":
            gesture.allowedScrollTypes = try choices(member.value, path, PointerNames.ScrollType.self, what: "scroll types")
        default:
            return false
        }
        return true
    }

    /// An array of an enumeration's raw values, each once (repeats are dropped).
    func choices<Choice: RawRepresentable & CaseIterable & Equatable>(
        _ value: JSONValue, _ path: JSONPath, _ type: Choice.Type, what: String
    ) throws(SceneError) -> [Choice] where Choice.RawValue == String {
        let elements = try array(value, path, expected: "an array of \(what)")
        var result: [Choice] = []
        for (index, element) in elements.enumerated() {
            let choice = try choice(element, path / index, type)
            if !result.contains(choice) { result.append(choice) }
        }
        return result
    }

    /// Buttons as B2 writes them: `"primary"`, `"secondary"`, `"middle"` or a whole number ≥ 4
    /// (up to `maximum` when given; a scenario leaves larger numbers to the replay, which rejects
    /// them as bad input, however large). Returned as button numbers, each once, ascending.
    func buttonNumbers(_ value: JSONValue, _ path: JSONPath, maximum: Int?) throws(SceneError) -> [Int] {
        let elements = try array(value, path, expected: "an array of buttons")
        var numbers: [Int] = []
        for (index, element) in elements.enumerated() {
            let number = try buttonNumber(element, path / index, maximum: maximum)
            if !numbers.contains(number) { numbers.append(number) }
        }
        return numbers.sorted()
    }

    private func buttonNumber(_ value: JSONValue, _ path: JSONPath, maximum: Int?) throws(SceneError) -> Int {
        let range = maximum.map { "from 4 to \($0)" } ?? "≥ 4"
        let expected = "\"primary\", \"secondary\", \"middle\" or a button number \(range)"
        if let name = try? string(value, path) {
            guard let named = PointerNames.buttonNumbers.first(where: { $0.name == name }) else {
                throw mismatch(path, expected: expected, found: value)
            }
            return named.number
        }
        guard case .number(let number) = value, number.isFinite, number >= 4,
              number <= maximum.map(Double.init) ?? .infinity else {
            throw mismatch(path, expected: expected, found: value)
        }
        // In range, so the message says what else is wrong with it: "found 4.5" or "found 1e+300"
        // beside "a number ≥ 4" would contradict itself.
        return try exactWholeNumber(value, path, expected: expected)
    }
}

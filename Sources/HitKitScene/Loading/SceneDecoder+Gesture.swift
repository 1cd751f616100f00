// Gesture recognizers in scenes (Behaviour B2): parsed and checked here, given behaviour by the
// recognizer layer.

extension SceneDecoder {
    static let gestureKeys = [
        "id", "type", "taps", "touches", "minimumPressDuration", "allowableMovement", "minimumTouches",
        "maximumTouches", "direction", "edges", "enabled", "cancelsTouchesInView", "delaysTouchesBegan",
        "delaysTouchesEnded", "requiresFailureOf", "logTouches", "delegate",
    ] + pointerGestureKeys
    static let gestureDelegateKeys = ["shouldReceiveTouch", "shouldBegin", "simultaneousWith", "requireFailureOf", "requiredToFailBy"]

    mutating func decodeGestures(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> [SceneDescription.Gesture] {
        let elements = try array(value, path, expected: "an array of gesture recognizers")
        var gestures: [SceneDescription.Gesture] = []
        for (index, element) in elements.enumerated() {
            gestures.append(try decodeGesture(element, path / index))
        }
        return gestures
    }

    private mutating func decodeGesture(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.Gesture {
        typealias Gesture = SceneDescription.Gesture
        let members = try object(value, path, expected: "a gesture recognizer object")
        guard let idMember = members.first(where: { $0.key == "id" }) else {
            throw missingKey(path / "id", expected: "an id (a non-empty string of letters, digits, _, - and .)")
        }
        let id = try identifier(idMember.value, path / "id")
        try declare(id, .gesture, at: path / "id", in: value)
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            throw missingKey(path / "type", expected: "one of " + Gesture.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        var gesture = Gesture(id: id, kind: try choice(typeMember.value, path / "type", Gesture.Kind.self))
        for member in members {
            let p = path / member.key
            switch member.key {
            case "id", "type": break
            case "taps": gesture.taps = try integer(member.value, p, minimum: gesture.kind == .tap ? 1 : 0)
            case "touches": gesture.touches = try integer(member.value, p, minimum: 1)
            case "minimumPressDuration":
                gesture.minimumPressDuration = try number(member.value, p, expected: "a non-negative number of seconds", in: 0...Double.greatestFiniteMagnitude)
            case "allowableMovement":
                gesture.allowableMovement = try number(member.value, p, expected: "a non-negative number of points", in: 0...Double.greatestFiniteMagnitude)
            case "minimumTouches": gesture.minimumTouches = try integer(member.value, p, minimum: 1)
            case "maximumTouches": gesture.maximumTouches = try integer(member.value, p, minimum: 1)
            case "direction": gesture.direction = try directions(member.value, p)
            case "edges": gesture.edges = try directions(member.value, p, nameAllowed: false)
            case "enabled": gesture.enabled = try bool(member.value, p)
            case "cancelsTouchesInView": gesture.cancelsTouchesInView = try bool(member.value, p)
            case "delaysTouchesBegan": gesture.delaysTouchesBegan = try bool(member.value, p)
            case "delaysTouchesEnded": gesture.delaysTouchesEnded = try bool(member.value, p)
            case "requiresFailureOf": gesture.requiresFailureOf = try gestureReferences(member.value, p, owner: id)
            case "logTouches": gesture.logTouches = try bool(member.value, p)
            case "delegate": gesture.delegate = try decodeGestureDelegate(member.value, p, owner: id)
            default:
                guard try decodePointerKey(member, p, into: &gesture) else {
                    throw unknownKey(p, in: "a gesture recognizer", allowed: Self.gestureKeys)
                }
            }
        }
        if let minimum = gesture.minimumTouches, let maximum = gesture.maximumTouches, minimum > maximum {
            throw failure(path / "maximumTouches", "expected a number of touches ≥ minimumTouches (\(minimum)), found \(maximum)")
        }
        return gesture
    }

    /// A swipe's `direction` is a name or a list of names; a screen edge pan's `edges` a list
    /// alone (Behaviour B2), as UIKit's `UIRectEdge` is a set.
    private func directions(_ value: JSONValue, _ path: JSONPath, nameAllowed: Bool = true)
        throws(SceneError) -> [SceneDescription.Gesture.Direction]
    {
        typealias Direction = SceneDescription.Gesture.Direction
        if nameAllowed, case .string = value { return [try choice(value, path, Direction.self)] }
        let expected = nameAllowed
            ? "a direction (\"right\", \"left\", \"up\" or \"down\") or a non-empty array of them"
            : "a non-empty array of edges (\"right\", \"left\", \"up\", \"down\")"
        guard case .array(let elements) = value, !elements.isEmpty else { throw mismatch(path, expected: expected, found: value) }
        var result: [Direction] = []
        for (index, element) in elements.enumerated() {
            let direction = try choice(element, path / index, Direction.self)
            if !result.contains(direction) { result.append(direction) }
        }
        return result
    }

    /// A list of gesture ids, checked against the whole file once it is read.
    private mutating func gestureReferences(_ value: JSONValue, _ path: JSONPath, owner: String?) throws(SceneError) -> [String] {
        let ids = try identifierList(value, path)
        for (index, id) in ids.enumerated() {
            references.append(Reference(id: id, path: path / index, expectation: .gesture(owner: owner)))
        }
        return ids
    }

    private mutating func decodeGestureDelegate(_ value: JSONValue, _ path: JSONPath, owner: String)
        throws(SceneError) -> SceneDescription.Gesture.Delegate
    {
        let members = try object(value, path, expected: "a gesture recognizer delegate object")
        var delegate = SceneDescription.Gesture.Delegate()
        for member in members {
            let p = path / member.key
            switch member.key {
            case "shouldReceiveTouch":
                switch member.value {
                case .bool(let answer): delegate.shouldReceiveTouch = answer ? .always : .never
                case .string("ownViewOnly"): delegate.shouldReceiveTouch = .ownViewOnly
                default: throw mismatch(p, expected: "true, false or \"ownViewOnly\"", found: member.value)
                }
            case "shouldBegin": delegate.shouldBegin = try bool(member.value, p)
            case "simultaneousWith":
                if case .string("all") = member.value {
                    delegate.simultaneousWith = .all
                } else if case .array = member.value {
                    // Recognizing simultaneously with oneself is meaningless but harmless.
                    delegate.simultaneousWith = .ids(try gestureReferences(member.value, p, owner: nil))
                } else {
                    throw mismatch(p, expected: "an array of gesture ids or \"all\"", found: member.value)
                }
            case "requireFailureOf": delegate.requireFailureOf = try gestureReferences(member.value, p, owner: owner)
            case "requiredToFailBy": delegate.requiredToFailBy = try gestureReferences(member.value, p, owner: owner)
            default: throw unknownKey(p, in: "a gesture recognizer delegate", allowed: Self.gestureDelegateKeys)
            }
        }
        return delegate
    }
}

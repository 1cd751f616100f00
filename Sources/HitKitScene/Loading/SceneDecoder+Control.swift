// Controls in scenes (Behaviour B3): parsed and checked here, given behaviour by the control layer.

import HitKit

extension SceneDecoder {
    static let controlKeys = ["type", "enabled", "logTracking", "targets"]
    static let targetKeys = ["events", "target", "action"]

    mutating func decodeControl(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.Control {
        typealias Control = SceneDescription.Control
        let members = try object(value, path, expected: "a control object")
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            throw missingKey(path / "type", expected: "one of " + Control.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        var control = Control(kind: try choice(typeMember.value, path / "type", Control.Kind.self))
        let allValueKeys = Set(Control.Kind.allCases.flatMap(\.valueKeys))
        for member in members {
            let p = path / member.key
            if allValueKeys.contains(member.key) && !control.kind.valueKeys.contains(member.key) {
                let own = control.kind.valueKeys
                throw failure(p, "\"\(member.key)\" is not a value of a \"\(control.kind.rawValue)\" control (\(own.isEmpty ? "it has no values" : "its values are " + own.joined(separator: ", ")))")
            }
            switch member.key {
            case "type": break
            case "enabled": control.enabled = try bool(member.value, p)
            case "logTracking": control.logTracking = try bool(member.value, p)
            case "targets":
                let elements = try array(member.value, p, expected: "an array of targets")
                for (index, element) in elements.enumerated() {
                    control.targets.append(try decodeTarget(element, p / index))
                }
            case "isOn": control.isOn = try bool(member.value, p)
            case "value": control.value = try number(member.value, p)
            case "minimumValue": control.minimumValue = try number(member.value, p)
            case "maximumValue": control.maximumValue = try number(member.value, p)
            case "isContinuous": control.isContinuous = try bool(member.value, p)
            case "stepValue":
                control.stepValue = try number(member.value, p, expected: "a number > 0", in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude)
            case "wraps": control.wraps = try bool(member.value, p)
            case "autorepeat": control.autorepeat = try bool(member.value, p)
            case "segments":
                if case .array(let elements) = member.value {
                    // More would be clamped by the control: an error, as contradictory values are.
                    guard elements.count <= ControlLimits.maximumSegmentsOrPages else {
                        throw failure(p, "expected at most \(ControlLimits.maximumSegmentsOrPages) segment titles, found \(elements.count)")
                    }
                    var titles: [String] = []
                    for (index, element) in elements.enumerated() { titles.append(try string(element, p / index, expected: "a segment title (a string)")) }
                    control.segments = .titles(titles)
                } else if case .number = member.value {
                    control.segments = .count(try integer(member.value, p, minimum: 0, maximum: ControlLimits.maximumSegmentsOrPages))
                } else {
                    throw mismatch(p, expected: "a number of segments or an array of segment titles", found: member.value)
                }
            case "selectedSegmentIndex": control.selectedSegmentIndex = try integer(member.value, p, minimum: -1)
            case "numberOfPages":
                control.numberOfPages = try integer(member.value, p, minimum: 0, maximum: ControlLimits.maximumSegmentsOrPages)
            case "currentPage": control.currentPage = try integer(member.value, p, minimum: 0)
            default:
                throw unknownKey(p, in: "a \"\(control.kind.rawValue)\" control", allowed: Self.controlKeys + control.kind.valueKeys)
            }
        }
        try checkControlValues(control, path)
        return control
    }

    /// Values that contradict each other (UIKit would silently clamp them; a scene says what it means).
    private func checkControlValues(_ control: SceneDescription.Control, _ path: JSONPath) throws(SceneError) {
        switch control.kind {
        case .slider, .stepper:
            let minimum = control.minimumValue ?? 0
            let maximum = control.maximumValue ?? (control.kind == .slider ? 1 : 100)
            if minimum > maximum {
                throw failure(path / (control.maximumValue != nil ? "maximumValue" : "minimumValue"),
                              "expected minimumValue (\(Self.format(minimum))) ≤ maximumValue (\(Self.format(maximum)))")
            }
            if let value = control.value, !(minimum...maximum).contains(value) {
                throw failure(path / "value", "expected a value from minimumValue (\(Self.format(minimum))) to maximumValue (\(Self.format(maximum))), found \(Self.format(value))")
            }
        case .segmented:
            let count = control.segments?.count ?? 0
            if let index = control.selectedSegmentIndex, index >= count {
                throw failure(path / "selectedSegmentIndex", "expected -1 (no segment) or an index below the number of segments (\(count)), found \(index)")
            }
        case .pageControl:
            let pages = control.numberOfPages ?? 0
            if let page = control.currentPage, page >= max(pages, 1) {
                throw failure(path / "currentPage", "expected a page below numberOfPages (\(pages)), found \(page)")
            }
        case .button, .control, .switch:
            break
        }
    }

    private mutating func decodeTarget(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.Control.Target {
        typealias Event = SceneDescription.Control.Event
        let members = try object(value, path, expected: "a target object {\"events\": […], \"target\": id or null, \"action\": name}")
        var events: [Event]?
        var target: String?
        var action: String?
        for member in members {
            let p = path / member.key
            switch member.key {
            case "events":
                let elements = try array(member.value, p, expected: "a non-empty array of control events")
                if elements.isEmpty { throw mismatch(p, expected: "a non-empty array of control events", found: member.value) }
                var list: [Event] = []
                for (index, element) in elements.enumerated() { list.append(try choice(element, p / index, Event.self)) }
                events = list
            case "target":
                if member.value != .null {
                    let id = try identifier(member.value, p)
                    target = id
                    references.append(Reference(id: id, path: p, expectation: .responder))
                }
            case "action": action = try actionName(member.value, p)
            default: throw unknownKey(p, in: "a control target", allowed: Self.targetKeys)
            }
        }
        guard let events else { throw missingKey(path / "events", expected: "a non-empty array of control events") }
        guard let action else { throw missingKey(path / "action", expected: Self.actionNameExpected) }
        return SceneDescription.Control.Target(events: events, target: target, action: action)
    }
}

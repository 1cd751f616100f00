import HitTestCore

// A step's `edits` (Behaviour B5): changes to the scene made before the step's input. Only the
// shape is checked here; whether the ids exist is the replay's question (an edit that cannot be
// made is rejected like bad input).

extension ScenarioLoader {
    static let editKeys = ["view", "gesture", "removeFromSuperview", "moveTo", "index", "set"]
    static let editableViewKeys = SceneDecoder.geometryKeys + [
        "hidden", "alpha", "userInteractionEnabled",
        "multipleTouchEnabled", "exclusiveTouch", "passThrough", "hitsOutsideBounds", "redirectsToSuperview",
        "hitTestInsets", "minimumHitSize", "canBecomeFocused", "focusGroup",
    ]
    static let editForms = ["{\"view\": ID, \"removeFromSuperview\": true}", "{\"view\": ID, \"moveTo\": PARENT, \"index\": n}",
                            "{\"view\": ID, \"set\": {…}}", "{\"gesture\": ID, \"set\": {\"enabled\": bool}}"]

    /// Every key and form of every kind of edit, gathered from each kind's own lists, for the
    /// messages about an object that is no edit yet: it may become any of them.
    static let allEditKeys = (editKeys + keyboardEditKeys + scrollViewEditKeys + menuEditKeys).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
    }
    static let allEditForms = listing(editForms + keyboardEditForms + scrollViewEditForms + menuEditForms)

    /// `forms` as a message lists them: "A, B or C".
    static func listing(_ forms: [String]) -> String {
        forms.count < 2 ? forms.joined() : forms.dropLast().joined(separator: ", ") + " or " + forms.last!
    }

    /// A key no edit takes, or one of another kind of edit than the object's other keys make (or,
    /// `alone`, one that makes no edit by itself: the key naming what it edits is missing).
    static func misplacedEditKey(_ key: String, _ path: JSONPath, alone: Bool, _ values: SceneDecoder) -> SceneError {
        guard allEditKeys.contains(key) else { return values.unknownKey(path, in: "an edit", allowed: allEditKeys) }
        let why = alone ? "is no edit by itself" : "does not go with this edit's other keys"
        return values.failure(path, "\"\(key)\" \(why); expected one edit: \(allEditForms)")
    }

    static func decodeEdits(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> [Scenario.Edit] {
        let elements = try values.array(value, path, expected: "an array of edits")
        var edits: [Scenario.Edit] = []
        for (index, element) in elements.enumerated() {
            edits.append(try decodeEdit(element, path / index, values))
        }
        return edits
    }

    private static func decodeEdit(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Scenario.Edit {
        if isScrollViewEdit(value) { return try decodeScrollViewEdit(value, path, values) }  // Behaviour A6.2
        let members = try values.object(value, path, expected: "an edit: \(allEditForms)")
        if isKeyboardEdit(members) { return try decodeKeyboardEdit(members, path, values) }  // Behaviour A10
        if members.contains(where: { $0.key == "menu" }) { return try decodeMenuEdit(members, path, values) }  // Behaviour A11
        var view: String?, gesture: String?, moveTo: String?, index: Int?, remove = false
        var set: (value: JSONValue, path: JSONPath)?
        for member in members {
            let p = path / member.key
            switch member.key {
            case "view": view = try values.identifier(member.value, p)
            case "gesture": gesture = try values.identifier(member.value, p)
            case "moveTo": moveTo = try values.identifier(member.value, p)
            case "index": index = try values.integer(member.value, p, minimum: 0)
            case "removeFromSuperview":
                guard try values.bool(member.value, p) else {
                    throw values.failure(p, "expected true; leave \"removeFromSuperview\" out to keep the view")
                }
                remove = true
            case "set": set = (member.value, p)
            default: throw misplacedEditKey(member.key, p, alone: members.count == 1, values)
            }
        }
        // Exactly one form: say which key is out of place.
        let actions = [remove ? "removeFromSuperview" : nil, moveTo != nil ? "moveTo" : nil, set != nil ? "set" : nil].compactMap { $0 }
        if view != nil && gesture != nil { throw values.failure(path / "gesture", "an edit names a \"view\" or a \"gesture\", not both") }
        if actions.count != 1 {
            throw values.failure(actions.count == 0 ? path : path / actions[1],
                                 "expected one edit: \(actions.count == 0 ? allEditForms : listing(editForms))")
        }
        if index != nil && moveTo == nil { throw values.failure(path / "index", "\"index\" goes with \"moveTo\"") }
        if let gesture {
            guard let set else { throw values.failure(path / actions[0], "a gesture edit is {\"gesture\": ID, \"set\": {\"enabled\": bool}}") }
            return .setGestureEnabled(gesture: gesture, try decodeGestureSet(set.value, set.path, values))
        }
        guard let view else { throw values.missingKey(path / "view", expected: "the id of the view to edit (or \"gesture\")") }
        if remove { return .removeFromSuperview(view: view) }
        if let moveTo { return .move(view: view, to: moveTo, index: index) }
        return .setView(view: view, try decodeViewSet(set!.value, set!.path, values))
    }

    private static func decodeGestureSet(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Bool {
        let members = try values.object(value, path, expected: "{\"enabled\": true or false}")
        var enabled: Bool?
        for member in members {
            guard member.key == "enabled" else { throw values.unknownKey(path / member.key, in: "a gesture edit's \"set\"", allowed: ["enabled"]) }
            enabled = try values.bool(member.value, path / member.key)
        }
        guard let enabled else { throw values.missingKey(path / "enabled", expected: "true or false") }
        return enabled
    }

    private static func decodeViewSet(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder)
        throws(SceneError) -> [Scenario.ViewProperty]
    {
        let members = try values.object(value, path, expected: "an object of view keys to set")
        // Geometry is read and checked as a scene file's is, then set in B1's order below.
        var geometry = SceneDescription.Geometry()
        var properties: [Scenario.ViewProperty] = []
        for member in members {
            let p = path / member.key, v = member.value
            switch member.key {
            case let key where SceneDecoder.geometryKeys.contains(key): try values.decodeGeometryKey(member, p, into: &geometry)
            case "hidden": properties.append(.hidden(try values.bool(v, p)))
            case "alpha": properties.append(.alpha(try values.number(v, p, expected: "a number from 0 to 1", in: 0...1)))
            case "userInteractionEnabled": properties.append(.userInteractionEnabled(try values.bool(v, p)))
            case "multipleTouchEnabled": properties.append(.multipleTouchEnabled(try values.bool(v, p)))
            case "exclusiveTouch": properties.append(.exclusiveTouch(try values.bool(v, p)))
            case "passThrough": properties.append(.passThrough(try values.bool(v, p)))
            case "hitsOutsideBounds": properties.append(.hitsOutsideBounds(try values.bool(v, p)))
            case "redirectsToSuperview": properties.append(.redirectsToSuperview(try values.bool(v, p)))
            case "hitTestInsets": properties.append(.hitTestInsets(try values.insets(v, p)))
            case "minimumHitSize": properties.append(.minimumHitSize(try values.size(v, p)))
            case "canBecomeFocused": properties.append(.canBecomeFocused(try values.bool(v, p)))
            case "focusGroup": properties.append(.focusGroup(try values.focusGroup(v, p)))
            default: throw values.unknownKey(p, in: "an edit's \"set\"", allowed: editableViewKeys)
            }
        }
        try values.checkGeometry(geometry, members, path)
        properties.insert(contentsOf: geometryProperties(geometry), at: 0)
        if properties.isEmpty { throw values.failure(path, "expected at least one view key to set") }
        return properties
    }

    /// The geometry an edit sets, in Behaviour B1's order whatever the file's: a frame (its
    /// midpoint becomes the center, its size the bounds' size), then a bounds, which replaces
    /// the frame's and keeps its center; `center` never comes with `frame`, and the anchor point
    /// and transform never move the center. The other keys do not depend on one another.
    private static func geometryProperties(_ geometry: SceneDescription.Geometry) -> [Scenario.ViewProperty] {
        [geometry.frame.map(Scenario.ViewProperty.frame), geometry.bounds.map(Scenario.ViewProperty.bounds),
         geometry.center.map(Scenario.ViewProperty.center), geometry.anchorPoint.map(Scenario.ViewProperty.anchorPoint),
         geometry.transform.map(Scenario.ViewProperty.transform)].compactMap { $0 }
    }
}

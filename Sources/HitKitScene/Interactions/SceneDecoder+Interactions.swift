import HitTestCore

// Interactions in scenes (Behaviour B1, A11): a view's `contextMenu`, `drag` and `drop`, parsed
// and checked here; the builder gives them delegates with these fixed answers.

extension SceneDecoder {
    static let contextMenuKeys = ["id", "configuration", "items"]
    static let menuItemKeys = ["id", "frame", "action", "enabled"]
    static let dragKeys = ["id", "items", "allowsMove", "simultaneous", "enabled"]
    static let dropKeys = ["id", "canHandle", "proposal"]

    /// Reads the view key `key` (`contextMenu`, `drag` or `drop`) into `interactions`; false for
    /// any other key.
    mutating func decodeInteraction(_ member: JSONMember, _ path: JSONPath,
                                    into interactions: inout SceneDescription.Interactions) throws(SceneError) -> Bool {
        switch member.key {
        case "contextMenu": interactions.contextMenu = try decodeContextMenu(member.value, path)
        case "drag": interactions.drag = try decodeDrag(member.value, path)
        case "drop": interactions.drop = try decodeDrop(member.value, path)
        default: return false
        }
        return true
    }

    /// An interaction object's members, after its `id` is read and declared as `kind`.
    private mutating func interactionObject(_ value: JSONValue, _ path: JSONPath, _ kind: Declaration.Kind)
        throws(SceneError) -> (id: String, members: [JSONMember])
    {
        let members = try object(value, path, expected: "\(kind.description) object")
        guard let idMember = members.first(where: { $0.key == "id" }) else {
            throw missingKey(path / "id", expected: "an id (a non-empty string of letters, digits, _, - and .)")
        }
        let id = try identifier(idMember.value, path / "id")
        try declare(id, kind, at: path / "id", in: value)
        return (id, members)
    }

    private mutating func decodeContextMenu(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.ContextMenu {
        let (id, members) = try interactionObject(value, path, .contextMenu)
        var menu = SceneDescription.ContextMenu(id: id)
        var itemsPath: JSONPath?
        for member in members {
            let p = path / member.key
            switch member.key {
            case "id": break
            case "configuration": menu.configuration = try bool(member.value, p)
            case "items":
                itemsPath = p
                let elements = try array(member.value, p, expected: "an array of menu items")
                for (index, element) in elements.enumerated() {
                    menu.items.append(try decodeMenuItem(element, p / index))
                }
            default: throw unknownKey(p, in: "a context menu", allowed: Self.contextMenuKeys)
            }
        }
        if !menu.configuration, let itemsPath {
            throw failure(itemsPath, "items given with \"configuration\": false (the delegate answers nil, so there are no items)")
        }
        return menu
    }

    private mutating func decodeMenuItem(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.ContextMenu.Item {
        let (id, members) = try interactionObject(value, path, .menuItem)
        var frame: Rect?
        var action: String?
        var enabled = true
        for member in members {
            let p = path / member.key
            switch member.key {
            case "id": break
            case "frame": frame = try itemFrame(member.value, p)
            case "action": action = try actionName(member.value, p)
            case "enabled": enabled = try bool(member.value, p)
            default: throw unknownKey(p, in: "a menu item", allowed: Self.menuItemKeys)
            }
        }
        guard let frame else { throw missingKey(path / "frame", expected: "[x, y, w, h], where the host shows the item in window coordinates") }
        guard let action else { throw missingKey(path / "action", expected: Self.actionNameExpected) }
        return .init(id: id, frame: frame, action: action, enabled: enabled)
    }

    /// `[x, y, w, h]` with a width and height not negative (Behaviour A11 **Bad input**).
    private func itemFrame(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> Rect {
        let frame = try rect(value, path)
        if frame.size.width < 0 {
            throw mismatch(path / 2, expected: "a non-negative number (w)", found: .number(frame.size.width))
        }
        if frame.size.height < 0 {
            throw mismatch(path / 3, expected: "a non-negative number (h)", found: .number(frame.size.height))
        }
        return frame
    }

    private mutating func decodeDrag(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.Drag {
        let (id, members) = try interactionObject(value, path, .drag)
        var items: [String]?
        var drag = SceneDescription.Drag(id: id, items: [])
        for member in members {
            let p = path / member.key
            switch member.key {
            case "id": break
            case "items":
                let elements = try array(member.value, p, expected: "an array of item names")
                var names: [String] = []
                for (index, element) in elements.enumerated() {
                    names.append(try nonEmptyString(element, p / index, expected: "a drag item name (a non-empty string)"))
                }
                items = names
            case "allowsMove": drag.allowsMove = try bool(member.value, p)
            case "simultaneous": drag.simultaneous = try bool(member.value, p)
            case "enabled": drag.enabled = try bool(member.value, p)
            default: throw unknownKey(p, in: "a drag interaction", allowed: Self.dragKeys)
            }
        }
        guard let items else { throw missingKey(path / "items", expected: "an array of item names (what itemsForBeginning answers)") }
        drag.items = items
        return drag
    }

    private mutating func decodeDrop(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.Drop {
        let (id, members) = try interactionObject(value, path, .drop)
        var canHandle = true
        var proposal: SceneDescription.Drop.Proposal?
        for member in members {
            let p = path / member.key
            switch member.key {
            case "id": break
            case "canHandle": canHandle = try bool(member.value, p)
            case "proposal": proposal = try choice(member.value, p, SceneDescription.Drop.Proposal.self)
            default: throw unknownKey(p, in: "a drop interaction", allowed: Self.dropKeys)
            }
        }
        guard let proposal else {
            let choices = SceneDescription.Drop.Proposal.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw missingKey(path / "proposal", expected: "one of \(choices) (what sessionDidUpdate answers)")
        }
        var drop = SceneDescription.Drop(id: id, proposal: proposal)
        drop.canHandle = canHandle
        return drop
    }
}

extension ScenarioLoader {
    static let menuEditKeys = ["menu", "dismiss"]
    static let menuEditForms = ["{\"menu\": ID, \"dismiss\": true}"]

    /// `{"menu": ID, "dismiss": true}` (Behaviour B5, A11).
    static func decodeMenuEdit(_ members: [JSONMember], _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Scenario.Edit {
        var menu: String?
        var dismiss = false
        for member in members {
            let p = path / member.key
            switch member.key {
            case "menu": menu = try values.identifier(member.value, p)
            case "dismiss":
                guard try values.bool(member.value, p) else { throw values.failure(p, "expected true; leave the edit out to keep the menu") }
                dismiss = true
            default: throw values.unknownKey(p, in: "a menu edit", allowed: menuEditKeys)
            }
        }
        guard let menu, dismiss else { throw values.missingKey(path / "dismiss", expected: "true (the menu edit is \(listing(menuEditForms)))") }
        return .dismissMenu(menu: menu)
    }
}

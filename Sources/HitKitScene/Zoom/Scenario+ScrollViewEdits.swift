import HitKit
import HitTestCore

extension Scenario {
    /// A step's edit of a scroll view (Behaviour B5, A6.1, A6.2): `{"scrollView": ID, …}`.
    public enum ScrollViewEdit: Equatable, Sendable {
        /// `"setContentOffset": [x, y], "animated": bool`.
        case setContentOffset(Point, animated: Bool)
        /// `"setZoomScale": s, "animated": bool`.
        case setZoomScale(Double, animated: Bool)
        /// `"zoomTo": [x, y, w, h], "animated": bool` (the rect in the zoom view's coordinates).
        case zoomTo(Rect, animated: Bool)
        /// `"set": {"minimumZoomScale": m, "maximumZoomScale": M, "bouncesZoom": b}`: each stored,
        /// the two limits together.
        case set([ScrollViewProperty])
    }

    /// A scroll-view key an edit may set.
    public enum ScrollViewProperty: Equatable, Sendable {
        case minimumZoomScale(Double), maximumZoomScale(Double), bouncesZoom(Bool)
    }
}

// The scroll-view edits' shape (Behaviour B5): checked when the file is read. Whether the id names
// a scroll view is the replay's question, as for every edit.

extension ScenarioLoader {
    static let scrollViewEditKeys = ["scrollView", "setContentOffset", "setZoomScale", "zoomTo", "animated", "set"]
    static let scrollViewEditForms = [
        "{\"scrollView\": ID, \"setContentOffset\": [x, y]}", "{\"scrollView\": ID, \"setZoomScale\": s}",
        "{\"scrollView\": ID, \"zoomTo\": [x, y, w, h]} (these three with \"animated\" optional)", "{\"scrollView\": ID, \"set\": {…}}",
    ]
    static let scrollViewSetKeys = ["minimumZoomScale", "maximumZoomScale", "bouncesZoom"]

    /// Whether `value` is a scroll-view edit (it names a `scrollView`).
    static func isScrollViewEdit(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { $0.key == "scrollView" }
    }

    static func decodeScrollViewEdit(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Scenario.Edit {
        let members = try values.object(value, path, expected: "an edit: \(listing(scrollViewEditForms))")
        var id: String?, animated: Bool?
        var edits: [(edit: Scenario.ScrollViewEdit, key: String)] = []
        for member in members {
            let p = path / member.key
            switch member.key {
            case "scrollView": id = try values.identifier(member.value, p)
            case "animated": animated = try values.bool(member.value, p)
            case "setContentOffset": edits.append((.setContentOffset(try values.point(member.value, p), animated: false), member.key))
            case "setZoomScale": edits.append((.setZoomScale(try values.zoomTarget(member.value, p), animated: false), member.key))
            case "zoomTo": edits.append((.zoomTo(try zoomRect(member.value, p, values), animated: false), member.key))
            case "set": edits.append((.set(try decodeScrollViewSet(member.value, p, values)), member.key))
            default: throw values.unknownKey(p, in: "a scroll-view edit", allowed: scrollViewEditKeys)
            }
        }
        guard let id else { throw values.missingKey(path / "scrollView", expected: "the id of the scroll view to edit") }
        guard edits.count == 1 else {
            throw values.failure(edits.isEmpty ? path : path / edits[1].key, "expected one edit: \(listing(scrollViewEditForms))")
        }
        let animates = animated ?? false
        switch edits[0].edit {
        case .setContentOffset(let offset, _): return .scrollView(id, .setContentOffset(offset, animated: animates))
        case .setZoomScale(let scale, _): return .scrollView(id, .setZoomScale(scale, animated: animates))
        case .zoomTo(let rect, _): return .scrollView(id, .zoomTo(rect, animated: animates))
        case .set(let properties):
            if animated != nil { throw values.failure(path / "animated", "\"animated\" goes with \"setContentOffset\", \"setZoomScale\" or \"zoomTo\"") }
            return .scrollView(id, .set(properties))
        }
    }

    /// `zoomTo`'s rect: `[x, y, w, h]` with a width and height above 0 (Behaviour A6.2).
    private static func zoomRect(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder) throws(SceneError) -> Rect {
        let rect = try values.rect(value, path)
        for (index, side) in [(2, rect.size.width), (3, rect.size.height)] where side <= 0 {
            throw values.failure(path / index, "expected a \(index == 2 ? "width" : "height") above 0 (a zoomTo rect cannot be empty), found \(SceneDecoder.format(side))")
        }
        return rect
    }

    private static func decodeScrollViewSet(_ value: JSONValue, _ path: JSONPath, _ values: SceneDecoder)
        throws(SceneError) -> [Scenario.ScrollViewProperty]
    {
        let members = try values.object(value, path, expected: "an object of scroll-view keys to set")
        var properties: [Scenario.ScrollViewProperty] = []
        for member in members {
            let p = path / member.key
            switch member.key {
            case "minimumZoomScale": properties.append(.minimumZoomScale(try values.zoomScale(member.value, p)))
            case "maximumZoomScale": properties.append(.maximumZoomScale(try values.zoomScale(member.value, p)))
            case "bouncesZoom": properties.append(.bouncesZoom(try values.bool(member.value, p)))
            default: throw values.unknownKey(p, in: "a scroll-view edit's \"set\"", allowed: scrollViewSetKeys)
            }
        }
        if properties.isEmpty { throw values.failure(path, "expected at least one scroll-view key to set") }
        return properties
    }
}

extension ScenarioReplayer {
    /// Makes a scroll-view edit; returns why it cannot be made, if it cannot.
    static func apply(_ edit: Scenario.ScrollViewEdit, toScrollView id: String, in scene: LoadedScene) -> String? {
        guard let view = scene.view(withID: id) else { return "no view \"\(id)\"" }
        guard let scrollView = view as? ScrollView else { return "\"\(id)\" is not a scroll view" }
        switch edit {
        case .setContentOffset(let offset, let animated): scrollView.setContentOffset(offset, animated: animated)
        case .setZoomScale(let scale, let animated): scrollView.setZoomScale(scale, animated: animated)
        case .zoomTo(let rect, let animated): try? scrollView.zoom(to: rect, animated: animated)  // checked when read
        case .set(let properties):
            var limits: (minimum: Double, maximum: Double)?
            for property in properties {
                switch property {
                case .minimumZoomScale(let scale): limits = (scale, limits?.maximum ?? scrollView.maximumZoomScale)
                case .maximumZoomScale(let scale): limits = (limits?.minimum ?? scrollView.minimumZoomScale, scale)
                case .bouncesZoom(let bounces): scrollView.bouncesZoom = bounces
                }
            }
            // Both limits at once, so the file's order of the two keys makes no state between
            // them (one could make the pinch on the way). Checked when read.
            if let limits { try? scrollView.setZoomScaleLimits(minimum: limits.minimum, maximum: limits.maximum) }
        }
        return nil
    }
}

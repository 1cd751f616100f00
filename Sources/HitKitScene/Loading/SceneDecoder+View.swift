// Views and windows (Behaviour B1): geometry, flags, responder traits, view controllers, subviews.

extension SceneDecoder {
    static let geometryKeys = ["frame", "center", "bounds", "transform", "anchorPoint"]
    static let viewKeys = ["id"] + geometryKeys + [
        "hidden", "alpha", "userInteractionEnabled", "clipsToBounds", "multipleTouchEnabled",
        "exclusiveTouch", "passThrough", "hitsOutsideBounds", "redirectsToSuperview",
        "hitTestInsets", "minimumHitSize", "canBecomeFirstResponder",
        "touches", "actions", "viewController", "gestures", "control", "scrollView", "subviews",
        "presses", "keyCommands", "canBecomeFocused", "focusGroup",
        "contextMenu", "drag", "drop",
    ]
    static let windowOnlyKeys = ["level", "key", "rootViewController", "focusSystem"]
    static let viewControllerKeys = ["id", "presentedBy", "touches", "actions", "presses", "keyCommands"]

    /// Decodes a view, or with `isWindow` a window (a view plus ``WindowKeys``).
    mutating func decodeView(_ value: JSONValue, _ path: JSONPath, isWindow: Bool) throws(SceneError)
        -> (SceneDescription.View, WindowKeys)
    {
        let what = isWindow ? "a window" : "a view"
        let members = try object(value, path, expected: "\(what) object")
        var window = WindowKeys()
        // The view's parts, gathered here and stored once (a stored view is boxed compactly).
        var geometry = SceneDescription.Geometry()
        var flags = SceneDescription.Flags()
        var traits = SceneDescription.ResponderTraits()
        var focus = SceneDescription.Focus()
        var viewController: SceneDescription.ViewController?
        var gestures: [SceneDescription.Gesture] = []
        var control: SceneDescription.Control?
        var scrollView: SceneDescription.ScrollView?
        var interactions = SceneDescription.Interactions()
        var subviews: [SceneDescription.View] = []
        // The id comes first so that everything under this view can be reported against it, and
        // so that a duplicate is found at the view that repeats it.
        guard let idMember = members.first(where: { $0.key == "id" }) else {
            throw missingKey(path / "id", expected: "an id (a non-empty string of letters, digits, _, - and .)")
        }
        let id = try identifier(idMember.value, path / "id")
        let canBecomeFirstResponder = members.contains { $0.key == "canBecomeFirstResponder" && $0.value == .bool(true) }
        try declare(id, isWindow ? .window : .view, at: path / "id", in: value,
                    canBecomeFirstResponder: canBecomeFirstResponder)
        // This view's own references to its direct subviews; its subviews' are their own.
        let enclosingSubviewReferences = subviewReferences
        subviewReferences = []

        for member in members {
            let p = path / member.key
            switch member.key {
            case "id": break
            case let key where Self.geometryKeys.contains(key): try decodeGeometryKey(member, p, into: &geometry)
            // Flags.
            case "hidden": flags.hidden = try bool(member.value, p)
            case "alpha": flags.alpha = try number(member.value, p, expected: "a number from 0 to 1", in: 0...1)
            case "userInteractionEnabled": flags.userInteractionEnabled = try bool(member.value, p)
            case "clipsToBounds": flags.clipsToBounds = try bool(member.value, p)
            case "multipleTouchEnabled": flags.multipleTouchEnabled = try bool(member.value, p)
            case "exclusiveTouch": flags.exclusiveTouch = try bool(member.value, p)
            case "passThrough": flags.passThrough = try bool(member.value, p)
            case "hitsOutsideBounds": flags.hitsOutsideBounds = try bool(member.value, p)
            case "redirectsToSuperview": flags.redirectsToSuperview = try bool(member.value, p)
            case "hitTestInsets": flags.hitTestInsets = try insets(member.value, p)
            case "minimumHitSize": flags.minimumHitSize = try size(member.value, p)
            case "canBecomeFirstResponder": flags.canBecomeFirstResponder = try bool(member.value, p)
            // Responder traits and attachments.
            case "touches": traits.touches = try choice(member.value, p, SceneDescription.TouchHandling.self)
            case "actions": traits.actions = try actionNames(member.value, p)
            // The keyboard (Behaviour A10; Keyboard/SceneDecoder+Keyboard.swift).
            case "presses": traits.presses = try presses(member.value, p)
            case "keyCommands": traits.keyCommands = try keyCommands(member.value, p)
            case "canBecomeFocused": focus.canBecomeFocused = try bool(member.value, p)
            case "focusGroup": focus.group = try focusGroup(member.value, p)
            case "viewController":
                if isWindow {
                    throw failure(p, "a window cannot be a view controller's root view; declare the controller on a direct subview and name it in \"rootViewController\"")
                }
                viewController = try decodeViewController(member.value, p)
            case "gestures": gestures = try decodeGestures(member.value, p)
            // A Window is neither a Control nor a ScrollView (as a UIWindow is neither), so a
            // window carrying one could not be built as one.
            case "control" where isWindow, "scrollView" where isWindow:
                let what = member.key == "control" ? "a control" : "a scroll view"
                throw failure(p, "a window cannot be \(what); give \"\(member.key)\" to a subview that fills the window")
            case "control": control = try decodeControl(member.value, p)
            case "scrollView": scrollView = try decodeScrollView(member.value, p)
            case "subviews":
                let elements = try array(member.value, p, expected: "an array of views")
                subviews.reserveCapacity(elements.count)  // exactly: no doubling slack
                for (index, element) in elements.enumerated() {
                    subviews.append(try decodeView(element, p / index, isWindow: false).0)
                }
            // Window keys.
            case "level" where isWindow: window.level = try number(member.value, p)
            case "key" where isWindow: window.key = try bool(member.value, p)
            case "rootViewController" where isWindow:
                let root = try identifier(member.value, p)
                window.rootViewController = root
                referToSubview(Reference(id: root, path: p, expectation: .rootViewController(ofWindowAt: path, allowed: [])))
            case "focusSystem" where isWindow: window.focusSystem = try bool(member.value, p)
            case let key where Self.windowOnlyKeys.contains(key):
                throw failure(p, "\"\(key)\" is allowed only on windows (the elements of \"windows\")")
            default:
                if try decodeInteraction(member, p, into: &interactions) { continue }      // Behaviour A11
                throw unknownKey(p, in: what, allowed: isWindow ? Self.viewKeys + Self.windowOnlyKeys : Self.viewKeys)
            }
        }
        try checkGeometry(geometry, members, path)
        try checkScrollViewOrigin(scrollView, geometry, path)
        settleSubviewReferences(of: id, at: path, subviews: subviews)
        subviewReferences = enclosingSubviewReferences
        var view = SceneDescription.View(id: id, geometry: geometry, flags: flags, traits: traits,
                                         viewController: viewController, gestures: gestures,
                                         control: control, scrollView: scrollView, subviews: subviews)
        if focus != SceneDescription.Focus() { view.focus = focus }
        if !interactions.isEmpty { view.interactions = interactions }
        return (view, window)
    }

    /// One of ``geometryKeys``, read into `geometry`. A scenario edit's `set` reads them here too,
    /// so that both take the same values and, with ``checkGeometry(_:_:_:)``, the same rules.
    func decodeGeometryKey(_ member: JSONMember, _ path: JSONPath,
                           into geometry: inout SceneDescription.Geometry) throws(SceneError) {
        switch member.key {
        case "frame": geometry.frame = try rect(member.value, path)
        case "center": geometry.center = try point(member.value, path)
        case "bounds": geometry.bounds = try rect(member.value, path)
        case "transform": geometry.transform = try transform(member.value, path)
        default: geometry.anchorPoint = try point(member.value, path)          // anchorPoint
        }
    }

    /// Behaviour B1: `frame`, or `center` with `bounds`; `frame` already places the center.
    func checkGeometry(_ geometry: SceneDescription.Geometry, _ members: [JSONMember], _ path: JSONPath) throws(SceneError) {
        if geometry.frame != nil && geometry.center != nil {
            let later = members.last { $0.key == "frame" || $0.key == "center" }!.key
            throw failure(path / later, "\"frame\" and \"center\" cannot both be given (the frame's midpoint is the center); use \"frame\" (optionally with \"bounds\") or \"center\" with \"bounds\"")
        }
    }

    /// A scroll view's `contentOffset` is its bounds' origin (Behaviour A6): both cannot be given.
    private func checkScrollViewOrigin(_ scrollView: SceneDescription.ScrollView?, _ geometry: SceneDescription.Geometry,
                                       _ path: JSONPath) throws(SceneError) {
        guard let scrollView, let bounds = geometry.bounds,
              bounds.origin != .zero, scrollView.contentOffset != .zero else { return }
        throw failure(path / "scrollView" / "contentOffset",
                      "a scroll view's contentOffset is its bounds' origin, which \"bounds\" already sets to a non-zero value; give one or the other")
    }

    private mutating func decodeViewController(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.ViewController {
        let members = try object(value, path, expected: "a view controller object")
        guard let idMember = members.first(where: { $0.key == "id" }) else {
            throw missingKey(path / "id", expected: "an id (a non-empty string of letters, digits, _, - and .)")
        }
        var controller = SceneDescription.ViewController(id: try identifier(idMember.value, path / "id"))
        try declare(controller.id, .viewController, at: path / "id", in: value)
        for member in members {
            let p = path / member.key
            switch member.key {
            case "id": break
            case "presentedBy":
                let presenter = try identifier(member.value, p)
                controller.presentedBy = presenter
                references.append(Reference(id: presenter, path: p, expectation: .presentingController(presented: controller.id)))
            case "touches": controller.traits.touches = try choice(member.value, p, SceneDescription.TouchHandling.self)
            case "actions": controller.traits.actions = try actionNames(member.value, p)
            case "presses": controller.traits.presses = try presses(member.value, p)
            case "keyCommands": controller.traits.keyCommands = try keyCommands(member.value, p)
            default: throw unknownKey(p, in: "a view controller", allowed: Self.viewControllerKeys)
            }
        }
        return controller
    }
}

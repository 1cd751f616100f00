import HitKit
import HitTestCore

/// A scene built into façade objects: the application with its windows, views, controllers and
/// delegate — instances of the façade's own classes — each findable by its scene id, which this
/// object keeps beside them (``id(of:)``, ``traits(of:)``).
///
/// It keeps every built object alive (the façade holds some relations weakly, as UIKit does:
/// the application's delegate, a view's controller).
public final class LoadedScene {
    /// The validated scene it was built from.
    public let scene: SceneDescription
    /// The application built from the scene's `application`, holding its windows.
    public let application: Application
    /// The delegate, when the scene names one (`application.delegate` holds it only weakly).
    public let delegate: Responder?
    /// The windows in file order, without those a host embedding the scene through the C library
    /// destroyed.
    public private(set) var windows: [Window]
    /// The delivery log (Behaviour B6) the scene's responders write to as touches are delivered.
    public let log: DeliveryLog
    private let responders: SceneResponders
    private let gestures: SceneGestures
    private let interactions: SceneInteractions
    /// The scroll views' logging delegates (`logDelegate`), which the scroll views hold weakly.
    private let scrollViewDelegates: [SceneScrollViewDelegate]
    /// How the log names the keys down (Behaviour B6).
    let keyNames: SceneKeyNames

    init(scene: SceneDescription, application: Application, delegate: Responder?, keyNames: SceneKeyNames = SceneKeyNames(),
         windows: [Window], responders: SceneResponders, log: DeliveryLog, gestures: SceneGestures,
         interactions: SceneInteractions = SceneInteractions(), scrollViewDelegates: [SceneScrollViewDelegate] = []) {
        self.log = log
        self.keyNames = keyNames
        self.scrollViewDelegates = scrollViewDelegates
        self.gestures = gestures
        self.interactions = interactions
        self.scene = scene
        self.application = application
        self.delegate = delegate
        self.windows = windows
        self.responders = responders
    }

    /// Loads and builds the scene file at `path`.
    public static func load(contentsOf path: String) throws(SceneError) -> LoadedScene {
        try load(contentsOf: path, viewLimit: ViewStore.maximumViewCount)
    }

    /// Loads and builds the scene file at `path` into an application holding at most
    /// `viewLimit` views (the C library's apps).
    package static func load(contentsOf path: String, viewLimit: Int) throws(SceneError) -> LoadedScene {
        try SceneBuilder.build(try SceneLoader.load(contentsOf: path), file: path, viewLimit: viewLimit)
    }

    /// Lets go of a view, window or controller the host destroys, which the scene would otherwise
    /// keep alive (the C library's `hk_app_view_destroy` and `hk_view_controller_destroy`): its
    /// scene id then names nothing.
    package func forget(_ responder: Responder) {
        responders.forget(responder)
        windows.removeAll { $0 === responder }
    }

    /// The responder (view, window, controller, application or delegate) with a scene id.
    public func responder(withID id: String) -> Responder? {
        responders[id]
    }

    /// The gesture recognizer with a scene id.
    public func gestureRecognizer(withID id: String) -> GestureRecognizer? {
        gestures.recognizersByID[id]
    }

    /// The interaction (context menu, drag or drop) with a scene id (Behaviour A11).
    public func interaction(withID id: String) -> Interaction? {
        interactions.interactionsByID[id]
    }

    /// The view or window with a scene id.
    public func view(withID id: String) -> View? {
        responders[id] as? View
    }

    /// The scene id of a responder built from this scene, `nil` for any other.
    public func id(of responder: Responder) -> String? {
        responders.id(of: responder)
    }

    /// The `touches`, `actions`, `presses` and `keyCommands` keys of a responder built from this scene,
    /// `nil` for any other.
    public func traits(of responder: Responder) -> SceneDescription.ResponderTraits? {
        responders.traits(of: responder)
    }

    /// The id of the front-most view under a screen point (Behaviour A2 across windows), or `nil`.
    public func hitTest(screenPoint: Point) -> String? {
        application.hitTest(screenPoint: screenPoint).flatMap(id(of:))
    }

    /// The responder chain from the responder with `id`: that responder, then each `next`
    /// (Behaviour A7), as scene ids. `nil` when no responder has that id.
    public func responderChain(from id: String) -> [String]? {
        guard let start = responders[id] else { return nil }
        var chain: [String] = []
        var visited: Set<ObjectIdentifier> = []
        var current: Responder? = start
        // The visited set only guards against a façade bug; scene validation rules out cycles.
        while let responder = current, visited.insert(ObjectIdentifier(responder)).inserted {
            chain.append(self.id(of: responder) ?? "\(responder)")
            current = responder.next
        }
        return chain
    }

    /// What kind of object has `id` in the scene ("a view controller"), or `nil` if none.
    public func kindDescription(of id: String) -> String? {
        if id == scene.application.id { return "the application" }
        if id == scene.application.delegate { return "the application's delegate" }
        for window in scene.windows {
            if window.view.id == id { return "a window" }
            for view in window.view.subtree {
                if view.id == id && view.id != window.view.id { return "a view" }
                if view.viewController?.id == id { return "a view controller" }
                if view.gestures.contains(where: { $0.id == id }) { return "a gesture recognizer" }
                let interactions = view.interactions
                if interactions.contextMenu?.id == id { return "a context menu" }
                if interactions.contextMenu?.items.contains(where: { $0.id == id }) == true { return "a menu item" }
                if interactions.drag?.id == id { return "a drag interaction" }
                if interactions.drop?.id == id { return "a drop interaction" }
            }
        }
        return nil
    }
}

import HitKit
import HitTestCore

/// A responder built from a scene file: it knows its scene id and keeps its `touches` mode and
/// `actions` (Behaviour B1), so that the delivery log (B6) can name it and decide what to log.
public protocol SceneResponder: Responder {
    /// The object's `id` in the scene file.
    var sceneID: String { get }
    /// Its `touches` and `actions` keys.
    var traits: SceneDescription.ResponderTraits { get }
}

extension SceneResponder {
    /// The `actions` key as the façade's performable actions.
    func adoptActions() {
        performableActions = Set(traits.actions.map { Action($0) })
    }

    /// Behaviour B1 `touches`: `forward` (the default) needs nothing; `log` logs each touch call and
    /// consumes it (the touches go no further), `logAndForward` logs it and lets the method run.
    /// On a control both only log: its own touch handling runs either way.
    func logTouches(to log: DeliveryLog) {
        guard traits.touches != .forward else { return }
        let name = sceneID, runsMethod = traits.touches == .logAndForward || self is Control
        touchInterceptor = { _, method, touches, _ in
            log.appendTouches(name, method, touches)
            return runsMethod
        }
    }
}

/// A view declared in a scene.
open class SceneView: View, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    /// The scene's `canBecomeFirstResponder` (default false).
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
}

/// A window declared in a scene.
open class SceneWindow: Window, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.Window, in application: Application) {
        sceneID = description.view.id
        traits = description.view.traits
        acceptsFirstResponder = description.view.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
}

/// A view controller declared in a scene (with `viewController` on its root view).
open class SceneViewController: ViewController, SceneResponder {
    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits

    public init(_ description: SceneDescription.ViewController, view: View) {
        sceneID = description.id
        traits = description.traits
        super.init(view: view)
        adoptActions()
    }
}

/// The scene's application (its `application` key, or the default one with id `app`).
open class SceneApplication: Application, SceneResponder {
    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits

    public init(_ description: SceneDescription.Application, storeCapacity: Int = 64) {
        sceneID = description.id
        traits = description.traits
        super.init(storeCapacity: storeCapacity)
        adoptActions()
    }
}

/// The application's delegate: a plain responder, the application's next (Behaviour A7).
open class SceneDelegate: Responder, SceneResponder {
    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits

    public init(id: String, traits: SceneDescription.ResponderTraits) {
        sceneID = id
        self.traits = traits
        super.init()
        adoptActions()
    }
}

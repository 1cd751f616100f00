import HitKit
import HitTestCore

/// A responder built from a scene file: it knows its scene id and keeps its `touches` mode and
/// `actions` (SPEC B1), so that the delivery log (B6) can name it and decide what to log.
public protocol SceneResponder: Responder {
    /// The object's `id` in the scene file.
    var sceneID: String { get }
    /// Its `touches` and `actions` keys.
    var traits: SceneDescription.ResponderTraits { get }
    /// Where its touch methods are logged when `touches` is `log` or `logAndForward` (SPEC B6).
    var deliveryLog: DeliveryLog? { get set }
}

extension SceneResponder {
    /// The `actions` key as the façade's performable actions.
    func adoptActions() {
        performableActions = Set(traits.actions.map { Action($0) })
    }

    /// SPEC B1 `touches`: logs the call when asked to, and answers whether the default (passing
    /// the touches to the next responder) should run.
    func handleTouches(_ method: DeliveryLog.TouchMethod, _ touches: Set<Touch>) -> Bool {
        switch traits.touches {
        case .forward:
            return true
        case .log:
            deliveryLog?.appendTouches(sceneID, method, touches)
            return false
        case .logAndForward:
            deliveryLog?.appendTouches(sceneID, method, touches)
            return true
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
    public var deliveryLog: DeliveryLog?
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

    // The seeds' three behaviours (SPEC A3, B1 `touches`): forward, intercept, intercept and pass on.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesBegan, touches) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesMoved, touches) { super.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesEnded, touches) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesCancelled, touches) { super.touchesCancelled(touches, with: event) }
    }
}

/// A window declared in a scene.
open class SceneWindow: Window, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.Window, in application: Application) {
        sceneID = description.view.id
        traits = description.view.traits
        acceptsFirstResponder = description.view.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    // The seeds' three behaviours (SPEC A3, B1 `touches`): forward, intercept, intercept and pass on.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesBegan, touches) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesMoved, touches) { super.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesEnded, touches) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesCancelled, touches) { super.touchesCancelled(touches, with: event) }
    }
}

/// A view controller declared in a scene (with `viewController` on its root view).
open class SceneViewController: ViewController, SceneResponder {
    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?

    public init(_ description: SceneDescription.ViewController, view: View) {
        sceneID = description.id
        traits = description.traits
        super.init(view: view)
        adoptActions()
    }

    // The seeds' three behaviours (SPEC A3, B1 `touches`): forward, intercept, intercept and pass on.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesBegan, touches) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesMoved, touches) { super.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesEnded, touches) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesCancelled, touches) { super.touchesCancelled(touches, with: event) }
    }
}

/// The scene's application (its `application` key, or the default one with id `app`).
open class SceneApplication: Application, SceneResponder {
    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?

    public init(_ description: SceneDescription.Application, storeCapacity: Int = 64) {
        sceneID = description.id
        traits = description.traits
        super.init(storeCapacity: storeCapacity)
        adoptActions()
    }

    // The seeds' three behaviours (SPEC A3, B1 `touches`): forward, intercept, intercept and pass on.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesBegan, touches) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesMoved, touches) { super.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesEnded, touches) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesCancelled, touches) { super.touchesCancelled(touches, with: event) }
    }
}

/// The application's delegate: a plain responder, the application's next (SPEC A7).
open class SceneDelegate: Responder, SceneResponder {
    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?

    public init(id: String, traits: SceneDescription.ResponderTraits) {
        sceneID = id
        self.traits = traits
        super.init()
        adoptActions()
    }

    // The seeds' three behaviours (SPEC A3, B1 `touches`): forward, intercept, intercept and pass on.
    open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesBegan, touches) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesMoved, touches) { super.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesEnded, touches) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        if handleTouches(.touchesCancelled, touches) { super.touchesCancelled(touches, with: event) }
    }
}

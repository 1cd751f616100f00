import HitKit

// Scene views with a `control` key (SPEC B3) are built as the façade's controls. Swift cannot
// subclass a class chosen at run time, so each control class has its scene subclass here; they
// differ only in their superclass.

extension SceneResponder where Self: Control {
    /// SPEC B1 `touches` on a control: `log` and `logAndForward` only log; the control's own
    /// touch handling (its tracking, or passing the touches up when disabled) runs either way.
    func logTouchesOnControl(_ method: DeliveryLog.TouchMethod, _ touches: Set<Touch>) {
        if traits.touches != .forward { deliveryLog?.appendTouches(sceneID, method, touches) }
    }
}

/// A plain custom `control` declared in a scene.
open class SceneControl: Control, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesBegan, touches)
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesMoved, touches)
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesEnded, touches)
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesCancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// A `button` declared in a scene.
open class SceneButton: Button, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesBegan, touches)
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesMoved, touches)
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesEnded, touches)
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesCancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// A `switch` declared in a scene.
open class SceneSwitch: Switch, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesBegan, touches)
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesMoved, touches)
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesEnded, touches)
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesCancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// A `slider` declared in a scene.
open class SceneSlider: Slider, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesBegan, touches)
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesMoved, touches)
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesEnded, touches)
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesCancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// A `stepper` declared in a scene.
open class SceneStepper: Stepper, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesBegan, touches)
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesMoved, touches)
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesEnded, touches)
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesCancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// A `segmented` control declared in a scene.
open class SceneSegmentedControl: SegmentedControl, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesBegan, touches)
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesMoved, touches)
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesEnded, touches)
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesCancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

/// A `pageControl` declared in a scene.
open class ScenePageControl: PageControl, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
    public var deliveryLog: DeliveryLog?
    public let acceptsFirstResponder: Bool

    public init(_ description: SceneDescription.View, in application: Application) {
        sceneID = description.id
        traits = description.traits
        acceptsFirstResponder = description.flags.canBecomeFirstResponder
        super.init(frame: .zero, in: application)
        adoptActions()
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesBegan, touches)
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesMoved, touches)
        super.touchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesEnded, touches)
        super.touchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        logTouchesOnControl(.touchesCancelled, touches)
        super.touchesCancelled(touches, with: event)
    }
}

import HitKit

// Scene views with a `control` key (Behaviour B3) are built as the façade's controls. Swift cannot
// subclass a class chosen at run time, so each control class has its scene subclass here, to
// carry its scene id; they differ only in their superclass.

/// A plain custom `control` declared in a scene.
open class SceneControl: Control, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
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

/// A `button` declared in a scene.
open class SceneButton: Button, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
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

/// A `switch` declared in a scene.
open class SceneSwitch: Switch, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
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

/// A `slider` declared in a scene.
open class SceneSlider: Slider, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
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

/// A `stepper` declared in a scene.
open class SceneStepper: Stepper, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
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

/// A `segmented` control declared in a scene.
open class SceneSegmentedControl: SegmentedControl, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
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

/// A `pageControl` declared in a scene.
open class ScenePageControl: PageControl, SceneResponder {
    // Scene views keep UIKit's hit testing: stay on the engine's fast path.
    open override class var overridesHitTest: Bool { false }
    open override class var overridesPointInside: Bool { false }

    public let sceneID: String
    public let traits: SceneDescription.ResponderTraits
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

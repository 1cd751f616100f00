import HitKit

/// A view with a `scrollView` key (Behaviour B4), built as the façade's ``ScrollView``. Its
/// `touches` behave as a plain scene view's; its built-in recognizers are not logged (B6).
open class SceneScrollView: ScrollView, SceneResponder {
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
        if let scrollView = description.scrollView {
            // The content offset is the bounds' origin: SceneBuilder.apply sets it with the geometry.
            contentSize = scrollView.contentSize
            delaysContentTouches = scrollView.delaysContentTouches
            canCancelContentTouches = scrollView.canCancelContentTouches
        }
    }

    open override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
}

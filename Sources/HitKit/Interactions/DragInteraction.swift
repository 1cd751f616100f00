// Dragging (UIKit's `UIDragInteraction` and `UIDragSession`; Behaviour A11): a lift at 0.325 s
// of a still touch (at once for a click dragged past 3 pt), a session once the touch moves more
// than 10 pt from the lift, and its end over a drop target.

/// One thing dragged (UIKit's `UIDragItem`, without its item provider: HitKit moves no data).
public struct DragItem: Hashable, Sendable {
    /// The item's name, for the host.
    public var name: String

    /// An item named `name`.
    public init(_ name: String) {
        self.name = name
    }
}

/// What a drop does with the session's items; `cancel` when it is not dropped.
public enum DropOperation: Hashable, Sendable, CustomStringConvertible {
    case cancel, copy, move

    public var description: String {
        switch self {
        case .cancel: "cancel"
        case .copy: "copy"
        case .move: "move"
        }
    }
}

/// The answers and notifications of a drag interaction (UIKit's `UIDragInteractionDelegate`).
/// Every method but the items' has a default that does nothing.
public protocol DragInteractionDelegate: AnyObject {
    /// The items to drag when a lift begins; none: the drag does not lift.
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem]
    /// The lift took the touch (the host shows the lifted preview).
    func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession)
    /// The session begins: the touch moved far enough from the lift.
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession)
    /// The session's location changed, its touch's end at a new location included (not called
    /// in the frame the session began).
    func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession)
    /// The session or the lift is ending with `operation`.
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation)
    /// The session or the lift ended with `operation`.
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation)
}

extension DragInteractionDelegate {
    public func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession) {}
    public func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {}
    public func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession) {}
    public func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {}
    public func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {}
}

/// A drag source attached to a view (UIKit's `UIDragInteraction`; Behaviour A11).
public final class DragInteraction: AttachedInteraction {
    /// Asked for items and told what happens; held weakly, as in UIKit.
    public private(set) weak var delegate: DragInteractionDelegate?

    /// A disabled drag interaction takes no part in touches (default true).
    public var isEnabled: Bool {
        get { dragParticipant.isEnabled }
        set { dragParticipant.isEnabled = newValue }
    }
    /// With true, the lift takes the touch from nothing: recognizers and views keep it until the
    /// session begins, and any recognizer beginning cancels the lift (default false). Another
    /// drag interaction on the touch still fails: one lift a touch.
    public var allowsSimultaneousRecognitionDuringLift = false {
        didSet { dragParticipant.cancelsTouchesInView = !allowsSimultaneousRecognitionDuringLift }
    }
    /// Whether a drop may move the items (a `move` proposal); with false it counts as cancel
    /// (default true).
    public var allowsMove = true

    /// How long a touch is held before the lift (default 0.325 s).
    public var liftDelay: Double = 0.325
    /// How far a touch may move before the lift, and beyond which from the lift the session
    /// begins (default 10 pt).
    public var allowableMovement: Double = 10
    /// How far a click must be dragged, before ``liftDelay``, to drag at once: more than this,
    /// in window points (default 3 pt).
    public var pointerDragDistance: Double = 3
    /// How long a lift waits for its session to begin before it is cancelled (default 3 s).
    public var liftTimeout: Double = 3
    /// Before this time from touch-down, a long press sharing a lifted touch cannot begin, even
    /// once the lift has ended (default 1.0 s).
    public var longPressDelayAfterLift: Double = 1

    var viewLink: ViewLink<View>?
    let dragParticipant: DragParticipant
    var participant: GestureRecognizer? { dragParticipant }

    /// A drag interaction that asks `delegate`, held weakly, for its items. Add it to a view with
    /// ``View/addInteraction(_:)``.
    public init(delegate: DragInteractionDelegate) {
        self.delegate = delegate
        dragParticipant = DragParticipant()
        dragParticipant.interaction = self
    }

    /// The view the interaction is attached to.
    public var view: View? { viewLink?.object }
}

/// A drag under way (UIKit's `UIDragSession`): from the lift to the end, whether or not the
/// session has begun.
public final class DragSession {
    /// The interaction the drag started from, kept until the drag ends so that its delegate
    /// hears of the end even when the interaction was removed meanwhile.
    public let source: DragInteraction
    /// The items being dragged (empty until `itemsForBeginning` answered).
    public internal(set) var items: [DragItem] = []
    /// Whether a `move` proposal may move the items (the source's ``DragInteraction/allowsMove``).
    public var allowsMoveOperation: Bool { source.allowsMove }
    /// Whether the session has begun (`sessionWillBegin` was called); before that it is a lift.
    public internal(set) var hasBegun = false
    /// Whether the session or the lift has ended.
    public internal(set) var hasEnded = false
    /// Whether its end is under way (``DropTargeting``'s end, from `performDrop` on): there is
    /// nothing left for Escape to cancel.
    var isEnding = false

    /// The touch that drives it (for HitKit's own checks: UIKit's sessions show no touch).
    package let touch: Touch
    /// Where the session is, on the screen: the touch's location.
    var screenLocation: Point { touch.screenLocation }
    /// Targeting state (``DropTargeting``).
    // Fenced (``ExclusivityFence``): only DropTargeting changes it, by short in-place operations
    // that call no delegate while they are under way; the delegates are called between them, and
    // a pass asked for from inside a delegate (a view changed there) does not run nested but once
    // the pass under way is over (`isPassing`, `passAgain`).
    #if HITKIT_INTERNAL_CHECKS
    var targeting = DropTargeting.State()
    #else
    @exclusivity(unchecked) var targeting = DropTargeting.State()
    #endif
    /// Autoscroll state (``Autoscroll``).
    // Fenced (``ExclusivityFence``): only Autoscroll changes it, by short in-place operations that
    // call nothing while they are under way.
    #if HITKIT_INTERNAL_CHECKS
    var autoscroll = Autoscroll.State()
    #else
    @exclusivity(unchecked) var autoscroll = Autoscroll.State()
    #endif
    /// Why the session begins, for the trace (set only while a trace is observed).
    var beginReason = ""

    init(source: DragInteraction, touch: Touch) {
        self.source = source
        self.touch = touch
    }

    /// The session's location in `view`'s coordinates (`nil`: the touch's window). A view outside
    /// every window gives a non-finite point, as ``Touch/location(in:)`` does (the C library
    /// refuses it with `HK_ERR_NOT_IN_WINDOW`).
    public func location(in view: View?) -> Point {
        touch.location(in: view)
    }

    /// Tells the source's delegate the end with `operation`, once.
    func end(with operation: DropOperation, between willEnd: () -> Void = {}) {
        guard !hasEnded else { return }
        hasEnded = true
        source.delegate?.dragInteraction(source, session: self, willEndWith: operation)
        willEnd()
        source.delegate?.dragInteraction(source, session: self, didEndWith: operation)
    }
}

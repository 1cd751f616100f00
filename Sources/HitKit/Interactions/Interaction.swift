// Interactions attached to views (UIKit's `UIInteraction`; Behaviour A11): a context menu, a drag,
// a drop. Each is added to one view; the menu and the drag take part in touch delivery through a
// hidden recognizer of their own (their *participant*), placed where a recognizer added at that
// moment would be in the priority order (Behaviour A3 step 1).

/// An object that adds behaviour to the view it is attached to (UIKit's `UIInteraction`).
///
/// HitKit's interactions are ``ContextMenuInteraction``, ``DragInteraction`` and
/// ``DropInteraction``. Add one with ``View/addInteraction(_:)``. ``willMove(to:)`` and
/// ``didMove(to:)`` do nothing unless implemented.
public protocol Interaction: AnyObject {
    /// The view the interaction is attached to, or `nil`.
    var view: View? { get }
    /// Called before the interaction is attached to `view` (or detached, with `nil`).
    func willMove(to view: View?)
    /// Called after the interaction was attached to `view` (or detached, with `nil`).
    func didMove(to view: View?)
}

extension Interaction {
    public func willMove(to view: View?) {}
    public func didMove(to view: View?) {}
}

/// Why an interaction, or something it was given, was refused (Behaviour A11 **Bad input**).
public enum InteractionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The interaction is attached to this view already.
    case alreadyAdded
    /// The interaction is attached to another view: remove it there first.
    case attachedToAnotherView
    /// A menu item's frame is not finite, or has a negative width or height.
    case invalidItemFrame(Rect)
    /// A drop proposal that is none of ``DropProposal``'s (from the C API).
    case unknownProposal(Int)

    public var description: String {
        switch self {
        case .alreadyAdded: "the interaction is already added to this view"
        case .attachedToAnotherView: "the interaction is attached to another view"
        case .invalidItemFrame(let frame): "a menu item's frame must be finite, with a width and height not negative: \(frame)"
        case .unknownProposal(let value): "unknown drop proposal \(value)"
        }
    }
}

/// What HitKit's three interactions keep for their attachment: the view, linked by id (a view
/// owns its interactions, not the other way round), and the participant recognizer through which
/// the menu and the drag take part in touch delivery.
protocol AttachedInteraction: Interaction {
    var viewLink: ViewLink<View>? { get set }
    var participant: GestureRecognizer? { get }
}

/// The recognizers of interactions: attached to a view as recognizers, but not among its
/// ``View/gestureRecognizers`` and never logged as recognizers (Behaviour A11).
class InteractionParticipant: GestureRecognizer {
    override init() {
        super.init()
        fenced.isInteractionParticipant = true
        // An interaction never holds a touch's end back from its view.
        delaysTouchesEnded = false
    }

    /// Step 2: one of its touches changed in this frame (its phase says how).
    func receive(_ touch: Touch, event: Event) {}

    /// Whether `winner` beginning ends this participant even when a delegate lets the two
    /// recognize together: true where Behaviour A11 says a recognizer's begin ends the
    /// interaction outright; elsewhere the participant is excluded as any recognizer is (A4 c).
    func isEndedWhateverTheDelegatesSay(by winner: GestureRecognizer) -> Bool { false }

    /// Whether `other` has one of this participant's touches: only those recognizers wait for
    /// a pending menu or a lift (Behaviour A11), not those of another finger.
    func sharesATouch(with other: GestureRecognizer) -> Bool {
        let mine = touches
        return other.touches.contains { touch in mine.contains { $0 === touch } }
    }

    /// `body`'s answer for its application's interaction state while its view is alive, without
    /// a reference to the view or the application (what `view?.application?.interactionState`
    /// reads, at a few instructions instead of three retains): `body` must not keep the state.
    func withInteractionState<Result>(_ body: (InteractionState) -> Result) -> Result? {
        fenced.viewLink?.withApplication { body($0.interactionState) }
    }

    /// The application is gone with this participant's touch still down: drop what it keeps for
    /// that touch (a drag's session keeps its interaction, which keeps this participant).
    func applicationDidEnd() {}
}

extension Touch {
    /// At the application's end: its recognizers let go of it, and it of them, so neither a
    /// touch set kept by a recognizer nor a participant's session keeps the other alive.
    func letGoOfRecognizers() {
        for case let participant as InteractionParticipant in gestureRecognizers { participant.applicationDidEnd() }
        gestureRecognizers.removeAllKeepingCapacity()
    }
}

extension View {
    /// The interactions attached to this view, in the order they were added.
    public var interactions: [Interaction] { sideStorage?.interactions ?? [] }

    /// Attaches `interaction` to this view. Its participant (for a menu or a drag) takes its place
    /// in the priority order as a recognizer added now would (Behaviour A11).
    ///
    /// - Throws: ``InteractionError/alreadyAdded`` when it is attached here already,
    ///   ``InteractionError/attachedToAnotherView`` when it is attached elsewhere.
    public func addInteraction(_ interaction: Interaction) throws(InteractionError) {
        if interactions.contains(where: { $0 === interaction }) { throw .alreadyAdded }
        if interaction.view != nil { throw .attachedToAnotherView }
        interaction.willMove(to: self)
        sideStorageForWriting.interactions.append(interaction)
        if let drop = interaction as? DropInteraction { sideStorageForWriting.dropInteractions.append(drop) }
        if let attached = interaction as? AttachedInteraction {
            attached.viewLink = ViewLink(self)
            if let participant = attached.participant { attach(participant) }
        }
        interaction.didMove(to: self)
    }

    /// Detaches `interaction` if it is attached to this view: a menu it shows is dismissed, an
    /// attempt or a lift under way ends; a drag session under way goes on.
    public func removeInteraction(_ interaction: Interaction) {
        guard let index = interactions.firstIndex(where: { $0 === interaction }) else { return }
        // Out of the lists first: a delegate told below that the interaction goes (a menu's
        // willEnd, a lift's end) may remove it again, or others, and then finds nothing to do
        // here; each removal tells the interaction once (willMove, didMove).
        sideStorageForWriting.interactions.remove(at: index)
        sideStorageForWriting.dropInteractions.removeAll { $0 === interaction }
        let application = application
        application?.beginDeferringUpdates()
        defer { application?.endDeferringUpdates() }
        interaction.willMove(to: nil)
        if let menu = interaction as? ContextMenuInteraction { menu.dismissMenu() }
        if let attached = interaction as? AttachedInteraction {
            if let participant = attached.participant { detach(participant) }
            attached.viewLink = nil
        }
        application?.interactionState.dropInteractionLeft()
        interaction.didMove(to: nil)
    }

    /// The drop interactions of this view, in the order they were added.
    var dropInteractions: [DropInteraction] { sideStorage?.dropInteractions ?? [] }
}

extension Touch {
    /// How far the touch is from `windowPoint`, a location it had in its window's coordinates
    /// (``location(in:)`` with `nil`), as the recognizers measure their allowances: a window
    /// moved under a still finger counts as the finger's move.
    func windowDistance(from windowPoint: Point) -> Double {
        distance(location(in: nil), windowPoint)
    }
}

// Context menus (UIKit's `UIContextMenuInteraction`; Behaviour A11): asked for at 0.15 s of a
// still touch, presented at 0.325 s, by a secondary click at once, or by the Menu key. HitKit
// draws nothing: the host draws the menu where the configuration's item frames say.

/// What a context menu shows: its items, each with the frame where the host draws it.
public struct ContextMenuConfiguration {
    /// One item of a menu.
    public struct Item {
        /// The item's name (the log's and the host's).
        public let identifier: String
        /// Where the host shows the item, in the coordinates of the menu's view's window.
        public let frame: Rect
        /// The action sent through the responder chain when the item is performed and it has no
        /// ``handler`` (as a control's target-less action, Behaviour A5: from the key window's
        /// first responder, else from the menu's view).
        public let action: Action?
        /// Called when the item is performed, instead of sending ``action``.
        public let handler: ((Item) -> Void)?
        /// A disabled item is never highlighted or performed.
        public var isEnabled: Bool

        /// An item at `frame`, in the window's coordinates.
        ///
        /// - Throws: ``InteractionError/invalidItemFrame(_:)`` when `frame` is not finite or has a
        ///   negative width or height.
        public init(identifier: String, frame: Rect, action: Action? = nil, isEnabled: Bool = true,
                    handler: ((Item) -> Void)? = nil) throws(InteractionError) {
            let values = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
            guard values.allSatisfy(\.isFinite), frame.size.width >= 0, frame.size.height >= 0 else {
                throw .invalidItemFrame(frame)
            }
            self.identifier = identifier
            self.frame = frame
            self.action = action
            self.handler = handler
            self.isEnabled = isEnabled
        }
    }

    /// The items, in order. A configuration without items is asked for but never presented.
    public var items: [Item]

    /// A configuration showing `items`, in order.
    public init(items: [Item]) {
        self.items = items
    }

    /// The first enabled item whose frame contains `point` (window coordinates; the maximum edges
    /// are outside, Behaviour A1).
    func enabledItem(at point: Point) -> Int? {
        items.firstIndex { $0.isEnabled && $0.frame.contains(point) }
    }

    /// Whether `point` is in an item's frame, enabled or not.
    func containsItem(at point: Point) -> Bool {
        items.contains { $0.frame.contains(point) }
    }
}

/// The answers and notifications of a context menu (UIKit's `UIContextMenuInteractionDelegate`).
/// Every method but the configuration's has a default that does nothing.
public protocol ContextMenuInteractionDelegate: AnyObject {
    /// The configuration to show for a press at `location` (in the interaction's view's
    /// coordinates), or `nil` for no menu.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction,
                                configurationForMenuAt location: Point) -> ContextMenuConfiguration?
    /// The menu is about to be shown.
    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration)
    /// The attempt or the menu ends (every configuration answered gets exactly one).
    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration)
    /// An item became the highlighted one (the host draws the highlight).
    func contextMenuInteraction(_ interaction: ContextMenuInteraction, didHighlight item: ContextMenuConfiguration.Item)
}

extension ContextMenuInteractionDelegate {
    public func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {}
    public func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {}
    public func contextMenuInteraction(_ interaction: ContextMenuInteraction, didHighlight item: ContextMenuConfiguration.Item) {}
}

/// A context menu attached to a view (UIKit's `UIContextMenuInteraction`; Behaviour A11).
public final class ContextMenuInteraction: AttachedInteraction {
    /// Asked for configurations and told what happens; held weakly, as in UIKit.
    public private(set) weak var delegate: ContextMenuInteractionDelegate?

    /// How long a touch must be held before the configuration is asked (default 0.15 s).
    public var configurationDelay: Double = 0.15
    /// How long a touch must be held before the menu is presented (default 0.325 s).
    public var presentationDelay: Double = 0.325
    /// How far a finger may move while the menu is pending (default 10 pt; within includes it).
    public var allowableMovement: Double = 10
    /// How far a pointer pressed with the primary button may move (default 3 pt).
    public var pointerAllowableMovement: Double = 3

    var viewLink: ViewLink<View>?
    let menuParticipant: ContextMenuParticipant
    var participant: GestureRecognizer? { menuParticipant }

    /// One performed item, reported to ``observePerformedItems(_:)``.
    public struct ItemReport {
        /// The item.
        public let item: ContextMenuConfiguration.Item
        /// Who performed its action: `nil` for a handler, or when nobody could (``handled`` false).
        public let receiver: Responder?
        /// Whether the item was performed: by its handler, or by a responder.
        public let handled: Bool
    }
    var itemObservers = ObserverList<(ContextMenuInteraction, ItemReport) -> Void>()

    /// A context menu interaction that asks `delegate`, held weakly, for its menus. Add it to a view
    /// with ``View/addInteraction(_:)``.
    public init(delegate: ContextMenuInteractionDelegate) {
        self.delegate = delegate
        menuParticipant = ContextMenuParticipant()
        menuParticipant.interaction = self
    }

    /// The view the interaction is attached to.
    public var view: View? { viewLink?.object }

    /// The menu this interaction shows, when it is open.
    public var openMenu: OpenContextMenu? {
        guard let open = view?.application?.interactionState.openMenu, open.interaction === self else { return nil }
        return open
    }

    /// Dismisses the menu if this interaction shows one (its delegate's `willEnd`); nothing
    /// happens otherwise.
    public func dismissMenu() {
        guard let application = view?.application, let open = openMenu else { return }
        application.interactionState.dismiss(open, "dismissMenu()")
    }

    /// Calls `body` after each item the menu performs (for a logger), in order.
    @discardableResult
    public func observePerformedItems(_ body: @escaping (ContextMenuInteraction, ItemReport) -> Void) -> ObservationToken {
        itemObservers.add(body) { [weak self] in self?.itemObservers.remove($0) }
    }

    // MARK: Asking

    /// Asks the delegate at `location` in the view's coordinates; the answer's items are checked
    /// by their initializer already.
    func askConfiguration(at location: Point) -> ContextMenuConfiguration? {
        guard let delegate else { return nil }
        let state = view?.application?.interactionState
        state?.menuAsksUnderWay += 1
        defer { state?.menuAsksUnderWay -= 1 }
        return delegate.contextMenuInteraction(self, configurationForMenuAt: location)
    }
}

/// An open context menu (Behaviour A11): which interaction shows it, its configuration, whether
/// it is compact (a secondary click's or a key's) and the item highlighted now.
public final class OpenContextMenu {
    /// The interaction showing the menu.
    public let interaction: ContextMenuInteraction
    /// What the menu shows.
    public let configuration: ContextMenuConfiguration
    /// Whether a secondary click or a key presented it (its click is ignored).
    public let isCompact: Bool
    /// The item highlighted now: the one a touch of the menu entered last, while a touch is on
    /// it; `nil` once no touch of the menu is on an enabled item (its finger left every item,
    /// lifted or was cancelled), as an item entered again is highlighted again (A11).
    public var highlightedItem: ContextMenuConfiguration.Item? { highlightedIndex.map { configuration.items[$0] } }
    /// Its index in the configuration's items: what names it when two items are alike.
    public internal(set) var highlightedIndex: Int?
    /// The touches that belong to the menu (the presenting one, presses on items), with the
    /// enabled item each is on, the latest to enter an item last.
    var touches: [(touch: Touch, item: Int?)] = []

    /// A touch left its item (or the menu): the highlight stays only on an item a touch is on,
    /// the one entered latest; moving to another item, it is told as any highlight is.
    func itemsUnderTouchesChanged() {
        guard let highlighted = highlightedIndex, !touches.contains(where: { $0.item == highlighted }) else { return }
        highlightedIndex = touches.last { $0.item != nil }?.item
        if let item = highlightedIndex {
            interaction.delegate?.contextMenuInteraction(interaction, didHighlight: configuration.items[item])
        }
    }

    init(interaction: ContextMenuInteraction, configuration: ContextMenuConfiguration, isCompact: Bool) {
        self.interaction = interaction
        self.configuration = configuration
        self.isCompact = isCompact
    }
}

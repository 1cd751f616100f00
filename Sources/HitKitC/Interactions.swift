// Context menus, drag and drop for C (Behaviour A11): the three interactions attached to app
// views, kept in the app's interaction table under handles, each with a delegate calling the C
// callbacks of its struct. An answer HitKit cannot use (a bad item frame, an unknown proposal)
// is replaced by the safe one and kept for hk_app_take_interaction_error.

import CHitKit
import HitKit
import HitTestCore

/// An app's interactions by handle (1 and up), their C delegates, and the unusable answers.
final class InteractionTable {
    /// A drop callback names its session's `source` by handle.
    // Thread-confined, as a plain property (the promise in ThreadConfined.swift).
    #if HITKIT_INTERNAL_CHECKS
    var entries = ObjectHandles<InteractionEntry>(of: "interaction")
    #else
    @exclusivity(unchecked) var entries = ObjectHandles<InteractionEntry>(of: "interaction")
    #endif
    /// Unusable callback answers since the last hk_app_take_interaction_error: how many, and the first.
    var errorCount: Int32 = 0
    var firstError: String?
    /// The delegates of drag interactions C let go of (removed, or their view destroyed) while a
    /// drag of theirs was under way: the drag goes on to its end (Behaviour A11), and C hears
    /// it before the user data is notified. Each leaves at its drag's `did_end`; any left go
    /// with the app.
    private var keptUntilTheirDragsEnd: [CDragDelegate] = []

    func noteError(_ message: String) {
        errorCount &+= 1
        if firstError == nil { firstError = message }
    }

    /// Forgets `handle`'s entry; a drag delegate whose drag is under way is kept until it ends.
    @discardableResult
    func remove(_ handle: Int32, in application: Application) -> InteractionEntry? {
        let removed = entries.remove(handle)
        if let removed, let delegate = removed.delegate as? CDragDelegate,
           application.dragSessions.contains(where: { $0.source === removed.interaction && !$0.hasEnded }) {
            delegate.table = self
            keptUntilTheirDragsEnd.append(delegate)
        }
        return removed
    }

    /// `delegate`'s drag has ended: it is no longer kept for it.
    func dragEnded(_ delegate: CDragDelegate) {
        keptUntilTheirDragsEnd.removeAll { $0 === delegate }
    }
}

/// One interaction C attached, with the delegate that calls its callbacks (the interaction holds
/// its delegate weakly).
final class InteractionEntry {
    let interaction: Interaction
    /// The delegate made from C's callbacks, kept here (an interaction holds its delegate
    /// weakly); `nil` for a scene's interaction, whose scene keeps its own.
    let delegate: AnyObject?

    init(_ interaction: Interaction, delegate: AnyObject?) {
        self.interaction = interaction
        self.delegate = delegate
    }
}

/// Calls a C context menu's callbacks.
final class CContextMenuDelegate: ContextMenuInteractionDelegate {
    /// The most items a configuration may have.
    static let capacity = 64
    let callbacks: hk_context_menu_callbacks
    let userData: UserData
    let appPointer: OpaquePointer
    let delivery: ThreadConfined<DeliveryState>
    unowned let table: InteractionTable
    var handle: Int32 = 0

    init(_ callbacks: hk_context_menu_callbacks, userData: UserData, appPointer: OpaquePointer,
         delivery: ThreadConfined<DeliveryState>, table: InteractionTable) {
        self.callbacks = callbacks
        self.userData = userData
        self.appPointer = appPointer
        self.delivery = delivery
        self.table = table
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
        guard let ask = callbacks.configuration else { return nil }
        var items = [hk_menu_item](repeating: hk_menu_item(), count: Self.capacity)
        var count: Int32 = 0
        let answered = items.withUnsafeMutableBufferPointer { buffer in
            delivery.callingOut {
                ask(appPointer, handle, hk_point(location), buffer.baseAddress, Int32(Self.capacity), &count, userData.pointer)
            }
        }
        guard answered != 0 else { return nil }
        var configuration = ContextMenuConfiguration(items: [])
        for index in 0..<Int(min(max(count, 0), Int32(Self.capacity))) {
            let item = items[index]
            let frame = Rect(item.frame.x, item.frame.y, item.frame.width, item.frame.height)
            let identifier = item.identifier.map { String(cString: $0) } ?? ""
            do {
                configuration.items.append(try ContextMenuConfiguration.Item(
                    identifier: identifier, frame: frame, isEnabled: item.enabled != 0,
                    handler: { [weak self] _ in self?.perform(index) }))
            } catch {
                table.noteError("context menu \(handle): item \(index) (\"\(identifier)\"): \(error)")
                return nil
            }
        }
        return configuration
    }

    private func perform(_ index: Int) {
        delivery.callingOut { callbacks.perform?(appPointer, handle, Int32(index), userData.pointer) }
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
        delivery.callingOut { callbacks.will_display?(appPointer, handle, userData.pointer) }
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
        delivery.callingOut { callbacks.will_end?(appPointer, handle, userData.pointer) }
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, didHighlight item: ContextMenuConfiguration.Item) {
        // By the index the menu keeps: items may be alike in identifier and frame.
        guard let highlight = callbacks.highlight, let index = interaction.openMenu?.highlightedIndex else { return }
        delivery.callingOut { highlight(appPointer, handle, Int32(index), userData.pointer) }
    }
}

/// Calls a C drag interaction's callbacks.
final class CDragDelegate: DragInteractionDelegate {
    let callbacks: hk_drag_callbacks
    let userData: UserData
    let appPointer: OpaquePointer
    let delivery: ThreadConfined<DeliveryState>
    var handle: Int32 = 0
    /// Set once C let go of the interaction with a drag under way, which keeps this delegate
    /// (``InteractionTable/remove(_:in:)``) until that drag's end.
    weak var table: InteractionTable?

    init(_ callbacks: hk_drag_callbacks, userData: UserData, appPointer: OpaquePointer, delivery: ThreadConfined<DeliveryState>) {
        self.callbacks = callbacks
        self.userData = userData
        self.appPointer = appPointer
        self.delivery = delivery
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        let count = delivery.callingOut { callbacks.items_for_beginning?(appPointer, handle, userData.pointer) } ?? 0
        return (0..<Int(min(max(count, 0), 1024))).map { DragItem("item\($0)") }
    }

    func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession) {
        delivery.callingOut { callbacks.lift?(appPointer, handle, userData.pointer) }
    }

    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        delivery.callingOut { callbacks.session_will_begin?(appPointer, handle, userData.pointer) }
    }

    func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession) {
        delivery.callingOut { callbacks.session_did_move?(appPointer, handle, userData.pointer) }
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {
        delivery.callingOut { callbacks.will_end?(appPointer, handle, operationCode(operation), userData.pointer) }
    }

    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        delivery.callingOut { callbacks.did_end?(appPointer, handle, operationCode(operation), userData.pointer) }
        table?.dragEnded(self)
    }
}

private func operationCode(_ operation: DropOperation) -> Int32 {
    let code = switch operation {
    case .cancel: HK_DROP_CANCEL
    case .copy: HK_DROP_COPY
    case .move: HK_DROP_MOVE
    }
    return Int32(code)
}

/// Calls a C drop interaction's callbacks; the source is named by its handle (0 if C did not add it).
final class CDropDelegate: DropInteractionDelegate {
    let callbacks: hk_drop_callbacks
    let userData: UserData
    let appPointer: OpaquePointer
    let delivery: ThreadConfined<DeliveryState>
    unowned let table: InteractionTable
    var handle: Int32 = 0

    init(_ callbacks: hk_drop_callbacks, userData: UserData, appPointer: OpaquePointer,
         delivery: ThreadConfined<DeliveryState>, table: InteractionTable) {
        self.callbacks = callbacks
        self.userData = userData
        self.appPointer = appPointer
        self.delivery = delivery
        self.table = table
    }

    private func source(_ session: DragSession) -> Int32 { table.entries.handle(of: session.source) ?? 0 }

    private func tell(_ callback: hk_drop_callback?, _ session: DragSession) {
        delivery.callingOut { callback?(appPointer, handle, source(session), userData.pointer) }
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
        guard let ask = callbacks.can_handle else { return true }
        return delivery.callingOut { ask(appPointer, handle, source(session), userData.pointer) } != 0
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
        guard let ask = callbacks.did_update else { return .cancel }
        let answer = delivery.callingOut { ask(appPointer, handle, source(session), userData.pointer) }
        switch answer {
        case Int32(HK_DROP_CANCEL): return .cancel
        case Int32(HK_DROP_COPY): return .copy
        case Int32(HK_DROP_MOVE): return .move
        case Int32(HK_DROP_FORBIDDEN): return .forbidden
        default:
            table.noteError("drop \(handle): \(InteractionError.unknownProposal(Int(answer)))")
            return .cancel
        }
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) { tell(callbacks.did_enter, session) }
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) { tell(callbacks.did_exit, session) }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) { tell(callbacks.perform_drop, session) }
    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) { tell(callbacks.conclude_drop, session) }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) { tell(callbacks.did_end, session) }
}

extension AppBox {
    /// Attaches an interaction made with its C delegate and gives it a handle.
    func attach(_ interaction: Interaction, delegate: AnyObject, to view: View) throws(CFailure) -> Int32 {
        _ = try interactions.entries.nextFreeHandle()
        do {
            try view.addInteraction(interaction)
        } catch {
            throw CFailure(.invalidArgument, "\(error)")
        }
        _ = hold(view)
        return try interactions.entries.insert(InteractionEntry(interaction, delegate: delegate), for: interaction)
    }

    /// A scene's interaction in the table (once), with the scene's delegate left in place.
    func register(_ interaction: Interaction) throws(CFailure) -> Int32 {
        if let existing = interactions.entries.handle(of: interaction) { return existing }
        return try interactions.entries.insert(InteractionEntry(interaction, delegate: nil), for: interaction)
    }

    func interaction(_ handle: Int32) throws(CFailure) -> InteractionEntry {
        guard let entry = interactions.entries[handle] else {
            throw CFailure(.staleHandle, "interaction handle \(handle) is not live in this app")
        }
        return entry
    }

    func interaction<T: Interaction>(_ handle: Int32, as type: T.Type, _ what: String) throws(CFailure) -> T {
        guard let interaction = try interaction(handle).interaction as? T else {
            throw CFailure(.invalidArgument, "interaction \(handle) is not a \(what)")
        }
        return interaction
    }

    /// Forgets the interactions C attached to a view it destroys (their user data is notified).
    func forgetInteractions(of view: View) {
        // From the view's own list, not a search of the table: a view's destruction costs its
        // own interactions, however many the app has.
        for interaction in view.interactions {
            if let handle = interactions.entries.handle(of: interaction) { interactions.remove(handle, in: application) }
        }
    }
}

/// A delegate made from C callbacks, which learns its interaction's handle once attached.
protocol CInteractionDelegate: AnyObject {
    var handle: Int32 { get set }
}

extension CContextMenuDelegate: CInteractionDelegate {}
extension CDragDelegate: CInteractionDelegate {}
extension CDropDelegate: CInteractionDelegate {}

/// What the three `hk__app_view_add_…` calls share: the checks, then `make`'s interaction attached
/// with its delegate (made from the callbacks and the user data), and its handle in `out`.
private func addInteraction<Callbacks>(
    _ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutablePointer<Int32>?,
    _ callbacks: UnsafePointer<Callbacks>?, _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?,
    _ make: (Callbacks, UserData, OpaquePointer, AppBox) -> (Interaction, any CInteractionDelegate)
) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), callbacks = try required(callbacks, "callbacks"), out = try required(out)
        let view = try box.view(vi, vg)
        let data = UserData(userData, destroy: destroy)
        let (interaction, delegate) = make(callbacks.pointee, data, OpaquePointer(app!), box)
        try keeping(data) { () throws(CFailure) in delegate.handle = try box.attach(interaction, delegate: delegate, to: view) }
        out.pointee = delegate.handle
    }
}

@_cdecl("hk__app_view_add_context_menu")
public func hk__app_view_add_context_menu(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                          _ out: UnsafeMutablePointer<Int32>?,
                                          _ callbacks: UnsafePointer<hk_context_menu_callbacks>?,
                                          _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    addInteraction(app, vi, vg, out, callbacks, userData, destroy) { callbacks, userData, appPointer, box in
        let delegate = CContextMenuDelegate(callbacks, userData: userData, appPointer: appPointer, delivery: box.delivery,
                                            table: box.interactions)
        return (ContextMenuInteraction(delegate: delegate), delegate)
    }
}

@_cdecl("hk__app_view_add_drag")
public func hk__app_view_add_drag(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                  _ out: UnsafeMutablePointer<Int32>?, _ callbacks: UnsafePointer<hk_drag_callbacks>?,
                                  _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    addInteraction(app, vi, vg, out, callbacks, userData, destroy) { callbacks, userData, appPointer, box in
        let delegate = CDragDelegate(callbacks, userData: userData, appPointer: appPointer, delivery: box.delivery)
        return (DragInteraction(delegate: delegate), delegate)
    }
}

@_cdecl("hk__app_view_add_drop")
public func hk__app_view_add_drop(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                  _ out: UnsafeMutablePointer<Int32>?, _ callbacks: UnsafePointer<hk_drop_callbacks>?,
                                  _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    addInteraction(app, vi, vg, out, callbacks, userData, destroy) { callbacks, userData, appPointer, box in
        let delegate = CDropDelegate(callbacks, userData: userData, appPointer: appPointer, delivery: box.delivery,
                                     table: box.interactions)
        return (DropInteraction(delegate: delegate), delegate)
    }
}

@_cdecl("hk_interaction_remove")
public func hk_interaction_remove(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), entry = try box.interaction(handle)
        if let view = entry.interaction.view { view.removeInteraction(entry.interaction) }
        // Its handle goes now; its delegate (which the interaction does not keep) stays until
        // the delivery under way has told it what removal owes it (a drop target's exit).
        let removed = box.interactions.remove(handle, in: box.application)
        box.application.afterDelivery { withExtendedLifetime(removed) {} }
    }
}

@_cdecl("hk_context_menu_dismiss")
public func hk_context_menu_dismiss(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), menu = try box.interaction(handle, as: ContextMenuInteraction.self, "context menu")
        menu.dismissMenu()
    }
}

@_cdecl("hk_context_menu_is_open")
public func hk_context_menu_is_open(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ out: UnsafeMutablePointer<Int32>?,
                                    _ highlighted: UnsafeMutablePointer<Int32>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        let menu = try box.interaction(handle, as: ContextMenuInteraction.self, "context menu")
        let open = menu.openMenu
        out.pointee = open == nil ? 0 : 1
        highlighted?.pointee = open?.highlightedIndex.map(Int32.init) ?? -1
    }
}

private func onDrag(_ app: UnsafeMutableRawPointer?, _ handle: Int32, reading: Bool = false,
                    _ body: (AppBox, DragInteraction) throws(CFailure) -> Void) -> Int32 {
    appCall(app, reading: reading) { box throws(CFailure) in
        try body(box, try box.interaction(handle, as: DragInteraction.self, "drag interaction"))
    }
}

@_cdecl("hk_drag_set_enabled")
public func hk_drag_set_enabled(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ enabled: Int32) -> Int32 {
    onDrag(app, handle) { _, drag in drag.isEnabled = enabled != 0 }
}

@_cdecl("hk_drag_set_allows_move")
public func hk_drag_set_allows_move(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ allows: Int32) -> Int32 {
    onDrag(app, handle) { _, drag in drag.allowsMove = allows != 0 }
}

@_cdecl("hk_drag_set_simultaneous_lift")
public func hk_drag_set_simultaneous_lift(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ simultaneous: Int32) -> Int32 {
    onDrag(app, handle) { _, drag in drag.allowsSimultaneousRecognitionDuringLift = simultaneous != 0 }
}

/// The drag under way from `drag`, or a failure naming it.
private func session(of drag: DragInteraction, in box: AppBox, _ handle: Int32) throws(CFailure) -> DragSession {
    guard let session = box.application.dragSessions.last(where: { $0.source === drag }) else {
        throw CFailure(.invalidArgument, "no drag is under way from interaction \(handle)")
    }
    return session
}

@_cdecl("hk_drag_session_state")
public func hk_drag_session_state(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ items: UnsafeMutablePointer<Int32>?,
                                  _ hasBegun: UnsafeMutablePointer<Int32>?) -> Int32 {
    onDrag(app, handle, reading: true) { box, drag throws(CFailure) in
        let items = try required(items, "items"), hasBegun = try required(hasBegun, "has_begun")
        let session = try session(of: drag, in: box, handle)
        items.pointee = Int32(clamping: session.items.count)
        hasBegun.pointee = session.hasBegun ? 1 : 0
    }
}

@_cdecl("hk__drag_session_location")
public func hk__drag_session_location(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ vi: Int32, _ vg: UInt32,
                                      _ out: UnsafeMutablePointer<hk_point>?) -> Int32 {
    onDrag(app, handle, reading: true) { box, drag throws(CFailure) in
        let out = try required(out)
        let view = vi == HK_NO_VIEW_INDEX ? nil : try box.view(vi, vg)
        let session = try session(of: drag, in: box, handle)
        // The location is the touch's on the screen: a view in no window has no place there, and
        // hk_convert_point refuses the same conversion (Swift answers a non-finite point).
        if let view, view.window == nil { throw CFailure(ViewStoreError.notInWindow(view.id)) }
        out.pointee = hk_point(session.location(in: view))
    }
}

@_cdecl("hk_app_drag_session_count")
public func hk_app_drag_session_count(_ app: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        out.pointee = Int32(clamping: box.application.dragSessions.count)
    }
}

@_cdecl("hk__scroll_view_set_autoscrolls_during_drag")
public func hk__scroll_view_set_autoscrolls_during_drag(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                                        _ autoscrolls: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        try box.scrollView(vi, vg).autoscrollsDuringDrag = autoscrolls != 0
    }
}

@_cdecl("hk_app_handle_escape_key")
public func hk_app_handle_escape_key(_ app: UnsafeMutableRawPointer?, _ taken: UnsafeMutablePointer<Int32>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), taken = try required(taken, "taken")
        taken.pointee = box.application.handleEscapeKey() ? 1 : 0
    }
}

@_cdecl("hk_app_handle_context_menu_key")
public func hk_app_handle_context_menu_key(_ app: UnsafeMutableRawPointer?, _ taken: UnsafeMutablePointer<Int32>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), taken = try required(taken, "taken")
        taken.pointee = box.application.handleContextMenuKey() ? 1 : 0
    }
}

@_cdecl("hk_app_take_interaction_error")
public func hk_app_take_interaction_error(_ app: UnsafeMutableRawPointer?, _ count: UnsafeMutablePointer<Int32>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let table = box.interactions
        count?.pointee = table.errorCount
        guard let message = table.firstError else { return }
        table.errorCount = 0
        table.firstError = nil
        throw CFailure(.invalidArgument, message)
    }
}

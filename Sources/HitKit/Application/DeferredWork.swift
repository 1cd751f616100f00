/// The one owner of work that a change makes due while a delivery is under way (Behaviour A3,
/// A4 i, A8): how deeply deliveries are nested, and what waits for the outermost one to end.
///
/// Every delivery — an input or timer frame, a hover pass, a structural change, a group of edits —
/// opens a level. A change inside one does not act re-entrantly, in the middle of a step; it
/// marks its work due here, and the application does it when the outermost level closes
/// (below):
/// - ``hoverIsStale``: a view changed through the API, so the view under the pointer may have
///   changed (Behaviour A8);
/// - ``needsResolution``: a stopped recognizer released waiters or withheld touches that a frame
///   without input resolves (Behaviour A4 i);
/// - the drag sessions' drop targets, after views changed (Behaviour A11; kept by the
///   application's `InteractionState`);
/// - the focus check, after a focused item may have become unfocusable (Behaviour A10; kept by
///   the application's `KeyboardState`);
/// - ``scrollViewsMovedByStore``: scroll views whose bounds origin, their content offset, was set
///   directly in the store, whose delegates hear of it then (Behaviour A6; C's `hk_app_store`);
/// - structural changes (a window or view removed) requested from a `touchesCancelled` another
///   removal sent, applied in order once it has finished (``performStructuralChange(_:)``);
/// - ``frameEndIsDue``: an input frame or an advance was delivered, and its frame-end observers
///   are told last, once the rest is done, so that they see the frame's every follow-up (a hover
///   begun on a view the frame's keys moved under the pointer); what they change is followed
///   after them;
/// - ``releases``: what a host let go of inside the delivery, released after everything else
///   (``Application/afterDelivery(_:)``).
///
/// Work done at a level's end may make more work due (an action that edits a view, a recognizer
/// stopped by another's action). It is followed again by ``followUp(_:)``, the one loop, at most
/// ``maximumFollowUps`` times in a row; what is still due after that waits for the next
/// delivery's end.
final class DeferredWork {
    /// How many times in a row work made due by the previous pass is followed. Work that settles
    /// takes one or two passes; the bound stops actions that undo each other (a hover action
    /// moving its view away and back, recognizers disabling and enabling each other) from
    /// looping forever.
    static let maximumFollowUps = 4

    /// How many deliveries are under way.
    private(set) var depth = 0
    /// Whether a view changed through the API inside a delivery since hover was last recomputed.
    var hoverIsStale = false
    /// Whether a recognizer stopped (rule i) while others waited or touches were withheld.
    var needsResolution = false
    /// Scroll views whose content offset was moved directly in the store since the last
    /// delivery's end, each once, in the order first moved.
    var scrollViewsMovedByStore: [ViewID] = []
    /// Whether ``PointerState/zoomsStoppedByNotch`` holds any: what every frame reads.
    var notchStoppedZooms = false
    /// Whether ``scrollViewsMovedByStore`` holds any: what every delivery's end reads, as reading
    /// the array there costs a dynamic exclusivity check (about 85 instructions a frame).
    var storeMovedScrollViews = false
    /// Whether the bound ended a hover pass with hover transitions found and not yet delivered:
    /// the next hover pass delivers them first.
    var hoverTransitionsAreDue = false
    /// Whether that happened in the delivery under way, whose end then leaves them to the next;
    /// cleared when the outermost end finishes, as the drag sessions' marks are.
    var hoverPassReachedTheBound = false
    /// Whether an input frame or an advance ended inside the delivery under way: the
    /// application's frame-end observers are due at its end, after the rest of its work.
    var frameEndIsDue = false
    /// Whether the outermost delivery's end is doing its work. A change made meanwhile, outside
    /// any level, is a delivery of its own whose end runs inside this one: only this one's end
    /// may leave what the bound stopped to the next delivery.
    private var isEnding = false
    /// Releases a host asked for inside the delivery under way, in the order asked.
    private var releases: [() -> Void] = []
    /// Whether ``releases`` holds any: what every delivery's end reads, as reading the array
    /// there costs a dynamic exclusivity check (about 90 instructions a frame).
    private var releasesAreDue = false

    /// Whether a structural change is under way, and those requested meanwhile.
    private var isChangingStructure = false
    private var structuralChanges: [() -> Void] = []
    /// The views added or moved while a structural change is under way, in order: a removal
    /// requested before a view's placement is superseded by it (``wasPlaced(_:since:)``).
    private var placedDuringChange: [ObjectIdentifier] = []

    /// Whether a delivery is under way: a change now is followed at its end.
    var isDeferring: Bool { depth > 0 }

    /// Opens a level.
    func open() { depth += 1 }

    /// Closes a level; returns whether it was the outermost, whose closer does the due work.
    func close() -> Bool {
        depth -= 1
        return depth == 0
    }

    /// Runs `body` one level deeper, without doing due work when it ends: for the application's
    /// own passes (a hover pass, a resolving frame), whose caller follows up itself.
    func nested<T>(_ body: () throws -> T) rethrows -> T {
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    /// Keeps `release` for ``runReleases()`` while a delivery is under way or ending; false when
    /// none is, for the caller to release at once.
    func keepUntilTheEnd(_ release: @escaping () -> Void) -> Bool {
        guard depth > 0 || isEnding else { return false }
        releases.append(release)
        releasesAreDue = true
        return true
    }

    /// Runs the releases kept, in order, and any they keep meanwhile (a release runs outside any
    /// delivery, so one it asks for runs at once unless it starts a delivery).
    @inline(__always)
    func runReleases() {
        // The flag read on its own, with no call inside its access: no dynamic check then.
        guard releasesAreDue else { return }
        runDueReleases()
    }

    @inline(never)
    private func runDueReleases() {
        while releasesAreDue {
            let due = releases
            releases = []
            releasesAreDue = false
            for release in due { release() }
        }
    }

    /// Runs `body`, the work of a delivery's end; returns whether it was the outermost end (none
    /// under way around it).
    func ending(_ body: () -> Void) -> Bool {
        guard !isEnding else {
            body()
            return false
        }
        isEnding = true
        defer { isEnding = false }
        body()
        return true
    }

    /// The follow-up loop: runs `pass` until it answers that nothing more is due, at most
    /// ``maximumFollowUps`` times. Returns whether the bound stopped it, the last pass still
    /// answering that more is due.
    @discardableResult
    static func followUp(_ pass: () -> Bool) -> Bool {
        for _ in 0..<maximumFollowUps {
            guard pass() else { return false }
        }
        return true
    }

    /// Runs `change` now, or, when a structural change is already under way (requested from
    /// the `touchesCancelled` it sent), after it, in the order requested; changes requested by
    /// deferred ones join the end of the list.
    func performStructuralChange(_ change: @escaping () -> Void) {
        if isChangingStructure {
            structuralChanges.append(change)
            return
        }
        isChangingStructure = true
        defer { isChangingStructure = false }
        change()
        var index = 0
        while index < structuralChanges.count {
            let next = structuralChanges[index]
            index += 1
            next()
        }
        structuralChanges.removeAll()
        placedDuringChange.removeAll(keepingCapacity: true)
    }

    /// Where the placements recorded from now on start (``wasPlaced(_:since:)``).
    var placementMark: Int { placedDuringChange.count }

    /// `view` was added or moved under a superview. Adds are made at once, even from the
    /// `touchesCancelled` of a removal, where removals wait: recorded, so that a removal asked
    /// for before it does not undo it.
    func notePlacement(of view: View) {
        if isChangingStructure { placedDuringChange.append(ObjectIdentifier(view)) }
    }

    /// Whether `view` was placed since `mark` (``placementMark``), in the structural change
    /// under way.
    func wasPlaced(_ view: View, since mark: Int) -> Bool {
        mark < placedDuringChange.count && placedDuringChange[mark...].contains(ObjectIdentifier(view))
    }
}

// Work that a change makes due is done once, when the outermost delivery around it ends: hover
// is recomputed (Behaviour A8) and waiters released by a stopped recognizer are resolved (A4 i).
// A change made outside any delivery is followed before its call returns. Inside a delivery the
// same work would run re-entrantly, in the middle of a step, so it waits for that delivery's end.
// What is due, and how deep the deliveries are, is kept in one place: ``DeferredWork``.

extension Application {
    /// Runs `body`, a group of changes, and does what they made due once at its end (hover
    /// recomputed if a view changed and a pointer is on the screen, so the hover recognizers see
    /// only the final state). Nested groups are followed at the end of the outermost one.
    package func deferringUpdates<T>(_ body: () throws -> T) rethrows -> T {
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        return try body()
    }

    /// Opens a group of changes (see ``deferringUpdates(_:)``).
    func beginDeferringUpdates() {
        deferredWork.open()
    }

    /// Closes a group; the outermost one does what its changes made due.
    func endDeferringUpdates() {
        let work = deferredWork
        guard work.close() else { return }
        guard work.ending(doDueWork) else { return }
        // What a pass left at the bound anywhere in this delivery goes on at the next one's end.
        work.hoverPassReachedTheBound = false
        interactionState.deliveryDidEnd()                                            // Behaviour A11
        // Outside any delivery now: what a release changes is followed as a host's change is.
        work.runReleases()
    }

    /// Runs `release` once the delivery under way has ended and done its due work, or at once
    /// when none is under way. A host that lets go of what it attached inside a delivery (the C
    /// library's destroy and remove calls made from a callback) lets go here, so that what the
    /// delivery's end still owes it — a drop target's exit, a hover's end, a focus loss, the
    /// cancellations of a removal requested meanwhile — reaches its callbacks, as when the same
    /// call is made between deliveries.
    package func afterDelivery(_ release: @escaping () -> Void) {
        if !deferredWork.keepUntilTheEnd(release) { release() }
    }

    /// The work the outermost delivery's end does: the follow-ups, then a frame's end told, then
    /// what its observers changed followed.
    private func doDueWork() {
        followChanges()
        guard deferredWork.frameEndIsDue else { return }
        deferredWork.frameEndIsDue = false
        guard !frameEndObservers.isEmpty else { return }
        notifyFrameEnd()
        followChanges()
    }

    /// What changes made due: scroll delegates told of offsets the store moved, released waiters
    /// resolved, drop targets, the focus check and hover followed.
    private func followChanges() {
        let work = deferredWork
        if work.storeMovedScrollViews { tellDelegatesOfStoreScrolls() }                // Behaviour A6
        resolveReleasedWaiters()
        if interactionState.targetingIsStale { interactionState.retarget() }        // Behaviour A11
        if keyboard.focusIsStale { followFocusChecks() }  // Behaviour A10: a focused item may have become unfocusable
        guard work.hoverIsStale || work.hoverTransitionsAreDue && !work.hoverPassReachedTheBound else { return }
        work.hoverIsStale = false
        if pointerState.id != nil { deliverHoverAndScroll(nil, at: time) }
    }

    /// The frames a stopped recognizer asked for (``DeferredWork/needsResolution``): steps 3–5
    /// as in a timer's frame, at the current time. A recognizer stopped by an action of one asks
    /// for another, followed up to ``DeferredWork/maximumFollowUps`` times so that actions
    /// disabling and enabling each other cannot loop (what is left is resolved at the next
    /// delivery's end). An idle host may send no frame until the next input, and what the
    /// waiters withhold must not wait for it (Behaviour A3).
    private func resolveReleasedWaiters() {
        let work = deferredWork
        DeferredWork.followUp {
            guard work.needsResolution else { return false }
            work.needsResolution = false
            work.nested { runFrameWithoutInput() }
            return true
        }
    }
}

// Pointer delivery beside touch delivery (Behaviour A8): the pointer's click joins the frame's
// touches; hover tracking and scroll routing run after the frame's touch steps, and their
// recognizer transitions are resolved by a recognizer-only run of the frame function.

/// What a frame's accepted pointer input changed, for the passes after the touch steps.
struct PointerFrameChanges {
    var pointerMoved = false
    var scroll: ScrollInput?
}

extension Application {
    /// Validates the frame's pointer state and scroll input, applies the accepted pointer state
    /// (its click, if any, is appended to `accepted`) and records the rejections.
    func acceptPointerInput(of frame: InputFrame, accepted: inout [TouchInput],
                            rejected: inout [InputError.Rejection]) -> PointerFrameChanges? {
        guard frame.pointer != nil || frame.scroll != nil else { return nil }
        let registry = dispatcher.registry, state = pointerState
        let validator = PointerInputValidator(pointer: state) { id in registry.touch(id: id)?.type == .direct }
        var changes = PointerFrameChanges()
        if let input = frame.pointer {
            if let problem = validator.problem(with: input, fingersNamed: Set(accepted.map(\.id))) {
                rejected.append(.init(touchID: input.id, reason: .pointer(problem)))
            } else {
                let (click, moved) = state.apply(input)
                if let click { accepted.append(click) }
                changes.pointerMoved = moved
            }
        }
        if let scroll = frame.scroll {
            if let problem = validator.problem(with: scroll) {
                rejected.append(.init(touchID: nil, reason: .scroll(problem)))
            } else {
                if case .continuous(let phase) = scroll.kind { state.continuousScrollUnderway = phase != .ended }
                changes.scroll = scroll
            }
        }
        return changes
    }

    /// After a frame's touch steps (or a timer's frame): hover follows the view under the
    /// pointer, the scroll goes to its pan, and the recognizers' transitions are resolved.
    func deliverHoverAndScroll(_ changes: PointerFrameChanges?, at time: Double) {
        // Views the actions change meanwhile are followed by the passes below, not re-entrantly.
        let work = deferredWork
        defer { work.hoverIsStale = false }
        work.nested {
            // Cleared first: a change made while the hover is computed (an overridden property
            // the walk reads) is followed below like any other.
            work.hoverIsStale = false
            var requested = updateHover(pointerMoved: changes?.pointerMoved ?? false) || work.hoverTransitionsAreDue
            work.hoverTransitionsAreDue = false
            // Behaviour A3: the frame's hover changes (their state changes and actions) come
            // before its drop targeting pass.
            if requested {
                dispatcher.runFrame(nil, at: time)
                requested = false
            }
            // Behaviour A11: a pointer's drag that ends gives the pointer its hovers back.
            if interactionState.targetSessions() { requested = updateHover(pointerMoved: false) }
            if let scroll = changes?.scroll { route(scroll); requested = true }
            // A scroll moves content under the pointer, and actions may edit views: follow them,
            // up to ``DeferredWork/maximumFollowUps`` times so that an action fighting the hover
            // cannot loop forever. Only a view changed through the API (which marks hover stale)
            // can move the hover: with none, recomputing it would find what it just found.
            DeferredWork.followUp {
                if requested {
                    dispatcher.runFrame(nil, at: time)
                    requested = false
                }
                guard work.hoverIsStale else { return false }
                work.hoverIsStale = false
                requested = updateHover(pointerMoved: false)
                return true
            }
            // A zoom a wheel notch stopped past a limit bounces back in the notch's frame, after
            // it scrolled (its pan's action ran above): anchored where the notch left the content.
            if work.notchStoppedZooms { bounceZoomsStoppedByNotch() }
            // What the bound found last waits for the next delivery's end, as its other work does:
            // not this one's, which would follow the fight four passes more.
            work.hoverTransitionsAreDue = requested
        }
        // Every pass runs in a delivery or at its end, whose outermost end clears the mark.
        work.hoverPassReachedTheBound = work.hoverTransitionsAreDue
    }

    /// Recomputes the view under the pointer and follows it with the hover recognizers at once.
    /// HitKit does this after every frame and timer, and after every change made through the
    /// view API (Behaviour A8); call it when a view's answer to the hit test changed in a way
    /// HitKit cannot see (an overridden `hitTest(_:with:)` or `point(inside:with:)` that
    /// answers differently now).
    public func updateHover() {
        // A delivery of its own: its end does the work left due, as a frame's does.
        deferringUpdates { deliverHoverAndScroll(nil, at: time) }
    }

    /// Recomputes the view under the pointer and tells the hover recognizers from it up to its
    /// window what changed. Returns whether any recognizer was told something.
    @discardableResult
    func updateHover(pointerMoved: Bool) -> Bool {
        let state = pointerState
        // Taken out while the hovers are told (their actions may start another hover pass).
        var current = state.nextHovers
        state.nextHovers = []
        current.removeAllKeepingCapacity()
        if state.id != nil, !state.isHiddenByDrag, let view = hitTest(screenPoint: state.location) {
            state.chainHovers.read(onChainOf: view, in: viewContext)
            // The pointer's hover is `indirectPointer` input: a hover not allowing that type
            // does not see it (UIKit's allowedTouchTypes; the touchpad's candidates too, A9).
            for hover in state.chainHovers.hovers where hover.isEnabled && hover.allowsTouchType(.indirectPointer) {
                current.append(hover)
            }
            if let tracer, let id = state.id { tracer.recordPointer(id: id, at: state.location, over: view, hovers: current) }
        } else {
            state.chainHovers.clear()
            if let tracer, let id = state.id { tracer.recordPointer(id: id, at: state.location, over: nil, hovers: []) }
        }
        guard !current.isEmpty || !state.hovers.isEmpty else {
            state.nextHovers = current
            return false
        }
        var told = false
        for hover in state.hovers where !current.contains(where: { $0 === hover }) {
            hover.pointerExited()
            told = true
        }
        for hover in current {
            if !state.hovers.contains(where: { $0 === hover }) {
                hover.pointerEntered(at: state.location)
                told = true
            } else if pointerMoved {
                hover.pointerMoved(to: state.location)
                told = true
            }
        }
        swap(&state.hovers, &current)
        // Kept for its capacity only: the hovers the pointer left are not kept alive by it.
        current.removeAllKeepingCapacity()
        state.nextHovers = current
        return told
    }
}

// Behaviour A8: the view under the pointer is recomputed after every change of a view's flags,
// hierarchy or geometry made through the API, not only after frames. Setters report the change
// here; without a pointer on the screen that costs one comparison.

extension Application {
    /// A view's flags, hierarchy, geometry or recognizers changed through the API. With a pointer
    /// on the screen, hover follows when the delivery under way (a frame, a hover pass, a
    /// structural change) finishes (see ``DeferredWork``); a change outside any is a delivery of
    /// its own, followed before it returns, so its drop targeting is bounded as a delivery's.
    func viewsDidChange() {
        guard deferredWork.isDeferring else { return deferringUpdates { viewsDidChange(alone: true) } }
        viewsDidChange(alone: false)
    }

    /// `alone`: the change is a delivery of its own, whose end comes before anything else changes.
    private func viewsDidChange(alone: Bool) {
        interactionState.viewsDidChange()                                            // Behaviour A11
        focusabilityMayHaveChanged(alone: alone)  // Behaviour A10
        if pointerState.id != nil { deferredWork.hoverIsStale = true }  // Behaviour A8
    }
}

// Focus movement (Behaviour A10 stage 2): Tab and Shift-Tab between groups, arrows within one,
// Return and Space on the focused control, and focus lost when the focused item stops being
// focusable.

extension Application {
    /// Stage 2 for a key down in `window`, whose focus system is on: the outcome when it acts,
    /// `nil` when the key goes on to the other key commands.
    func focusStage(_ key: Key, in window: Window) -> KeyboardState.Outcome? {
        let flags = key.modifierFlags.intersection(.matchedByKeyCommands)
        switch key.keyCode {
        case .keyboardTab:
            guard flags.isEmpty || flags == .shift else { return nil }
            let heading: FocusHeading = flags.isEmpty ? .next : .previous
            return moveFocus(heading, in: window, by: key) ? .focus(heading) : nil
        case .keyboardRightArrow, .keyboardLeftArrow, .keyboardDownArrow, .keyboardUpArrow:
            guard flags.isEmpty else { return nil }
            let heading: FocusHeading = switch key.keyCode {
            case .keyboardRightArrow: .right
            case .keyboardLeftArrow: .left
            case .keyboardDownArrow: .down
            default: .up
            }
            return moveFocus(heading, in: window, by: key) ? .focus(heading) : nil
        case .keyboardReturnOrEnter, .keyboardSpacebar:
            guard flags.isEmpty else { return nil }
            return activateFocusedControl(in: window, by: key) ? .activated : nil
        default:
            return nil
        }
    }

    /// Moves `window`'s focus the way `heading` says; returns whether the key was taken (Tab is
    /// taken whenever something is focusable, even when focus stays on the same item; an arrow
    /// only when it moves).
    func moveFocus(_ heading: FocusHeading, in window: Window, by key: Key) -> Bool {
        let map = keyboard.focusMap
        map.build(for: window)
        let focused = window.focusedItem.flatMap { map.candidate(of: $0) }
        if let direction = heading.direction {
            guard let focused else {
                tracer?.focusNotMoved(key, "nothing is focused, so an arrow has nowhere to start")
                return false
            }
            tracer?.focusCandidates(map, from: focused, heading: heading, key: key)
            guard let next = map.candidate(from: focused, toward: direction) else { return false }
            setFocus(map.view(at: next), in: window, heading: heading, group: map.groups[map.candidates[next].group].key)
            return true
        }
        guard let group = map.neighbourGroup(of: focused, forward: heading == .next) else {
            tracer?.focusNotMoved(key, "nothing in the window is focusable")
            return false
        }
        let state = window.focusState
        let entry: Int
        if let last = state?.lastFocusedItem(of: map.groups[group].key), let index = map.candidate(of: last),
           map.candidates[index].group == group {
            entry = index
        } else {
            entry = map.groups[group].first
        }
        tracer?.focusGroups(map, from: focused, to: group, entry: entry, key: key)
        if let view = map.view(at: entry), view !== window.focusedItem {
            setFocus(view, in: window, heading: heading, group: map.groups[group].key)
        }
        return true
    }

    /// Return or Space on the focused control (Behaviour A10): a button sends `touchUpInside` then
    /// `primaryActionTriggered`; a switch flips, then sends `valueChanged` and
    /// `primaryActionTriggered`; any other control sends `primaryActionTriggered`. A focused
    /// view that is not an enabled control does not take the key.
    private func activateFocusedControl(in window: Window, by key: Key) -> Bool {
        guard let control = window.focusedItem as? Control, control.isEnabled else { return false }
        tracer?.controlActivated(control, key: key)
        switch control {
        case is Button:
            control.sendActions(for: .touchUpInside)
            control.sendActions(for: .primaryActionTriggered)
        case let toggle as Switch:
            toggle.isOn.toggle()
            toggle.sendActions(for: .valueChanged)
            toggle.sendActions(for: .primaryActionTriggered)
        default:
            control.sendActions(for: .primaryActionTriggered)
        }
        return true
    }

    /// Makes `view` (or nothing) `window`'s focused item: a view that can become first responder
    /// becomes it, the group remembers it, and the observers are told.
    func setFocus(_ view: View?, in window: Window, heading: FocusHeading, group: FocusGroupKey? = nil) {
        guard let state = window.focusState else { return }
        let previous = state.focused?.object
        guard previous !== view else { return }
        state.setFocused(view.map(ViewLink.init))
        if let view {
            if let group { state.remember(view, in: group) }
            if view.canBecomeFirstResponder { view.becomeFirstResponder() }
        }
        tracer?.focusChanged(in: window, from: previous, to: view, heading: heading)
        notifyFocus(FocusUpdateContext(window: window, previouslyFocusedItem: previous, nextFocusedItem: view,
                                       focusHeading: heading))
    }

    /// A change that may make a focused item unfocusable (a view's flags or place, a control
    /// enabled or not): checked at once, or at the end of the delivery under way.
    /// `alone`: the change is a delivery of its own, whose end checks before anything else
    /// changes, so nothing need be marked.
    func focusabilityMayHaveChanged(alone: Bool = false) {
        guard keyboard.hasFocusedItem else { return }
        keyboard.focusIsStale = true
        keepFocusedItemsUntilChecked()
        // Outside a delivery the check is made now; inside one, at its end, so a loss is marked
        // now (a change outside one is a delivery of its own, checked before any other change).
        guard deferredWork.isDeferring else { return followFocusChecks() }
        if !alone { noteFocusedItemsThatLeftTheFocusableSet() }
    }

    /// Marks each focused item that is unfocusable now, so that the check made later loses it
    /// even if a change made meanwhile (enabled again, shown again) made it focusable again: it
    /// lost focus at the change (Behaviour A10). A group of changes held together
    /// (``deferringFocusChecks(_:)``, B5's "after its edits") is looked at only at its end.
    private func noteFocusedItemsThatLeftTheFocusableSet() {
        guard keyboard.focusChecksHeld == 0 else { return }
        for link in keyboard.focusWindows {
            guard let window = link.object, let state = window.focusState, !state.focusedItemLeftFocusableSet,
                  let focused = state.focused?.object, !focused.isFocusable(in: window) else { continue }
            state.focusedItemLeftFocusableSet = true
        }
    }

    /// Keeps each window with a focused item, and the item, alive until the check made due is
    /// made: a host that removes the focused view or its window inside a delivery and lets it
    /// go (a "delete" key command) must still hear that it lost focus, with the view and the
    /// window, and the focus links do not keep them.
    private func keepFocusedItemsUntilChecked() {
        for link in keyboard.focusWindows {
            guard let window = link.object, let focused = window.focusState?.focused?.object else { continue }
            keepUntilChecked(window)
            keepUntilChecked(focused)
        }
    }

    // One at a time, not from an array literal: a host editing views while something is focused
    // calls this at every edit, and a literal would allocate each time.
    private func keepUntilChecked(_ view: View) {
        guard !keyboard.focusedItemsAwaitingCheck.contains(where: { $0 === view }) else { return }
        keyboard.focusedItemsAwaitingCheck.append(view)
    }

    /// The focus check made due, outside any delivery (at a delivery's end, or after a host's
    /// change), followed at most ``DeferredWork/maximumFollowUps`` times in a row. An observer
    /// told of a loss may make another item unfocusable, or focus the item again with a frame of
    /// its own and make it unfocusable again: a check that becomes due meanwhile, even at the end
    /// of that frame, is left to this loop rather than made re-entrantly, so a fight cannot
    /// recurse for ever. What is still due after the bound waits for the next delivery's end.
    func followFocusChecks() {
        guard !keyboard.isFollowingFocusChecks else { return }
        keyboard.isFollowingFocusChecks = true
        defer { keyboard.isFollowingFocusChecks = false }
        DeferredWork.followUp {
            guard keyboard.focusIsStale, keyboard.focusChecksHeld == 0 else { return false }
            validateFocus()
            return true
        }
    }

    /// Loses the focused item of every window where it is no longer focusable (Behaviour A10
    /// *Losing focus*).
    func validateFocus() {
        guard keyboard.focusChecksHeld == 0 else {
            keyboard.focusIsStale = true
            return
        }
        keyboard.focusIsStale = false
        // Let go once the observers have heard of the losses; what a loss makes due keeps its own,
        // in the spare list's capacity.
        var kept: [View] = []
        if !keyboard.focusedItemsAwaitingCheck.isEmpty {
            swap(&kept, &keyboard.spareFocusedItems)
            swap(&kept, &keyboard.focusedItemsAwaitingCheck)
        }
        defer {
            kept.removeAll(keepingCapacity: true)
            if keyboard.spareFocusedItems.capacity < kept.capacity { swap(&kept, &keyboard.spareFocusedItems) }
        }
        guard keyboard.hasFocusedItem else { return }
        let windows = keyboard.focusWindows  // a copy: a focus change may turn a window's focus system off
        for link in windows {
            guard let window = link.object, let state = window.focusState, let focused = state.focused else { continue }
            guard let view = focused.object else {
                state.setFocused(nil)
                continue
            }
            if state.focusedItemLeftFocusableSet || !view.isFocusable(in: window) { setFocus(nil, in: window, heading: []) }
        }
    }

    /// Runs `body`, a group of changes after which — not between which — a focused item that
    /// stopped being focusable loses focus: a scenario step's edits (Behaviour B5: "in that step
    /// after its edits"), while hover still follows each of them.
    package func deferringFocusChecks<T>(_ body: () throws -> T) rethrows -> T {
        keyboard.focusChecksHeld += 1
        defer {
            keyboard.focusChecksHeld -= 1
            if keyboard.focusChecksHeld == 0 && keyboard.focusIsStale {
                // Inside a delivery, checked once now; its end follows what the observers change.
                if deferredWork.isDeferring { validateFocus() } else { followFocusChecks() }
            }
        }
        return try body()
    }

    /// Calls `body` with every change of a window's focused item (Behaviour A10), after it was
    /// made. Observers are called in the order they were added. A focused view removed inside a
    /// delivery (by a key command's action, say) loses focus at the delivery's end, and is kept
    /// alive until then: the loss names it even when its host has let it go.
    @discardableResult
    public func observeFocus(_ body: @escaping (FocusUpdateContext) -> Void) -> ObservationToken {
        addKeyboardObserver(body, to: \.focusObservers)
    }

    private func notifyFocus(_ context: FocusUpdateContext) {
        notifyKeyboardObservers(keyboard.focusObservers, context)
    }
}

extension KeyboardState {
    /// Whether any window has a focused item (one check before any focus work).
    var hasFocusedItem: Bool {
        focusWindows.contains { $0.object?.focusState?.focused != nil }
    }
}

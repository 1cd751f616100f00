/// The recognizers' part of a frame (SPEC A3 steps 2–4 and A4): it hands touches to recognizers
/// in priority order, resolves their requested transitions, and tells the dispatcher which
/// touches to cancel in views and which to withhold.
///
/// Only recognizers with a sequence under way are tracked (``active``), so no step scans every
/// recognizer of the application.
final class GestureStage: RecognizerStage {
    unowned let application: Application

    /// Recognizers with a sequence under way, in the order they joined.
    var active: [GestureRecognizer] = []
    /// Recognizers with transition requests, waiting for step 3.
    var dirty: [GestureRecognizer] = []
    /// Recognizers that want to begin or recognize but wait for others to fail (SPEC A4 a).
    var pending: [GestureRecognizer] = []
    /// Touches to cancel in their views in step 4.
    var touchesToCancel: [Touch] = []

    init(application: Application) {
        self.application = application
    }

    // MARK: Step 2

    func deliverTouches(_ touches: [Touch], of event: Event) {
        for touch in touches where touch.phase == .began && !touch.gestureRecognizers.isEmpty {
            collect(touch)
        }
        var order: [GestureRecognizer] = []
        for touch in touches {
            for recognizer in touch.gestureRecognizers where !recognizer.isCollectedThisFrame {
                recognizer.isCollectedThisFrame = true
                order.append(recognizer)
            }
        }
        guard !order.isEmpty else { return }
        sortByPriority(&order)
        for recognizer in order {
            recognizer.isCollectedThisFrame = false
            deliver(touches, to: recognizer, event: event)
        }
    }

    /// SPEC A3 step 1 for recognizers: drop those that do not take the touch (delegate, state),
    /// give the others the touch and their priority depth.
    private func collect(_ touch: Touch) {
        var chainLength = 0
        var cursor: View? = touch.view
        while let view = cursor {
            chainLength += 1
            cursor = view is Window ? nil : view.superview
        }
        var distance = 0
        cursor = touch.view
        var kept: [GestureRecognizer] = []
        for recognizer in touch.gestureRecognizers {
            while let view = cursor, recognizer.view !== view {
                distance += 1
                cursor = view is Window ? nil : view.superview
            }
            guard recognizer.isEnabled, recognizer.view != nil, recognizer.acceptsNewTouches,
                  recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
            else { continue }
            recognizer.priorityDepth = chainLength - 1 - distance
            recognizer.touches.append(touch)
            recognizer.sequenceTouches.append(touch)
            activate(recognizer)
            // A touch joining a recognizer that already began is taken from its view at once.
            if recognizer.resolvedState.isActive && recognizer.cancelsTouchesInView { touchesToCancel.append(touch) }
            kept.append(recognizer)
        }
        touch.gestureRecognizers = kept
    }

    /// Calls the recognizer's touch methods with its touches of this frame, one call per phase.
    private func deliver(_ touches: [Touch], to recognizer: GestureRecognizer, event: Event) {
        var began: Set<Touch> = [], moved: Set<Touch> = [], ended: Set<Touch> = [], cancelled: Set<Touch> = []
        for touch in touches where recognizer.touches.contains(where: { $0 === touch }) {
            switch touch.phase {
            case .began: began.insert(touch)
            case .moved: moved.insert(touch)
            case .ended: ended.insert(touch)
            case .cancelled: cancelled.insert(touch)
            case .stationary: break
            }
        }
        let calls: [(GestureRecognizer.TouchCall, Set<Touch>)] =
            [(.touchesBegan, began), (.touchesMoved, moved), (.touchesEnded, ended), (.touchesCancelled, cancelled)]
        for (call, batch) in calls where !batch.isEmpty {
            // A recognizer that failed or finished receives no more touches of its sequence.
            guard recognizer.isReceiving else { return }
            recognizer.notifyTouches(call, batch)
            switch call {
            case .touchesBegan: recognizer.touchesBegan(batch, with: event)
            case .touchesMoved: recognizer.touchesMoved(batch, with: event)
            case .touchesEnded: recognizer.touchesEnded(batch, with: event)
            case .touchesCancelled:
                recognizer.touchesCancelled(batch, with: event)
                // SPEC A4 j, whatever the subclass did: possible fails, begun is cancelled.
                switch recognizer.requestedState {
                case .possible: recognizer.state = .failed
                case .began, .changed: recognizer.state = .cancelled
                default: break
                }
            }
        }
    }

    // MARK: Bookkeeping

    func activate(_ recognizer: GestureRecognizer) {
        guard !recognizer.isInStage else { return }
        recognizer.isInStage = true
        active.append(recognizer)
    }

    func recognizerRequestedTransition(_ recognizer: GestureRecognizer) {
        activate(recognizer)
        guard !recognizer.isDirty else { return }
        recognizer.isDirty = true
        dirty.append(recognizer)
    }

    /// Disabled, detached or its view left the window (SPEC A4 i, A3): a begun recognizer is
    /// cancelled, a possible one fails; then it resets and lets go of its touches.
    func recognizerWasStopped(_ recognizer: GestureRecognizer) {
        guard recognizer.isInStage else { return }
        recognizer.requests = []
        switch recognizer.resolvedState {
        case .possible: change(recognizer, to: .failed)
        case .began, .changed: change(recognizer, to: .cancelled)
        default: break
        }
        retire(recognizer)
    }

    func viewWillLeaveWindow(_ view: View) {
        for recognizer in active where recognizer.view.map({ $0.isDescendant(of: view) }) ?? true {
            recognizerWasStopped(recognizer)
        }
    }

    /// Resets `recognizer` and stops tracking it.
    private func retire(_ recognizer: GestureRecognizer) {
        recognizer.isInStage = false
        recognizer.isDirty = false
        active.removeAll { $0 === recognizer }
        dirty.removeAll { $0 === recognizer }
        pending.removeAll { $0 === recognizer }
        recognizer.performReset(in: application)
    }

    /// Sorts by SPEC A4 d's priority: the deepest view's recognizers first; within one view the
    /// most recently added first; otherwise the order they are in.
    func sortByPriority(_ recognizers: inout [GestureRecognizer]) {
        guard recognizers.count > 1 else { return }
        let keyed = recognizers.enumerated().map { offset, recognizer in
            (recognizer, recognizer.priorityDepth, recognizer.indexInView, offset)
        }
        recognizers = keyed.sorted { a, b in
            if a.1 != b.1 { return a.1 > b.1 }
            if a.0.view === b.0.view && a.2 != b.2 { return a.2 > b.2 }
            return a.3 < b.3
        }.map(\.0)
    }

    // MARK: End of frame

    func endFrame() {
        guard !active.isEmpty else { return }
        // A recognizer whose view was freed mid-sequence can never resolve: stop it.
        for recognizer in active where recognizer.view == nil { recognizerWasStopped(recognizer) }
        for recognizer in active {
            recognizer.touches.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        }
        for recognizer in active where recognizer.touches.isEmpty && recognizer.requests.isEmpty {
            // Finished, or possible with nothing left to wait for (every touch ignored).
            if recognizer.resolvedState.isTerminal
                || (recognizer.resolvedState == .possible && recognizer.sequenceTouches.isEmpty && recognizer.timers.isEmpty) {
                retire(recognizer)
            }
        }
    }
}

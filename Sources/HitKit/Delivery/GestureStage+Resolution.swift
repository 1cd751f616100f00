// SPEC A3 step 3: requested transitions are resolved by the rules of SPEC A4 a–f, in priority
// order, until nothing more moves (a failure may release a recognizer waiting for it).

extension GestureStage {
    func resolveTransitions(for event: Event?) {
        failAbandoned()
        // Waiting recognizers are looked at again in every frame: what they wait for may have
        // failed since (a timer, a disabled recognizer).
        requeuePending()
        resolveDirty()
        if failDeadlockedWaiters() {
            requeuePending()
            resolveDirty()
        }
    }

    private func resolveDirty() {
        while !dirty.isEmpty {
            var batch = dirty
            for recognizer in batch { recognizer.isDirty = false }
            dirty = []
            sortByPriority(&batch)
            var moved = false
            for recognizer in batch where recognizer.isInStage {
                if resolve(recognizer) { moved = true }
            }
            if moved { requeuePending() }
        }
    }

    /// Failure requirements that form a cycle are a programming error: recognizers waiting only
    /// for each other, whose touches have all ended and that have no timer, can never move on.
    /// They fail together, so the touches they withhold reach their views (SPEC A3's promise).
    private func failDeadlockedWaiters() -> Bool {
        var stuck = pending.filter { recognizer in
            recognizer.timers.isEmpty
                && recognizer.sequenceTouches.allSatisfy { $0.phase == .ended || $0.phase == .cancelled }
        }
        var changed = true
        while changed && !stuck.isEmpty {
            changed = false
            let members = stuck
            stuck.removeAll { recognizer in
                let waitsOnAnOutsider = blockers(of: recognizer).contains { blocker in !members.contains { $0 === blocker } }
                if waitsOnAnOutsider { changed = true }
                return waitsOnAnOutsider
            }
        }
        guard !stuck.isEmpty else { return false }
        for recognizer in stuck {
            recognizer.requests = []
            pending.removeAll { $0 === recognizer }
            change(recognizer, to: .failed)
        }
        return true
    }

    private func requeuePending() {
        for recognizer in pending where !recognizer.isDirty {
            recognizer.isDirty = true
            dirty.append(recognizer)
        }
        pending = []
    }

    /// A recognizer still possible whose touches have all ended, with nothing requested and no
    /// timer to wait for, can never move on: it fails (so withheld touches are released).
    private func failAbandoned() {
        for recognizer in active
        where recognizer.resolvedState == .possible && recognizer.requests.isEmpty && recognizer.timers.isEmpty
            && !recognizer.sequenceTouches.isEmpty
            && recognizer.sequenceTouches.allSatisfy({ $0.phase == .ended || $0.phase == .cancelled }) {
            recognizer.state = .failed
        }
    }

    /// Applies as many of `recognizer`'s requests as the rules allow. Returns whether its
    /// state changed.
    private func resolve(_ recognizer: GestureRecognizer) -> Bool {
        var changed = false
        while let next = recognizer.requests.first {
            let from = recognizer.resolvedState
            // Another recognizer may have moved this one meanwhile (exclusion, a failure).
            guard GestureRecognizer.isLegal(from: from, to: next, discrete: type(of: recognizer).isDiscrete) else {
                recognizer.requests.removeFirst()
                continue
            }
            if from == .possible && next != .failed {
                switch requirement(of: recognizer) {
                case .waiting:
                    if !pending.contains(where: { $0 === recognizer }) { pending.append(recognizer) }
                    return changed
                case .preempted:
                    recognizer.requests = []
                    change(recognizer, to: .failed)
                    return true
                case .clear:
                    break
                }
                guard shouldBegin(recognizer) else {
                    recognizer.requests = []
                    change(recognizer, to: .failed)
                    return true
                }
                // The winner moves (and its actions go) first; then the others give way.
                recognizer.requests.removeFirst()
                change(recognizer, to: next)
                exclude(by: recognizer)
                takeTouchesFromViews(of: recognizer)
            } else {
                recognizer.requests.removeFirst()
                if next == .failed { recognizer.requests = [] }
                change(recognizer, to: next)
            }
            changed = true
        }
        return changed
    }

    /// Sets the state, tells the observers, then sends the actions (not for a failure).
    func change(_ recognizer: GestureRecognizer, to state: GestureRecognizer.State) {
        recognizer.resolvedState = state
        recognizer.notifyStateChange()
        if state != .failed { recognizer.sendActions() }
    }

    // MARK: a. Require-to-fail

    enum Requirement { case clear, waiting, preempted }

    /// Whether the recognizers `recognizer` must wait for have all failed (clear), one is still
    /// possible (waiting) or one began or recognized (preempted). A recognizer with no sequence
    /// under way never blocks: it is not taking part in these touches.
    private func requirement(of recognizer: GestureRecognizer) -> Requirement {
        var result = Requirement.clear
        forEachRequirement(of: recognizer) { other in
            switch other.resolvedState {
            case .possible: result = .waiting
            case .began, .changed, .ended: result = .preempted; return true
            case .cancelled, .failed: break
            }
            return false
        }
        return result
    }

    /// The recognizers `recognizer` is waiting for (still possible).
    private func blockers(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
        var result: [GestureRecognizer] = []
        forEachRequirement(of: recognizer) { other in
            if other.resolvedState == .possible { result.append(other) }
            return false
        }
        return result
    }

    /// Calls `body` with each recognizer taking part in these touches that `recognizer` must
    /// wait for (SPEC A4 a), until `body` returns true.
    private func forEachRequirement(of recognizer: GestureRecognizer, _ body: (GestureRecognizer) -> Bool) {
        func taking(part other: GestureRecognizer) -> Bool {
            other !== recognizer && other.isInStage && other.isEnabled && other.view != nil
        }
        for reference in recognizer.requiredToFail {
            if let other = reference.object, taking(part: other), body(other) { return }
        }
        for other in active where taking(part: other) && requiresDynamically(recognizer, toWaitFor: other) {
            if body(other) { return }
        }
    }

    private func requiresDynamically(_ recognizer: GestureRecognizer, toWaitFor other: GestureRecognizer) -> Bool {
        recognizer.shouldRequireFailure(of: other)
            || other.shouldBeRequiredToFail(by: recognizer)
            || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    // MARK: b. Should begin

    /// The recognizer's view, each distinct hit-test view of its touches, then its delegate.
    private func shouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        var asked: [View] = []
        if let view = recognizer.view {
            guard view.gestureRecognizerShouldBegin(recognizer) else { return false }
            asked.append(view)
        }
        for touch in recognizer.sequenceTouches {
            guard let view = touch.view, !asked.contains(where: { $0 === view }) else { continue }
            guard view.gestureRecognizerShouldBegin(recognizer) else { return false }
            asked.append(view)
        }
        return recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true
    }

    // MARK: c. Exclusion

    /// `winner` begins or recognizes: the others sharing a touch with it fail or are cancelled,
    /// unless they may recognize together or prevention is declined.
    private func exclude(by winner: GestureRecognizer) {
        for other in active where other !== winner && other.isInStage {
            let state = other.resolvedState
            guard state == .possible || state.isActive, shareATouch(winner, other),
                  !mayRecognizeSimultaneously(winner, other),
                  winner.canPrevent(other), other.canBePrevented(by: winner)
            else { continue }
            other.requests = []
            pending.removeAll { $0 === other }
            change(other, to: state == .possible ? .failed : .cancelled)
        }
    }

    private func shareATouch(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.sequenceTouches.contains { touch in b.sequenceTouches.contains { $0 === touch } }
    }

    private func mayRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    // MARK: f, g. Taking touches from views

    /// With `cancelsTouchesInView`, every touch of the recognizer is cancelled in its view
    /// (step 4). Without it, touches whose began a `delaysTouchesBegan` recognizer withheld are
    /// still dropped (SPEC A4 g): their views never hear of them.
    private func takeTouchesFromViews(of recognizer: GestureRecognizer) {
        if recognizer.cancelsTouchesInView {
            touchesToCancel += recognizer.sequenceTouches
        } else if recognizer.delaysTouchesBegan {
            touchesToCancel += recognizer.sequenceTouches.filter { $0.delivery == .awaitingBegan }
        }
    }

    func takeTouchesCancelledInViews() -> [Touch] {
        guard !touchesToCancel.isEmpty else { return [] }
        defer { touchesToCancel = [] }
        // A touch shared by several recognizers that began is cancelled once.
        var seen = Set<Touch>()
        return touchesToCancel.filter { seen.insert($0).inserted }
    }

    // MARK: g, h. Withholding (step 5)

    func withholdsBegan(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.contains { $0.delaysTouchesBegan && $0.withholds(touch) }
    }

    func withholdsEnd(_ touch: Touch) -> Bool {
        touch.gestureRecognizers.contains { $0.delaysTouchesEnded && $0.withholds(touch) }
    }
}

extension GestureRecognizer {
    /// Whether the recognizer is possible and `touch` is one of its sequence.
    func withholds(_ touch: Touch) -> Bool {
        resolvedState == .possible && isInStage && isEnabled && sequenceTouches.contains { $0 === touch }
    }

    /// Whether a new touch may join the recognizer's sequence.
    var acceptsNewTouches: Bool {
        let next = requestedState
        return next == .possible || next.isActive
    }

    /// Whether the recognizer still receives touches of its sequence (SPEC A3 step 2).
    var isReceiving: Bool { isEnabled && view != nil && acceptsNewTouches }

    /// The recognizer's index among its view's (a later one has a higher priority).
    var indexInView: Int { view?.attachedRecognizers.firstIndex { $0 === self } ?? 0 }
}

// The host's side of the application: input frames, the clock and timers (Behaviour A3).

extension Application {
    /// The application's time in seconds: that of the last frame or `advance(to:)` (0 at first).
    public var time: Double { clock.now }

    /// The touches down, oldest first.
    public var activeTouches: [Touch] { dispatcher.registry.all }

    /// Delivers one input frame. First the timers due by the frame's time fire, in order; then the
    /// frame's touches are applied and delivered.
    ///
    /// Bad input never crashes and never corrupts state: each bad touch (a began for a finger
    /// already down, a change for a finger not down, a finger named twice, a missing or non-finite
    /// location) is rejected alone and the rest of the frame is delivered; a frame whose time is
    /// not finite or goes backwards is rejected whole. The error, thrown after the delivery, lists
    /// every rejected touch and key, and carries what the rest of the frame did (``InputError/outcome``).
    ///
    /// Returns what the host needs to know of the frame: the key downs no responder, key command
    /// or focus took (Behaviour A10), for the host to use itself.
    @discardableResult
    public func send(_ frame: InputFrame) throws(InputError) -> FrameOutcome {
        try deliver(frame, at: frame.timestamp) {}
        return lastFrameOutcome
    }

    /// Delivers `frame` with `edits`, a group of changes to the scene, made in it: after its
    /// timers and before its input (Behaviour A3's frame order), so that what they change is
    /// seen at the frame's end (a scenario step's `edits`, Behaviour B5).
    @discardableResult
    package func send(_ frame: InputFrame, editing edits: () -> Void) throws(InputError) -> FrameOutcome {
        try deliver(frame, at: frame.timestamp, edits: edits)
        return lastFrameOutcome
    }

    /// Delivers `frame` as ``send(_:)`` does, answering only whether a key down or repeat went
    /// unhandled; ``copyLastFrameOutcome(into:)`` then gives the outcome. The C library's frames use
    /// this, so a frame with no unhandled key hands no arrays across to it, nor releases any there.
    package func sendReportingUnhandledKeys(_ frame: InputFrame) throws(InputError) -> Bool {
        try deliver(frame, at: frame.timestamp) {}
        return !keyboard.unhandled.isEmpty || !keyboard.unhandledRepeats.isEmpty
    }

    /// Copies what the last frame delivered did (``send(_:)``'s answer for it) into `outcome`'s
    /// own arrays, keeping their room: a host that holds the outcome past the next frame then
    /// shares no array with the keyboard, which that frame empties in place (a shared one it
    /// would copy, allocating).
    package func copyLastFrameOutcome(into outcome: inout FrameOutcome) {
        outcome.unhandledKeys.removeAll(keepingCapacity: true)
        outcome.unhandledKeys.append(contentsOf: keyboard.unhandled)
        outcome.unhandledRepeats.removeAll(keepingCapacity: true)
        outcome.unhandledRepeats.append(contentsOf: keyboard.unhandledRepeats)
    }

    /// What the frame just delivered did (``send(_:)``'s answer). A list with nothing in it is a
    /// new empty one rather than the keyboard's: the outcome then shares no buffer with it, and
    /// the usual frame's answer counts no reference.
    private var lastFrameOutcome: FrameOutcome {
        FrameOutcome(unhandledKeys: keyboard.unhandled.isEmpty ? [] : keyboard.unhandled,
                     unhandledRepeats: keyboard.unhandledRepeats.isEmpty ? [] : keyboard.unhandledRepeats)
    }

    /// Delivers `frame`'s input at `timestamp` (its own, but for ``advance(to:)``'s shared frame).
    private func deliver(_ frame: InputFrame, at timestamp: Double, edits: () -> Void) throws(InputError) {
        // Inside any delivery (a frame, a timer, or a call such as a removal that runs touch
        // methods) a frame would run its steps in the middle of that one's.
        // So would one sent from a hit-test override the host's own ``hitTest(screenPoint:with:)``
        // runs: its touch methods could edit the store mid-query.
        if let reason = deferredWork.isDeferring || store.isRunningHitTestOverride
            ? .sentDuringDelivery : clock.problem(with: timestamp) {
            // Rejected whole, the frame did nothing: the last frame's outcome is now empty.
            keyboard.startFrame()
            let ids: [Int?] = frame.touches.isEmpty ? [nil] : frame.touches.map(\.id)
            throw InputError(rejections: ids.map { .init(touchID: $0, reason: reason) })
        }
        // Views changed during the frame are followed by its hover pass (Behaviour A8).
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        let requestedBetweenFrames = dispatcher.arena.hasNewRequests, resolutionsBefore = dispatcher.arena.resolutions
        fireTimers(upTo: timestamp)
        clock.move(to: timestamp)
        stepScrollMotion()                                                           // Behaviour A6.1
        edits()
        var accepted: [TouchInput] = [], rejected: [InputError.Rejection] = []
        if !frame.touches.isEmpty {  // a frame of keys alone, or of the pointer, has no touch to check
            let registry = dispatcher.registry
            let validator = InputValidator(lastReport: { registry.report(ofTouch: $0) }, pointerOnScreen: pointerState.id,
                                           frameTime: timestamp)
            (accepted, rejected) = validator.validate(frame.touches)
        }
        let pointerChanges = acceptPointerInput(of: frame, accepted: &accepted, rejected: &rejected)  // Behaviour A8
        if !accepted.isEmpty || !frame.touches.isEmpty {
            dispatcher.runFrame(accepted, at: timestamp)
        }
        interactionState.beginDueSessions()                                          // Behaviour A11
        deliverHoverAndScroll(pointerChanges, at: timestamp)                         // Behaviour A8
        keyboard.startFrame()
        deliverKeys(of: frame, rejected: &rejected)                                   // Behaviour A10
        deliverTouchpadGesture(of: frame, rejected: &rejected)                       // Behaviour A9
        if requestedBetweenFrames && dispatcher.arena.resolutions == resolutionsBefore {
            // A state set from code between frames (on a recognizer with no touches, say) that
            // no delivery of this frame resolved is resolved now, as a timer's frame would, not
            // left to the next touch, which it would then take.
            dispatcher.runFrame(nil, at: timestamp)
        }
        // Every frame ends so, an empty one or an advance too: what code changed between frames
        // (a zoom or an offset set from C) is then told at the host's next call, not whenever
        // input next comes. It is told once what the frame made due is done (DeferredWork).
        deferredWork.frameEndIsDue = true
        if !rejected.isEmpty {
            var error = InputError(rejections: rejected)
            error.outcome = lastFrameOutcome
            throw error
        }
    }

    /// Moves the clock to `time`, firing the timers due by then in time order, each as a frame at
    /// its due time. A time that is not finite or goes backwards is rejected, and so is a call
    /// from inside a frame's delivery (``InputError/Reason/sentDuringDelivery``).
    public func advance(to time: Double) throws(InputError) {
        try deliver(Self.noInput, at: time) {}
    }

    /// The input ``advance(to:)`` delivers: none. One shared frame, read in place, rather than
    /// one built and destroyed at each call (160 bytes with three arrays in it): about 50 of a
    /// decelerating scroll view's 2,160 instructions a tick.
    private static let noInput = InputFrame(timestamp: 0)

    /// Schedules `action` to run as a frame at `time` (a time already past runs at the next frame
    /// or advance; set from a timer's frame, in the same call, right after, as long as such
    /// timers do not chain more than four times). Timers at the same time run in the order they
    /// were scheduled, after the recognizers' and interactions' timers due then (Behaviour A3).
    /// A timer at NaN or +∞ never fires, and holds back no other.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> TimerHandle {
        timers.schedule(at: time, action)
    }

    /// Cancels a pending timer; returns whether it was still pending. A handle another
    /// application gave names none of this one's timers: `false`, nothing cancelled.
    @discardableResult
    public func cancelTimer(_ handle: TimerHandle) -> Bool {
        timers.cancel(handle)
    }

    /// The number of timers waiting.
    public var pendingTimerCount: Int { timers.count }

    /// Fires the timers due by `time`, each as a frame at its due time, without the frame at
    /// `time` itself that ``advance(to:)`` adds: a scenario step's timers, before its one input
    /// frame at that time (Behaviour B5). A time ``send(_:)`` would refuse fires nothing.
    package func fireTimers(dueBy time: Double) {
        guard !deferredWork.isDeferring, clock.problem(with: time) == nil else { return }
        beginDeferringUpdates()
        defer { endDeferringUpdates() }
        fireTimers(upTo: time)
    }

    private func fireTimers(upTo time: Double) {
        while let (due, handle, action, chain) = timers.popDueTimer(atOrBefore: time) {
            // A timer due a hair after `time` (``Clock/hasReached(_:_:)``) fires at `time`.
            clock.move(to: Swift.max(Swift.min(due, time), clock.now))
            stepScrollMotion()                                                       // Behaviour A6.1
            timers.firing(at: clock.now, chain: chain) {
                action.run(handle)
                runFrameWithoutInput()
            }
        }
        timers.releaseLongChains()                                                   // Behaviour A3
    }

    /// A frame with no input at the current time (a timer's, or one resolving recognizers that
    /// a stopped one released): the recognizers' transitions, the touches they withheld, hover.
    func runFrameWithoutInput() {
        dispatcher.runFrame(nil, at: clock.now)
        interactionState.beginDueSessions()                                          // Behaviour A11
        deliverHoverAndScroll(nil, at: clock.now)                                    // Behaviour A8
        notifyFrameEnd()
    }
}

// When the application next needs the host to move time on (a C toolkit's `hk_app_next_deadline`).

extension Application {
    /// How often (seconds) a host should advance the clock while a scroll view moves: the next
    /// deadline is this long after the last frame that evaluated motion (default 1/60 s; set
    /// your display's rate). Motion itself does not depend on it (Behaviour A6.1).
    public var animationFrameInterval: Double { scrollMotion.frameInterval }

    /// Sets ``animationFrameInterval``; a value that is not finite and above 0 is refused and
    /// nothing changes.
    public func setAnimationFrameInterval(_ seconds: Double) throws(ScrollMotionSettingError) {
        guard seconds.isFinite, seconds > 0 else { throw .animationFrameIntervalNotPositive(seconds) }
        scrollMotion.frameInterval = seconds
    }

    /// When the host should next advance the clock: the earlier of the next timer
    /// (``nextTimerDueTime``) and, while a scroll view moves, the next animation tick; `nil` when
    /// neither is pending (sleep until the next input).
    public var nextDeadline: Double? {
        switch (nextTimerDueTime, scrollMotion.nextTick) {
        case let (timer?, tick?): Swift.min(timer, tick)
        case let (timer, tick): timer ?? tick
        }
    }

    /// Whether any scroll view is in motion.
    public var hasScrollMotion: Bool { scrollMotion.hasMotion }

    /// When the earliest pending timer is due, in the application's time, or `nil` when none is
    /// pending: a host may sleep until then (or the next input) instead of waking every frame.
    public var nextTimerDueTime: Double? { timers.nextDue }
}

// Observers of the end of each frame, input or timer (a scene's `logOffset`, Behaviour B6).

extension Application {
    /// Calls `body` at the end of every frame — each input frame (one with no input too), each
    /// ``advance(to:)`` and each timer's frame — after its touches, hovers, scrolls and keys were
    /// delivered and what they made due was done (an input frame's or an advance's observers see
    /// the hover pass that follows the views its keys moved, for one). Observers are called in the
    /// order they were added; a frame one sends is refused (``InputError/Reason/sentDuringDelivery``).
    @discardableResult
    public func observeFrameEnds(_ body: @escaping (Application) -> Void) -> ObservationToken {
        // The token reaches the application through its views' context, not a weak reference
        // (which would put every retain and release of the application on the slow path; see
        // ViewContext): the context reads `nil` once the application is freed.
        frameEndObservers.add(body) { [context = viewContext] in context.application?.frameEndObservers.remove($0) }
    }

    func notifyFrameEnd() {
        // A scroll view the store moved tells its delegate first: what observes the frame's end
        // (a C offset callback, a scene's log) follows `scrollViewDidScroll`, as after a setter.
        if deferredWork.storeMovedScrollViews { tellDelegatesOfStoreScrolls() }           // Behaviour A6
        guard !frameEndObservers.isEmpty else { return }
        let observers = frameEndObservers  // a copy: an observer may cancel itself
        // A level of its own, even at a delivery's end: a frame an observer sends is refused, and
        // what its changes make due is followed after the observers (DeferredWork).
        deferredWork.nested { observers.callEach { $0(self) } }
    }
}

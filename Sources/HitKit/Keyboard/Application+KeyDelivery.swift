// Behaviour A10's delivery of a frame's key events, in order, after its scroll input and before
// its touchpad gesture: the press to its target and up the chain, then — for a press no responder
// kept — the key commands that want priority, focus movement and the other key commands.

extension Application {
    /// Delivers `frame`'s key events; each bad one is added to `rejected` and the others go on.
    /// The unhandled downs are left in ``KeyboardState/unhandled``.
    func deliverKeys(of frame: InputFrame, rejected: inout [InputError.Rejection]) {
        guard !frame.keys.isEmpty else { return }
        for (index, input) in frame.keys.enumerated() {
            guard KeyboardHIDUsage.validRange.contains(input.code) else {
                reject(input, index: index, .codeOutOfRange, into: &rejected)
                continue
            }
            let slot = keyboard.index(of: input.code)
            switch input.phase {
            case .down:
                if let slot {
                    repeatKey(at: slot, input, index: index)
                } else {
                    keyDown(input, index: index)
                }
            case .up, .cancelled:
                guard let slot else {
                    reject(input, index: index, .notDown, into: &rejected)
                    continue
                }
                keyUp(at: slot, input)
            }
        }
    }

    private func reject(_ input: KeyInput, index: Int, _ kind: InputError.KeyProblem.Kind,
                        into rejected: inout [InputError.Rejection]) {
        let problem = InputError.KeyProblem(index: index, code: input.code, kind: kind)
        rejected.append(.init(touchID: nil, reason: .key(problem)))
        notifyKeyEvent(KeyEventReport(index: index, input: input, fate: .rejected(problem)))
    }

    /// A key down (or a repeat of one) that no stage took: listed for the host, and told.
    private func reportUnhandled(_ input: KeyInput, index: Int, isRepeat: Bool) {
        if isRepeat {
            keyboard.unhandledRepeats.append(index)
        } else {
            keyboard.unhandled.append(index)
        }
        notifyKeyEvent(KeyEventReport(index: index, input: input, fate: isRepeat ? .unhandledRepeat : .unhandled))
    }

    /// Where a press goes (Behaviour A10 *Target*): the key window's focused item when its focus
    /// system is on, else its first responder, else its root view controller while the
    /// controller's view is in the window, else the window.
    public var pressTarget: Responder? {
        guard let window = keyWindow else { return nil }
        if let focused = window.focusedItem { return focused }
        if let first = window.firstResponder { return first }
        // A controller leaves its window with its view (A10 *Cancellation*): one whose view was
        // removed or moved into another window would start a press outside the key window.
        if let root = window.rootViewController, root.hasFirstResponderWindow(window) { return root }
        return window
    }

    // MARK: Down

    private func keyDown(_ input: KeyInput, index: Int) {
        let key = input.key
        _ = keyboard.keyWentDown(input.code)
        prepareEvent(for: input)
        validateFocus()  // an override of canBecomeFocused may have changed without a word
        let target = pressTarget
        let interceptors = keyboard.interceptors  // a copy: an interceptor may add or remove one
        if let interceptor = interceptors.first(where: { $0.takesKeyDown(key, target: target, in: self) }) {
            keyboard.setOutcome(.taken, of: input.code)
            tracer?.keyTaken(key, by: interceptor)
            return
        }
        guard let target else {
            keyboard.setOutcome(.unhandled, of: input.code)
            tracer?.keyUnhandled(key, reason: "there is no key window, so no responder gets it")
            reportUnhandled(input, index: index, isRepeat: false)
            return
        }
        tracer?.keyTarget(key, target, in: keyWindow)
        let (press, set) = keyboard.beginPress(of: input.code, key: key, keyIndex: index, target: target, at: time)
        target.receivePresses(.pressesBegan, set, with: keyboard.event)
        // A responder may have cancelled the press meanwhile (by removing a view of its route).
        guard case .pending? = keyboard.outcome(of: input.code), press.sequence == keyboard.pressSequence(of: input.code) else { return }
        tracer?.pressRoute(press)
        guard press.passedEndOfChain else {
            keyboard.setOutcome(.consumed, of: input.code)
            return
        }
        // With no code outside HitKit run since the began set out, its route is the chain the
        // stages would walk again.
        let outcome = afterTheChain(key, from: target, chain: press.beganRanOnlyDefaults && tracer == nil ? press.route : nil)
        // Code a stage ran (a command's action, a newly focused first responder) may have
        // cancelled the press: the key's repeats then do nothing.
        if case .pending? = keyboard.outcome(of: input.code) { keyboard.setOutcome(outcome, of: input.code) }
        if case .unhandled = outcome { reportUnhandled(input, index: index, isRepeat: false) }
    }

    /// The three stages for a key down whose press passed the whole chain (Behaviour A10 *After
    /// the chain*): priority key commands, focus movement, the other key commands.
    ///
    /// `chain`, when given, is the responder chain from `target`, every responder of it one
    /// that keeps the key defaults (``Responder/handlesPressesByDefault``): the stages read it
    /// rather than walk `next` again, for as long as no code outside HitKit has run.
    private func afterTheChain(_ key: Key, from target: Responder, chain: PressRoute?) -> KeyboardState.Outcome {
        if let chain {
            collectMatchingKeyCommands(for: key, along: chain)
        } else {
            collectMatchingKeyCommands(for: key, from: target)
        }
        // The lists hold their responders strongly, the application among them: emptied before
        // returning, or the application would keep itself alive.
        defer {
            keyboard.matches.removeAllKeepingCapacity()
            keyboard.performers.removeAllKeepingCapacity()
        }
        // Until a command is performed, the priority stage runs only HitKit's code.
        if let command = performFirstKeyCommand(key, from: target, along: chain, priority: true) { return .command(command) }
        var chain = chain
        if let window = keyWindow, window.isFocusSystemEnabled {
            // A responder the press reached may have made the focused item unfocusable: it lost
            // focus at once (Behaviour A10), so stage 2 must not act on it (activate it, say).
            validateFocus()
            if let outcome = focusStage(key, in: window) { return outcome }
            chain = nil  // focus observers and first responders may have run
        }
        if let command = performFirstKeyCommand(key, from: target, along: chain, priority: false) { return .command(command) }
        tracer?.keyUnhandled(key, reason: unhandledReason(key))
        return .unhandled
    }

    /// Lists the key commands matching `key`, from `target` up the chain (each responder's in
    /// its order), in ``KeyboardState/matches``.
    private func collectMatchingKeyCommands(for key: Key, from target: Responder) {
        keyboard.matches.removeAllKeepingCapacity()
        let probe = KeyCommand.Probe(key)
        var responder: Responder? = target
        while let current = responder {
            for command in current.keyCommands where command.matches(probe) {
                keyboard.matches.append((current, command))
            }
            responder = current.next
        }
    }

    /// Lists the key commands matching `key` declared along `chain`, a chain of responders that
    /// keep the key defaults: each one's ``Responder/keyCommands`` are the ones added to it. The
    /// responders that declare performable actions are listed too, in order, for
    /// ``performer(of:)``.
    private func collectMatchingKeyCommands(for key: Key, along chain: PressRoute) {
        keyboard.matches.removeAllKeepingCapacity()
        keyboard.performers.removeAllKeepingCapacity()
        let probe = KeyCommand.Probe(key)
        // No code outside HitKit ran since the route was taken: a responder without side
        // storage then has none now.
        for index in 0..<chain.count where chain.hadSideStorage(at: index) {
            guard let responder = chain.responder(at: index), let side = responder.sideStorage else { continue }
            if !side.performableActions.isEmpty { keyboard.performers.append(responder) }
            guard let commands = side.keyboard?.keyCommands else { continue }
            for command in commands where command.matches(probe) {
                keyboard.matches.append((responder, command))
            }
        }
    }

    /// The responder that performs `action` sent from the start of the chain the matches were
    /// collected along: what ``Responder/target(forAction:withSender:)`` answers there, as each
    /// responder's ``Responder/canPerformAction(_:withSender:)`` looks at its
    /// ``Responder/performableActions`` alone.
    private func performer(of action: Action) -> Responder? {
        keyboard.performers.first { $0.sideStorage?.performableActions.contains(action) ?? false }
    }

    /// Performs the first collected command of the stage that is enabled and has a target, and
    /// returns it; the others are passed over (the trace says why). With `chain` (see
    /// ``afterTheChain(_:from:chain:)``) the performer is found along it.
    private func performFirstKeyCommand(_ key: Key, from target: Responder, along chain: PressRoute?,
                                        priority: Bool) -> KeyCommand? {
        var performed: (KeyCommand, Responder)?
        for (declaredBy, command) in keyboard.matches where command.wantsPriorityOverSystemBehavior == priority {
            if let (winner, winnerDeclaredBy) = performed {
                tracer?.keyCommandSkipped(command, key: key, declaredBy: declaredBy, "\(winner) → \(winner.action) of \(tracer?.responderName(winnerDeclaredBy) ?? "") acted first")
                continue
            }
            guard command.isEnabled else {
                tracer?.keyCommandSkipped(command, key: key, declaredBy: declaredBy, "it is disabled")
                continue
            }
            let found = if chain != nil { performer(of: command.action) } else {
                target.target(forAction: command.action, withSender: command)
            }
            guard let receiver = found else {
                tracer?.keyCommandSkipped(command, key: key, declaredBy: declaredBy, "no responder from \(tracer?.responderName(target) ?? "") up performs \"\(command.action)\"")
                continue
            }
            performed = (command, declaredBy)
            tracer?.keyCommandPerformed(command, key: key, declaredBy: declaredBy, receiver: receiver)
            perform(command, by: receiver, from: target, isRepeat: false)
        }
        return performed?.0
    }

    /// Sends a key command's action to the responder found for it, with the command as sender,
    /// and tells the observers.
    private func perform(_ command: KeyCommand, by receiver: Responder, from target: Responder, isRepeat: Bool) {
        sendAction(command.action, to: receiver, from: command, for: nil)
        notifyKeyCommand(KeyCommandReport(command: command, receiver: receiver, target: target, isRepeat: isRepeat))
    }

    /// Why no stage took `key`, for the trace.
    private func unhandledReason(_ key: Key) -> String {
        if keyboard.matches.isEmpty { return "no key command matches \(KeyCommand.describe(key)) and focus did not take it" }
        return "every key command matching \(KeyCommand.describe(key)) is disabled or has no target, and focus did not take it"
    }

    // MARK: Repeats

    /// A `down` for a key already down (Behaviour A10 *Repeats*).
    private func repeatKey(at slot: Int, _ input: KeyInput, index: Int) {
        let entry = keyboard.down[slot]
        prepareEvent(for: input)
        switch entry.outcome {
        case .command(let command):
            guard command.isRepeatable, command.isEnabled, let target = entry.press?.responder,
                  let receiver = target.target(forAction: command.action, withSender: command) else { return }
            tracer?.keyRepeat(input.key, "performs \(command) → \(command.action) again")
            perform(command, by: receiver, from: target, isRepeat: true)
        case .focus(let heading):
            guard let window = keyWindow, window.isFocusSystemEnabled else { return }
            validateFocus()
            _ = moveFocus(heading, in: window, by: input.key)
        case .unhandled:
            reportUnhandled(input, index: index, isRepeat: true)
        case .pending, .consumed, .activated, .taken, .cancelled:
            break
        }
    }

    // MARK: Up

    /// An `up` or `cancelled` for a key that is down: its press's end along the route its began
    /// took, or nothing when the down made no press or HitKit cancelled it.
    private func keyUp(at slot: Int, _ input: KeyInput) {
        prepareEvent(for: input)
        guard let (press, set) = keyboard.takePress(at: slot) else {
            keyboard.keyWentUp(at: slot)
            return
        }
        keyboard.keyWentUp(at: slot)
        let method: PressMethod = input.phase == .up ? .pressesEnded : .pressesCancelled
        press.phase = input.phase == .up ? .ended : .cancelled
        press.timestamp = time
        deliverEnd(method, of: set, along: press)
        keyboard.recycle(press, set)
    }

    /// Calls `method` on each responder of `press`'s route as it is now, in order (responders
    /// freed meanwhile are passed over).
    private func deliverEnd(_ method: PressMethod, of presses: Set<Press>, along press: Press) {
        let event = keyboard.event
        for index in 0..<press.route.count {
            // Responder's own pressesEnded and pressesCancelled do nothing.
            guard !press.route.keepsPressDefaults(at: index), let responder = press.route.responder(at: index) else { continue }
            responder.receivePresses(method, presses, with: event)
        }
    }

    private func prepareEvent(for input: KeyInput) {
        keyboard.event.timestamp = time
        keyboard.event.modifierFlags = input.modifierFlags
    }

    // MARK: Cancellation by HitKit

    /// Cancels, at once, every press under way for which `predicate` holds (Behaviour A10
    /// *Cancellation by HitKit*): each responder of their routes gets one `pressesCancelled` with
    /// those of them whose routes include it, in the order pressed — called along the earliest
    /// press's route, then each later press's responders not called yet. Their keys stay down
    /// and their ups are ignored.
    func cancelPresses(because reason: String, where predicate: (Press) -> Bool) {
        let indices = keyboard.indicesOfPresses(where: predicate)
        guard !indices.isEmpty else { return }
        // Taken out first: a responder's pressesCancelled may remove views, which must not
        // cancel these again.
        var cancelled: [(press: Press, set: Set<Press>)] = []
        for index in indices {
            guard let taken = keyboard.takePress(at: index) else { continue }
            keyboard.setOutcome(.cancelled, of: keyboard.down[index].code)
            taken.0.phase = .cancelled
            taken.0.timestamp = time
            cancelled.append(taken)
            tracer?.pressCancelled(taken.0, reason)
        }
        keyboard.event.timestamp = time
        if cancelled.count == 1, let only = cancelled.first {
            deliverEnd(.pressesCancelled, of: only.set, along: only.press)
        } else {
            deliverBatchCancel(cancelled.map(\.press))
        }
        for entry in cancelled { keyboard.recycle(entry.press, entry.set) }
    }

    private func deliverBatchCancel(_ presses: [Press]) {
        var order = keyboard.cancelOrder
        keyboard.cancelOrder = []
        defer {
            order.removeAll(keepingCapacity: true)
            keyboard.cancelOrder = order
        }
        for press in presses {
            let route = press.route
            for index in 0..<route.count {
                guard let responder = route.responder(at: index), !order.contains(where: { $0 === responder }) else { continue }
                order.append(responder)
            }
        }
        for responder in order {
            let shared = Set(presses.filter { $0.routeContains(responder) })
            responder.receivePresses(.pressesCancelled, shared, with: keyboard.event)
        }
    }
}

extension Application {
    /// The sequence the next press will have: the presses a frame begins have this one or later.
    package var nextPressSequence: Int { keyboard.nextSequence }
}

extension KeyboardState {
    /// The sequence of the press of the key `code` under way, or 0 when it has none.
    func pressSequence(of code: Int) -> Int {
        index(of: code).flatMap { down[$0].press?.sequence } ?? 0
    }
}

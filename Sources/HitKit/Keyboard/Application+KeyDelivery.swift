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
    /// system is on, else its first responder, else its root view controller, else the window.
    public var pressTarget: Responder? {
        guard let window = keyWindow else { return nil }
        if let focused = window.focusedItem { return focused }
        return window.firstResponder ?? window.rootViewController ?? window
    }

    // MARK: Down

    private func keyDown(_ input: KeyInput, index: Int) {
        let key = input.key
        _ = keyboard.keyWentDown(input.code)
        prepareEvent(for: input)
        validateFocus()  // an override of canBecomeFocused may have changed without a word
        let target = pressTarget
        if let interceptor = keyboard.interceptors.first(where: { $0.takesKeyDown(key, target: target, in: self) }) {
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
        let (press, set) = keyboard.beginPress(of: input.code, key: key, target: target, at: time)
        target.receivePresses(.pressesBegan, set, with: keyboard.event)
        // A responder may have cancelled the press meanwhile (by removing a view of its route).
        guard case .pending? = keyboard.outcome(of: input.code), press.sequence == keyboard.pressSequence(of: input.code) else { return }
        tracer?.pressRoute(press)
        guard press.passedEndOfChain else {
            keyboard.setOutcome(.consumed, of: input.code)
            return
        }
        let outcome = afterTheChain(key, from: target)
        keyboard.setOutcome(outcome, of: input.code)
        if case .unhandled = outcome { reportUnhandled(input, index: index, isRepeat: false) }
    }

    /// The three stages for a key down whose press passed the whole chain (Behaviour A10 *After
    /// the chain*): priority key commands, focus movement, the other key commands.
    private func afterTheChain(_ key: Key, from target: Responder) -> KeyboardState.Outcome {
        collectMatchingKeyCommands(for: key, from: target)
        // The list holds its declarers strongly, the application among them: emptied before
        // returning, or the application would keep itself alive.
        defer { keyboard.matches.removeAll(keepingCapacity: true) }
        if let command = performFirstKeyCommand(key, from: target, priority: true) { return .command(command) }
        if let window = keyWindow, window.isFocusSystemEnabled, let outcome = focusStage(key, in: window) {
            return outcome
        }
        if let command = performFirstKeyCommand(key, from: target, priority: false) { return .command(command) }
        tracer?.keyUnhandled(key, reason: unhandledReason(key))
        return .unhandled
    }

    /// Lists the key commands matching `key`, from `target` up the chain (each responder's in
    /// its order), in ``KeyboardState/matches``.
    private func collectMatchingKeyCommands(for key: Key, from target: Responder) {
        keyboard.matches.removeAll(keepingCapacity: true)
        var responder: Responder? = target
        while let current = responder {
            for command in current.keyCommands where command.matches(key) {
                keyboard.matches.append((current, command))
            }
            responder = current.next
        }
    }

    /// Performs the first collected command of the stage that is enabled and has a target, and
    /// returns it; the others are passed over (the trace says why).
    private func performFirstKeyCommand(_ key: Key, from target: Responder, priority: Bool) -> KeyCommand? {
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
            guard let receiver = target.target(forAction: command.action, withSender: command) else {
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
        deliverEnd(method, of: set, along: press.route)
        keyboard.recycle(press, set)
    }

    /// Calls `method` on each responder of `route`, in order (responders freed meanwhile are
    /// passed over).
    private func deliverEnd(_ method: PressMethod, of presses: Set<Press>, along route: [ResponderLink]) {
        for link in route {
            link.object?.receivePresses(method, presses, with: keyboard.event)
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
            deliverEnd(.pressesCancelled, of: only.set, along: only.press.route)
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
            for link in press.route {
                guard let responder = link.object, !order.contains(where: { $0 === responder }) else { continue }
                order.append(responder)
            }
        }
        for responder in order {
            let shared = Set(presses.filter { $0.routeContains(responder) })
            responder.receivePresses(.pressesCancelled, shared, with: keyboard.event)
        }
    }
}

extension KeyboardState {
    /// The sequence of the press of the key `code` under way, or 0 when it has none.
    func pressSequence(of code: Int) -> Int {
        index(of: code).flatMap { down[$0].press?.sequence } ?? 0
    }
}

// The dispatch stream's keyboard (Behaviour A10): key events mixed with everything else — downs,
// the host's repeats, ups and cancellations, mostly fitting the keys down, now and then bad —
// and the keyboard's edits: key commands declared, enabled, disabled and removed; the focus
// system turned on and off, views made focusable or not and grouped; controls to activate;
// first responders made, refusing to resign, and moved or removed; root view controllers; the
// key window changed; the pre-chain hook (A11's) taking Escape.
//
// Checked: every responder that gets pressesBegan for a press gets exactly one end for it
// (DispatchLedger), whatever leaves its window or becomes key meanwhile; a key event is rejected
// exactly when the host's own count of keys down says so, and names no touch; only downs are
// unhandled, and a repeat or a key taken before the chain makes no press; after every step each
// window's focused item is focusable there and its first responder is in it.
import HitKit

/// Takes every Escape down before the chain (the hook A11's menus use).
final class EscapeInterceptor: KeyInterceptor {
    func takesKeyDown(_ key: Key, target: Responder?, in application: Application) -> Bool {
        key.keyCode.rawValue == 41
    }
}

extension DispatchStream {
    /// The keys a stream presses, with what they type: letters a key command may match, Tab,
    /// Return, Space and the arrows that focus takes, Escape (the interceptor's), two modifier
    /// keys and Caps Lock.
    static let keyTable: [(code: Int, typed: String)] = [
        (4, "a"), (21, "r"), (22, "s"), (46, "="), (43, "\t"), (40, "\r"), (44, " "),
        (79, "UIKeyInputRightArrow"), (80, "UIKeyInputLeftArrow"), (81, "UIKeyInputDownArrow"),
        (82, "UIKeyInputUpArrow"), (41, "UIKeyInputEscape"), (225, ""), (224, ""), (57, ""),
    ]
    /// The inputs key commands are declared with (an upper-case letter implies shift).
    static let commandInputs = ["a", "A", "r", "s", "=", "\t", "\r", " ", "UIKeyInputUpArrow", "UIKeyInputEscape"]

    func keyStep() {
        switch input.below(8) {
        case 0, 1, 2, 3: keyFrame()
        case 4: editKeyCommands()
        case 5: editFocus()
        case 6: editFirstResponder()
        default: editKeyWindowOrInterceptor()
        }
    }

    private func modifiers(_ bits: Int) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        if bits & 1 != 0 { flags.insert(.shift) }
        if bits & 2 != 0 { flags.insert(.control) }
        if bits & 4 != 0 { flags.insert(.alternate) }
        if bits & 8 != 0 { flags.insert(.command) }
        if bits & 16 != 0 { flags.insert(.alphaShift) }
        return flags
    }

    // MARK: Key frames

    /// One frame of one to three key events.
    private func keyFrame() {
        var keys: [KeyInput] = []
        for _ in 0...input.below(3) {
            let entry = Self.keyTable[input.below(Self.keyTable.count)]
            let code: Int = switch input.below(64) {
            case 0: -1
            case 1: 65_536
            case 2: 65_535          // in range, in no table
            default: entry.code
            }
            let isDown = keysDown.contains(code)
            let choice = input.byte()
            let phase: KeyInput.Phase = switch choice {
            case ..<24: [.down, .up, .cancelled][choice % 3]                    // any, maybe bad
            case _ where !isDown: .down
            case ..<140: .down                                                  // a repeat
            case ..<230: .up
            default: .cancelled
            }
            let bits = input.byte()
            let flags = bits < 128 ? [] : modifiers(bits)              // half the keys with none
            let typed = flags.contains(.shift) && entry.typed.count == 1 ? entry.typed.uppercased() : entry.typed
            keys.append(KeyInput(code: code, phase: phase, characters: typed, charactersIgnoringModifiers: entry.typed,
                                 modifierFlags: flags))
        }
        let frame = InputFrame(timestamp: nextTime(), keys: keys)
        // Whether Escape is the interactions' depends on what is under way once the frame's
        // timers have run: read after them.
        if keys.contains(where: { $0.code == 41 }) { passTime(to: frame.timestamp) }
        log?("keys at \(frame.timestamp): \(keys.map { "\($0.code) \($0.phase) \($0.modifierFlags.rawValue >> 16)" })")
        let clock = time, before = keysDown, beganBefore = ledger.pressBeganCount
        // Escape is also the interactions' while a menu is open or drags are under way (A11).
        let hadKeyWindow = app.keyWindow != nil
        let intercepting = interceptor != nil || app.openContextMenu != nil || !app.dragSessions.isEmpty
        var outcome = FrameOutcome()
        var rejected: [InputError.Rejection] = []
        do {
            outcome = try app.send(frame)
        } catch {
            log?("  rejected: \(error.rejections)")
            rejected = error.rejections
            outcome = error.outcome
            if rejected.isEmpty { ledger.fail("an InputError without rejections") }
        }
        checkKeyFrame(frame, keysBefore: before, clock: clock, rejected: rejected, outcome: outcome)
        // One key that went down anew, with a key window and not Escape taken before the chain,
        // makes a press whose began reaches at least its target; a repeat or an up makes none.
        if keys.count == 1, rejected.isEmpty {
            let key = keys[0]
            let isNew = key.phase == .down && !before.contains(key.code)
            let makesPress = isNew && hadKeyWindow && !(intercepting && key.code == 41)
            let began = ledger.pressBeganCount - beganBefore
            if makesPress && began == 0 { ledger.fail("key \(key.code)'s down reached no responder") }
            if !makesPress && began != 0 { ledger.fail("key \(key.code) \(key.phase) made \(began) pressesBegan") }
        }
    }

    /// The host's count of keys down decides each event: a code outside 0…65535 is rejected, an
    /// up or cancelled for a key not down is rejected, a down puts the key down (again: a
    /// repeat). Only a down may be unhandled, and only a repeat an unhandled repeat.
    private func checkKeyFrame(_ frame: InputFrame, keysBefore: [Int], clock: Double, rejected: [InputError.Rejection],
                               outcome: FrameOutcome) {
        if !frame.timestamp.isFinite || frame.timestamp < clock {
            if rejected.isEmpty { ledger.fail("a key frame at \(frame.timestamp) after \(clock) was accepted") }
            if keysDown != keysBefore { ledger.fail("a rejected frame's keys changed the keys down") }
            return
        }
        var down = keysBefore
        var expected: [InputError.KeyProblem] = []
        var downs: Set<Int> = [], repeats: Set<Int> = []
        for (index, key) in frame.keys.enumerated() {
            guard (0...65_535).contains(key.code) else {
                expected.append(.init(index: index, code: key.code, kind: .codeOutOfRange))
                continue
            }
            switch key.phase {
            case .down:
                if down.contains(key.code) { repeats.insert(index) } else { downs.insert(index); down.append(key.code) }
            case .up, .cancelled:
                if let at = down.firstIndex(of: key.code) { down.remove(at: at) } else {
                    expected.append(.init(index: index, code: key.code, kind: .notDown))
                }
            }
        }
        let problems: [InputError.KeyProblem] = rejected.compactMap {
            if $0.touchID != nil { ledger.fail("a key rejection names touch \($0.touchID!)") }
            if case .key(let problem) = $0.reason { return problem }
            ledger.fail("a key frame rejected for \($0.reason)")
            return nil
        }
        if problems != expected { ledger.fail("key rejections \(problems), expected \(expected)") }
        for index in outcome.unhandledKeys where !downs.contains(index) {
            ledger.fail("key event \(index) unhandled, but not a new down")
        }
        for index in outcome.unhandledRepeats where !repeats.contains(index) {
            ledger.fail("key event \(index) an unhandled repeat, but not a repeat")
        }
        keysDown = down
    }

    /// Lifts every key down (the stream's end): no up may be rejected.
    func releaseKeys(at time: Double) {
        guard !keysDown.isEmpty else { return }
        let ups = keysDown.map { KeyInput(code: $0, phase: .up) }
        if send(InputFrame(timestamp: time, keys: ups)) != nil { ledger.fail("the ups of keys down were rejected") }
        keysDown = []
    }

    // MARK: Edits

    /// A responder of the world: a view or window, now and then a root view controller or the
    /// application.
    private func randomResponder() -> Responder? {
        switch input.below(16) {
        case 0: return app
        case 1: return controllers.isEmpty ? nil : controllers[input.below(controllers.count)]
        default: return randomView()
        }
    }

    private func editKeyCommands() {
        switch input.below(4) {
        case 0, 1:
            guard let declarer = randomResponder() else { return }
            let options = input.byte()
            let action: Action = options & 1 != 0 ? "fuzzAct" : "nobodyPerformsThis"
            let commandInput = Self.commandInputs[input.below(Self.commandInputs.count)]
            let bits = input.byte()
            let command = KeyCommand(input: commandInput, modifierFlags: bits < 128 ? [] : modifiers(bits & 15), action: action)
            command.wantsPriorityOverSystemBehavior = options & 2 != 0
            command.isRepeatable = options & 4 == 0
            command.isEnabled = options & 8 == 0
            declarer.addKeyCommand(command)
            keyCommands.append((command, declarer))
            // Someone on the chain (maybe) performs it; its action runs the view's side effect.
            if let performer = randomView() { performer.performableActions.insert("fuzzAct") }
            log?("key command \(command) \(action) on \(declarer), options \(options)")
        case 2:
            guard !keyCommands.isEmpty else { return }
            let command = keyCommands[input.below(keyCommands.count)].command
            command.isEnabled.toggle()
            log?("key command \(command) enabled: \(command.isEnabled)")
        default:
            guard !keyCommands.isEmpty else { return }
            let (command, declarer) = keyCommands.remove(at: input.below(keyCommands.count))
            declarer.removeKeyCommand(command)
            log?("key command \(command) removed from \(declarer)")
        }
    }

    /// The focus system and what decides focusability and groups.
    private func editFocus() {
        switch input.below(7) {
        case 0:
            guard !windows.isEmpty else { return }
            let window = windows[input.below(windows.count)]
            window.isFocusSystemEnabled.toggle()
            log?("focus system of \(window): \(window.isFocusSystemEnabled)")
        case 1:
            guard let view = randomView() else { return }
            view.allowsFocus = [true, false, nil][input.below(3)]
            log?("\(view) allowsFocus \(view.allowsFocus.map { "\($0)" } ?? "nil")")
        case 2:
            guard let view = randomView() else { return }
            view.focusGroupIdentifier = ["g0", "g1", nil][input.below(3)]
            log?("\(view) group \(view.focusGroupIdentifier ?? "nil")")
        case 3:
            // A control to focus and activate (a button or a switch; enabled ones are focusable).
            guard let parent = randomView() else { return }
            let frame = input.rect(within: 200)
            let control: Control = input.chance(128) ? Button(frame: frame, in: app) : Switch(frame: frame, in: app)
            parent.addSubview(control)
            views.append(control)
            log?("\(control) in \(parent)")
        case 4:
            guard let control = views[input.below(views.count)] as? Control else { return }
            control.isEnabled.toggle()
            log?("\(control) enabled: \(control.isEnabled)")
        case 5:
            guard let view = randomView() else { return }
            view.alpha = [0, 0.005, 0.5, 1][input.below(4)]
            log?("\(view) alpha \(view.alpha)")
        default:
            guard let view = randomView() else { return }
            view.frame = input.rect(within: 300)
            log?("\(view) frame \(view.frame)")
        }
    }

    private func editFirstResponder() {
        switch input.below(5) {
        case 0, 1:
            guard let view = randomView() else { return }
            view.acceptsFirstResponder = true
            let became = view.becomeFirstResponder()
            log?("\(view) becomeFirstResponder: \(became)")
            if became && view.window == nil { ledger.fail("\(view), in no window, became first responder") }
        case 2:
            guard let responder = randomResponder() else { return }
            log?("\(responder) resignFirstResponder: \(responder.resignFirstResponder())")
        case 3:
            guard let view = randomView() as? LedgerView else { return }
            view.refusesToResign.toggle()
            log?("\(view) refuses to resign: \(view.refusesToResign)")
        default:
            // A root view controller for a window, over a view of the world (moved into it).
            guard !windows.isEmpty, let view = randomView(), !(view is Window),
                  !(view.next is ViewController) else { return }
            let window = windows[input.below(windows.count)]
            guard !window.isDescendant(of: view) else { return }
            let controller = LedgerController(view: view)
            controller.ledger = ledger
            watchingWindows { window.rootViewController = controller }
            controllers.append(controller)
            log?("root view controller of \(window) over \(view)")
        }
    }

    private func editKeyWindowOrInterceptor() {
        if input.chance(40) {
            if let interceptor {
                app.removeKeyInterceptor(interceptor)
                self.interceptor = nil
            } else {
                let made = EscapeInterceptor()
                app.addKeyInterceptor(made)
                interceptor = made
            }
            log?("Escape interceptor: \(interceptor != nil)")
        } else if !windows.isEmpty {
            let window = windows[input.below(windows.count)]
            window.makeKey()
            log?("\(window) made key")
        }
    }

    // MARK: The checks after every step

    /// Each window's focused item is focusable there (A10 *Focusable*: it can become focused, it
    /// and its ancestors are shown and take user interaction, and it is in that window), and
    /// each window's first responder, when a view, is in that window.
    func checkKeyboardState() {
        log?("  key window \(app.keyWindow.map { "\($0)" } ?? "-"), focused \(app.windows.map { $0.focusedItem.map { "\($0)" } ?? "-" })")
        // With no key down, every press has ended (a press HitKit cancelled ended then).
        if keysDown.isEmpty && ledger.openPressCount > 0 {
            ledger.fail("no key is down, but a pressesBegan has no end: \(ledger.unbalancedPresses)")
        }
        for window in app.windows {
            if let focused = window.focusedItem {
                if !window.isFocusSystemEnabled { ledger.fail("\(window) has a focused item with its focus system off") }
                if focused.window !== window { ledger.fail("\(focused), focused in \(window), is not in it") }
                if !focused.canBecomeFocused { ledger.fail("\(focused) is focused but cannot become focused") }
                var current: View? = focused
                while let view = current {
                    if view.isHidden || view.alpha < 0.01 || !view.isUserInteractionEnabled {
                        ledger.fail("\(focused) is focused, but \(view) is hidden, transparent or not interactive")
                        break
                    }
                    current = view.superview
                }
            }
            if let view = window.firstResponder as? View, view.window !== window {
                ledger.fail("\(view), first responder of \(window), is not in it")
            }
        }
    }
}

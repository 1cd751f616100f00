import HitTestDifferential
import Testing
@testable import HitKit

/// Behaviour A10's promises over random key streams: random windows of views and controls, some
/// keeping presses, some declaring key commands or performing their actions, focus systems on and
/// off; between frames and from inside press handlers and actions, views removed, moved between
/// windows, hidden, made first responder, windows made key or removed. Every responder that gets
/// `pressesBegan` for a press gets exactly one `pressesEnded` or `pressesCancelled` for it; a
/// repeat makes no press; a key down acts at most once; the rejections are exactly the keys the
/// host said were up; a key a context menu took (the Menu key, Escape) makes no press; a first
/// responder is in its window and a focused item focusable after every frame; and nothing
/// crashes.
@Suite struct KeyboardInvariantTests {
    /// What each responder received for each press, and the actions key commands performed.
    final class Ledger {
        struct Key: Hashable {
            let responder: ObjectIdentifier
            /// A press's life: HitKit reuses press objects once ended.
            let press: Int
        }
        var records: [Key: (began: Int, ends: Int)] = [:]
        var violations: [String] = []
        /// Every press life a `pressesBegan` carried.
        var presses = Set<Int>()
        var commandActions = 0
        /// Menus shown or ended by the Menu key and Escape.
        var menuEvents = 0
        /// The keys whose press a `pressesCancelled` reached (HitKit's cancellation, or the host's).
        var cancelledKeys = Set<Int>()
        var pressesKept = 0
        /// Side effects run from inside handlers (they make the frame's outcome harder to predict).
        var sideEffects = 0
        /// Keeps responders alive so that their identifiers are never reused.
        var retained: [ObjectIdentifier: AnyObject] = [:]

        func note(_ responder: AnyObject, _ method: String, _ presses: Set<Press>) {
            retained[ObjectIdentifier(responder)] = responder
            for press in presses {
                let key = Key(responder: ObjectIdentifier(responder), press: press.sequence)
                var record = records[key] ?? (0, 0)
                if method == "began" {
                    if record.began > 0 { violations.append("\(responder) got a second began for \(press)") }
                    record.began += 1
                    self.presses.insert(press.sequence)
                } else {
                    if method == "cancelled", let code = press.key?.keyCode.rawValue { cancelledKeys.insert(code) }
                    if record.began == 0 { violations.append("\(responder) got \(method) for \(press) without began") }
                    if record.ends > 0 { violations.append("\(responder) got a second end for \(press)") }
                    record.ends += 1
                }
                records[key] = record
            }
        }

        var unbalanced: Int { records.values.filter { $0.began == 1 && $0.ends != 1 }.count }
        var beganCount: Int { records.values.filter { $0.began == 1 }.count }
    }

    /// A view that records its presses, keeps them or passes them on, performs the stream's
    /// actions when told to, and may change the world from inside any of these.
    final class KeyView: View {
        weak var ledger: Ledger!
        var keeps = false
        var acceptsFirst = false
        var refusesToResign = false
        var sideEffect: SideEffect?

        override var canBecomeFirstResponder: Bool { acceptsFirst }
        override var canResignFirstResponder: Bool { !refusesToResign }

        private func fire() {
            if sideEffect?.run() == true { ledger.sideEffects += 1 }
        }
        override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "began", presses)
            if keeps { ledger.pressesKept += 1 }
            fire()
            if !keeps { super.pressesBegan(presses, with: event) }
        }
        override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "ended", presses)
            fire()
            super.pressesEnded(presses, with: event)
        }
        override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "cancelled", presses)
            super.pressesCancelled(presses, with: event)
        }
        override func perform(_ action: Action, sender: Any?, event: Event?) {
            if sender is KeyCommand { ledger.commandActions += 1 }
            fire()
        }
        override func becomeFirstResponder() -> Bool {
            let became = super.becomeFirstResponder()
            if became { fire() }
            return became
        }
    }

    final class KeyController: ViewController {
        weak var ledger: Ledger!
        override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "began", presses)
            super.pressesBegan(presses, with: event)
        }
        override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "ended", presses)
            super.pressesEnded(presses, with: event)
        }
        override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "cancelled", presses)
            super.pressesCancelled(presses, with: event)
        }
    }

    final class KeyWindow: Window {
        weak var ledger: Ledger!
        override func pressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "began", presses)
            super.pressesBegan(presses, with: event)
        }
        override func pressesEnded(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "ended", presses)
            super.pressesEnded(presses, with: event)
        }
        override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
            ledger.note(self, "cancelled", presses)
            super.pressesCancelled(presses, with: event)
        }
        override func perform(_ action: Action, sender: Any?, event: Event?) {
            if sender is KeyCommand { ledger.commandActions += 1 }
        }
    }

    /// The keys the streams press: letters, Tab, Return, Space, the arrows, Escape and Shift.
    static let codes = [4, 22, Keys.tab, Keys.enter, Keys.space, Keys.right, Keys.left, Keys.down, Keys.up, 41, Keys.leftShift, 101]

    /// A context menu for the Menu key to show and Escape to dismiss (A11 *Keys*): keys they
    /// take make no press.
    final class Menu: ContextMenuInteractionDelegate {
        weak var ledger: Ledger?
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
            ContextMenuConfiguration(items: [try! .init(identifier: "x", frame: Rect(0, 0, 10, 10), action: "first")])
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
            ledger?.menuEvents += 1
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
            ledger?.menuEvents += 1
        }
    }
    static let actions: [Action] = ["first", "second"]

    /// The windows and views of one stream; handlers' side effects refer to it weakly.
    final class World {
        let app = Application()
        var windows: [KeyWindow] = []
        var views: [View] = []
        /// The menus' delegates (interactions hold theirs weakly).
        var menus: [Menu] = []

        /// One change to the world, from outside a delivery or from inside one.
        func change(_ rng: inout SplitMix64) {
            guard let view = views.randomElement(using: &rng) else { return }
            switch Int.random(in: 0..<9, using: &rng) {
            case 0, 1:
                view.removeFromSuperview()
            case 2:
                // Put it back, maybe in another window.
                guard let window = windows.randomElement(using: &rng) else { return }
                let targets = [window as View] + views.filter { $0.window === window && !$0.isDescendant(of: view) }
                targets.randomElement(using: &rng)!.addSubview(view)
            case 3: view.isHidden.toggle()
            case 4: view.isUserInteractionEnabled.toggle()
            case 5: view.becomeFirstResponder()
            case 6: view.resignFirstResponder()
            case 7: windows.randomElement(using: &rng)?.makeKey()
            default:
                if let window = windows.randomElement(using: &rng) { window.isFocusSystemEnabled.toggle() }
            }
        }
    }

    struct Stream {
        var rng: SplitMix64
        let ledger = Ledger()
        let world = World()
        var app: Application { world.app }
        var windows: [KeyWindow] { world.windows }
        /// The keys down as the host sees them (a key HitKit cancelled is down until its up).
        var down: Set<Int> = []
        var time = 0.0
        var downsSent = 0
        var rejectionsSeen = 0
        var framesChecked = 0
        var cancelledRepeats = 0
        var menuKeys = 0

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { addWindow() }
            world.windows.randomElement(using: &rng)!.makeKey()
            for case let view as KeyView in world.views where rng.chance(0.2) {
                view.sideEffect = sideEffect()
            }
        }

        mutating func addWindow() {
            let window = KeyWindow(frame: Rect(0, 0, 400, 400), in: app)
            window.ledger = ledger
            window.isFocusSystemEnabled = rng.chance(0.6)
            declareCommands(window)
            world.windows.append(window)
            var containers: [View] = [window]
            if rng.chance(0.4) {
                let controller = KeyController(view: makeView())
                controller.ledger = ledger
                window.rootViewController = controller
                containers.append(controller.view)
            }
            for _ in 0..<Int.random(in: 2...10, using: &rng) {
                let view = makeView()
                containers.randomElement(using: &rng)!.addSubview(view)
                containers.append(view)
            }
            // A scroll view is a focus group of its own, its content in reading order as shown.
            if rng.chance(0.4) {
                let scroll = ScrollView(frame: Rect(0, Double.random(in: 0..<200, using: &rng), 300, 150), in: app)
                scroll.contentSize = Size(300, 600)
                scroll.contentOffset = Point(0, Double.random(in: 0..<450, using: &rng))
                containers.randomElement(using: &rng)!.addSubview(scroll)
                world.views.append(scroll)
                for _ in 0..<Int.random(in: 1...4, using: &rng) { scroll.addSubview(makeView()) }
            }
            if rng.chance(0.5), let first = world.views.filter({ $0.window === window }).randomElement(using: &rng) {
                first.becomeFirstResponder()
            }
        }

        mutating func makeView() -> View {
            let frame = Rect(Double.random(in: 0..<300, using: &rng), Double.random(in: 0..<300, using: &rng),
                             Double.random(in: 10..<100, using: &rng), Double.random(in: 10..<100, using: &rng))
            let view: View
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: view = Button(frame: frame, in: app)
            case 1: view = Switch(frame: frame, in: app)
            default:
                let keyView = KeyView(frame: frame, in: app)
                keyView.ledger = ledger
                keyView.keeps = rng.chance(0.2)
                keyView.acceptsFirst = rng.chance(0.6)
                keyView.refusesToResign = rng.chance(0.2)
                view = keyView
            }
            if rng.chance(0.3) { view.allowsFocus = rng.chance(0.7) }
            if rng.chance(0.3) { view.focusGroupIdentifier = ["a", "b"].randomElement(using: &rng)! }
            if rng.chance(0.15) {
                let menu = Menu()
                menu.ledger = ledger
                world.menus.append(menu)
                try? view.addInteraction(ContextMenuInteraction(delegate: menu))
            }
            declareCommands(view)
            world.views.append(view)
            return view
        }

        /// Maybe key commands, and maybe an action it performs (a view or a window: one that counts
        /// the commands it performs).
        mutating func declareCommands(_ responder: Responder) {
            if responder is KeyView || responder is KeyWindow, rng.chance(0.6) {
                responder.performableActions = [Self.randomAction(&rng)]
            }
            for _ in 0..<(rng.chance(0.5) ? Int.random(in: 1...3, using: &rng) : 0) {
                let command = KeyCommand(
                    input: ["a", "s", "S", "\t", "\r", KeyCommand.inputUpArrow, KeyCommand.inputEscape].randomElement(using: &rng)!,
                    modifierFlags: [[], [.shift], [.command]].randomElement(using: &rng)!,
                    action: Self.randomAction(&rng))
                command.wantsPriorityOverSystemBehavior = rng.chance(0.3)
                command.isRepeatable = rng.chance(0.5)
                command.isEnabled = rng.chance(0.9)
                responder.addKeyCommand(command)
            }
        }

        static func randomAction(_ rng: inout SplitMix64) -> Action { KeyboardInvariantTests.actions.randomElement(using: &rng)! }

        /// A side effect for a handler: one random change, drawn when it runs.
        mutating func sideEffect() -> SideEffect {
            SideEffect(seed: rng.next()) { [weak world] in world?.change(&$0) }
        }

        mutating func keyInput(_ code: Int, _ phase: KeyInput.Phase) -> KeyInput {
            let flags: KeyModifierFlags = [[], [], [.shift], [.command]].randomElement(using: &rng)!
            return phase == .cancelled ? Keys.cancelled(code)
                : phase == .up ? Keys.up(code, flags) : Keys.down(code, flags)
        }

        /// One frame of one key event (now and then a second, bad one); checks the rejections,
        /// that a down acted at most once, and what must hold after every frame.
        mutating func step() throws {
            let code = KeyboardInvariantTests.codes.randomElement(using: &rng)!
            var keys: [KeyInput] = []
            var expectedBad: [Int] = []
            var next = down
            var isDown = false, isRepeat = false
            if down.contains(code) {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6: keys.append(keyInput(code, .up)); next.remove(code)
                case 6..<8: keys.append(keyInput(code, .down)); isRepeat = true
                default: keys.append(keyInput(code, .cancelled)); next.remove(code)
                }
            } else if rng.chance(0.1) {
                keys.append(keyInput(code, rng.chance(0.5) ? .up : .cancelled)); expectedBad.append(0)
            } else {
                keys.append(keyInput(code, .down)); next.insert(code); isDown = true
            }
            if rng.chance(0.05) {
                keys.append(KeyInput(code: rng.chance(0.5) ? -1 : 70_000, phase: .down)); expectedBad.append(keys.count - 1)
            }
            if isDown { ledger.cancelledKeys.remove(code) }
            // A repeat of a key whose press was cancelled does nothing (A10 *Cancellation*).
            let repeatsCancelledKey = isRepeat && ledger.cancelledKeys.contains(code)
            let focusBefore = app.keyWindow?.focusedItem
            let menuEventsBefore = ledger.menuEvents, pressesBefore = ledger.presses.count
            let actionsBefore = ledger.commandActions, keptBefore = ledger.pressesKept
            let sideEffectsBefore = ledger.sideEffects
            time += Double.random(in: 0..<0.2, using: &rng)
            var outcome = FrameOutcome()
            do {
                outcome = try app.send(InputFrame(timestamp: time, keys: keys))
                #expect(expectedBad.isEmpty, "a frame with a bad key was accepted")
            } catch {
                rejectionsSeen += error.rejections.count
                outcome = error.outcome
                let indices = error.rejections.compactMap { rejection -> Int? in
                    if case .key(let problem) = rejection.reason { return problem.index } else { return nil }
                }
                #expect(indices == expectedBad, "the rejections name exactly the bad keys")
            }
            down = next
            if isDown { downsSent += 1 }
            let acted = ledger.commandActions - actionsBefore
            #expect(acted <= (isDown || isRepeat ? 1 : 0), "a key event performed \(acted) key commands")
            if repeatsCancelledKey {
                #expect(acted == 0 && !outcome.unhandledRepeats.contains(0), "a repeat of a cancelled key acted or was reported")
                if ledger.sideEffects == sideEffectsBefore {
                    #expect(app.keyWindow?.focusedItem === focusBefore, "a repeat of a cancelled key moved focus")
                }
                cancelledRepeats += 1
            }
            // A key a menu took (the Menu key showing one, Escape dismissing one) makes no press.
            if isDown, ledger.sideEffects == sideEffectsBefore, ledger.menuEvents > menuEventsBefore {
                #expect(ledger.presses.count == pressesBefore, "a key a menu took made a press")
                menuKeys += 1
            }
            if isDown, ledger.sideEffects == sideEffectsBefore, ledger.menuEvents == menuEventsBefore {
                let kept = ledger.pressesKept > keptBefore
                let unhandled = outcome.unhandledKeys.contains(0)
                #expect(!(unhandled && (kept || acted > 0)), "a key a responder or a command took was reported unhandled")
                let focusOn = app.keyWindow?.isFocusSystemEnabled ?? false
                if !kept, acted == 0, !focusOn {
                    #expect(unhandled, "a key nothing took was not reported unhandled")
                }
            }
            checkAfterFrame()
        }

        /// A first responder is in its window; a focused item is focusable there; a press under
        /// way has its whole route in the key window (leaving it, or the key window changing,
        /// cancels at once).
        mutating func checkAfterFrame() {
            framesChecked += 1
            for key in app.keyboard.down {
                guard let press = key.press else { continue }
                for index in 0..<press.route.count {
                    let window: Window?
                    switch press.route.responder(at: index) {
                    case let view as View: window = view as? Window ?? view.window
                    case let controller as ViewController: window = controller.view.window
                    default: continue
                    }
                    #expect(window === app.keyWindow, "\(press) is under way, its route outside the key window")
                }
            }
            for window in windows {
                if let first = window.firstResponder as? View {
                    #expect(first.window === window, "\(first) is first responder of a window it is not in")
                }
                if let focused = window.focusedItem {
                    #expect(focused.isFocusable(in: window), "\(focused) is focused but not focusable")
                }
            }
        }

        mutating func liftEverything() throws {
            time += 0.1
            try app.send(InputFrame(timestamp: time, keys: down.sorted().map { Keys.up($0) }))
            down = []
        }

        mutating func run(frames: Int) throws {
            for _ in 0..<frames {
                if rng.chance(0.15) { world.change(&rng) }
                if rng.chance(0.03) { windows.randomElement(using: &rng)?.makeKey() }
                if rng.chance(0.05) {
                    let effect = sideEffect()
                    app.schedule(at: time + 0.05) { [weak ledger] in
                        ledger?.sideEffects += 1
                        effect.run()
                    }
                }
                if rng.chance(0.01), windows.count > 1 {
                    app.removeWindow(world.windows.removeLast())
                }
                try step()
            }
            try liftEverything()
            checkAfterFrame()
        }
    }

    @Test func everyPressBeganEndsOnceAndEveryKeyActsAtMostOnce() throws {
        var totalBegan = 0, totalRejections = 0, totalActions = 0, totalKept = 0, totalPresses = 0, totalCancelledRepeats = 0, totalMenuKeys = 0
        for seed in TestSeeds.of(1...1500) {
            var stream = Stream(seed: seed)
            try stream.run(frames: 40)
            let ledger = stream.ledger
            #expect(ledger.violations.isEmpty, "seed \(seed): \(ledger.violations.prefix(3))")
            #expect(ledger.unbalanced == 0, "seed \(seed): \(ledger.unbalanced) responders without exactly one end")
            #expect(ledger.presses.count <= stream.downsSent, "seed \(seed): more presses than key downs (a repeat made one)")
            #expect(stream.app.keyboard.down.isEmpty, "seed \(seed): keys left down")
            totalBegan += ledger.beganCount
            totalRejections += stream.rejectionsSeen
            totalActions += ledger.commandActions
            totalKept += ledger.pressesKept
            totalPresses += ledger.presses.count
            totalCancelledRepeats += stream.cancelledRepeats
            totalMenuKeys += stream.menuKeys
            if !ledger.violations.isEmpty || ledger.unbalanced != 0 { break }
        }
        // The streams must exercise presses, kept presses, key commands and bad input.
        if TestSeeds.playsEverySeed {
            #expect(totalBegan > 10_000 && totalPresses > 5_000)
            #expect(totalKept > 1_000 && totalActions > 200)
            #expect(totalRejections > 1_000 && totalCancelledRepeats > 300 && totalMenuKeys > 100)
        }
    }
}

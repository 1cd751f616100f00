import HitTestDifferential
import Testing
@testable import HitKit

/// Every part of the event model at once, over random streams: windows of views that record
/// their touches and presses and may become first responder, some with view controllers,
/// controls, zooming and paging scroll views with delegates, recognizers (hover too), context
/// menus, drags and drops, driven in the same frames by fingers, a mouse that clicks, drags and
/// turns its wheel, a trackpad's scrolls, keys (letters, Tab, the arrows, Escape, the Menu key)
/// and touchpad pinches and holds; and changed — views removed, moved, hidden, made first
/// responder, given new frames, bounds, transforms, alphas and touch flags, controls disabled,
/// recognizers toggled, added, removed, given new failure requirements and touch-delivery
/// switches, key commands added and removed, menus dismissed, windows made key or removed, scroll
/// views scrolled, zoomed, resized, switched and given new content sizes and zoom limits from
/// code — between frames, from timers and from inside every kind of handler; recognizers with
/// delegates and failure requirements (cycles too), and now and then a bad touch beside the good
/// ones. The promises each part's own property test checks alone must hold together: one end per
/// touch and per press a responder began, a control's touch-down ended once, a scroll view's
/// delegate calls in UIKit's order, legal recognizer transitions, every hover, menu, lift and
/// session ended once; only the bad touch refused; and once everything has ended, nothing is held,
/// withheld, tracked, moving or zooming, and every recognizer is back to possible.
@Suite struct WholeApplicationInvariantTests {
    typealias TouchLedger = DeliveryInvariantTests.Ledger
    typealias PressLedger = KeyboardInvariantTests.Ledger
    typealias Menus = InteractionInvariantTests.MenuDelegate
    typealias Drags = InteractionInvariantTests.DragDelegate
    typealias Drops = InteractionInvariantTests.DropDelegate

    /// A view that records its touches and presses, handles or passes them on, performs an
    /// action, may become first responder, and may change the world from inside any of these.
    final class EveryInputView: View {
        weak var touches: TouchLedger!
        weak var presses: PressLedger!
        var touchBehaviour = TouchBehaviour.forward
        var keepsPresses = false
        var acceptsFirst = false
        var sideEffect: SideEffect?

        override var canBecomeFirstResponder: Bool { acceptsFirst }

        private func touch(_ method: String, _ set: Set<Touch>) -> Bool {
            if touchBehaviour != .forward { touches.note(self, method, set) }
            if method != "cancelled" { sideEffect?.run() }
            return touchBehaviour != .intercept
        }
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { if touch("began", t) { super.touchesBegan(t, with: e) } }
        override func touchesMoved(_ t: Set<Touch>, with e: Event?) { if touch("moved", t) { super.touchesMoved(t, with: e) } }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { if touch("ended", t) { super.touchesEnded(t, with: e) } }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { if touch("cancelled", t) { super.touchesCancelled(t, with: e) } }

        override func pressesBegan(_ set: Set<Press>, with event: PressesEvent?) {
            presses.note(self, "began", set)
            sideEffect?.run()
            if !keepsPresses { super.pressesBegan(set, with: event) }
        }
        override func pressesEnded(_ set: Set<Press>, with event: PressesEvent?) {
            presses.note(self, "ended", set)
            sideEffect?.run()
            super.pressesEnded(set, with: event)
        }
        override func pressesCancelled(_ set: Set<Press>, with event: PressesEvent?) {
            presses.note(self, "cancelled", set)
            super.pressesCancelled(set, with: event)
        }
        override func perform(_ action: Action, sender: Any?, event: Event?) {
            sideEffect?.run()
        }
    }

    /// What the stream made, for changes from outside and from inside handlers (held weakly).
    final class World {
        let app = Application()
        var windows: [Window] = []
        /// Every view but the windows: plain ones, controls, scroll views and their content.
        var views: [View] = []
        var scrollViews: [ScrollView] = []
        var controls: [Control] = []
        /// The recognizers a change may disable (not the hovers: a hover disabled is cancelled).
        var toggled: [GestureRecognizer] = []
        var menus: [ContextMenuInteraction] = []
        /// The view controllers of some views (a view holds its controller weakly).
        var controllers: [ViewController] = []
        /// Whether the frame being sent has a Return or Space down, which activates a focused
        /// control: a button's `touchUpInside`, with no `touchDown` of its own (A10 *Focus*).
        var activating = false
        /// Whether changes reach past the first kinds: recognizers added and removed, their
        /// properties, views' geometry and flags, scroll views' switches, key commands.
        var moreChanges = false
        /// Hears every recognizer added after the world was made, to watch its transitions.
        var watchRecognizer: ((GestureRecognizer) -> Void)?

        /// How many changes of each further kind were made (``moreChanges``), by kind.
        var changes = [Int](repeating: 0, count: 10)

        func change(_ rng: inout SplitMix64) {
            let kind = Int.random(in: 0..<(moreChanges ? 31 : 21), using: &rng)
            if kind >= 21 {
                if moreChange(kind, &rng) { changes[kind - 21] += 1 }
                return
            }
            switch kind {
            case 0, 1: views.randomElement(using: &rng)?.removeFromSuperview()
            case 2:
                guard let view = views.randomElement(using: &rng), let window = windows.randomElement(using: &rng) else { return }
                let hosts = [window as View] + views.filter { $0.window === window && $0 !== view && !$0.isDescendant(of: view) }
                hosts.randomElement(using: &rng)!.addSubview(view)
            case 3: views.randomElement(using: &rng)?.isHidden.toggle()
            case 4: views.randomElement(using: &rng)?.isUserInteractionEnabled.toggle()
            case 5: views.randomElement(using: &rng)?.becomeFirstResponder()
            case 6: views.randomElement(using: &rng)?.resignFirstResponder()
            case 7: windows.randomElement(using: &rng)?.makeKey()
            case 8: controls.randomElement(using: &rng)?.isEnabled.toggle()
            case 9: toggled.randomElement(using: &rng)?.isEnabled.toggle()
            case 10: menus.randomElement(using: &rng)?.dismissMenu()
            case 11:
                guard let view = views.randomElement(using: &rng), let interaction = view.interactions.randomElement(using: &rng) else { return }
                view.removeInteraction(interaction)
            case 12:
                scrollViews.randomElement(using: &rng)?.setContentOffset(
                    Point(Double.random(in: -50..<700, using: &rng), Double.random(in: -50..<700, using: &rng)), animated: rng.chance(0.5))
            case 13: scrollViews.randomElement(using: &rng)?.setZoomScale(Double.random(in: 0.3..<4, using: &rng), animated: rng.chance(0.5))
            case 14:
                let rect = Rect(Double.random(in: 0..<300, using: &rng), Double.random(in: 0..<300, using: &rng),
                                Double.random(in: 20..<300, using: &rng), Double.random(in: 20..<300, using: &rng))
                try? scrollViews.randomElement(using: &rng)?.zoom(to: rect, animated: rng.chance(0.5))
            case 15: windows.randomElement(using: &rng)?.isFocusSystemEnabled.toggle()
            case 16:
                scrollViews.randomElement(using: &rng)?.contentSize = Size(Double.random(in: 50..<900, using: &rng), Double.random(in: 50..<900, using: &rng))
            case 17:
                guard let scroll = scrollViews.randomElement(using: &rng) else { return }
                scroll.frame = Rect(scroll.frame.origin.x, scroll.frame.origin.y, Double.random(in: 60..<400, using: &rng), Double.random(in: 60..<400, using: &rng))
            case 18: scrollViews.randomElement(using: &rng)?.panGestureRecognizer.isEnabled.toggle()
            case 19:
                guard let scroll = scrollViews.randomElement(using: &rng) else { return }
                let minimum = Double.random(in: 0.3..<1.2, using: &rng)
                try? scroll.setMinimumZoomScale(minimum)
                try? scroll.setMaximumZoomScale(minimum * Double.random(in: 1..<4, using: &rng))
            default:
                // Rarely: a window goes.
                guard rng.chance(0.2), windows.count > 1 else { return }
                app.removeWindow(windows.remove(at: Int.random(in: 0..<windows.count, using: &rng)))
            }
        }

        /// Makes a change of a further kind; whether there was something to change.
        private func moreChange(_ kind: Int, _ rng: inout SplitMix64) -> Bool {
            switch kind {
            case 21:
                // Not a hover: one removed while the pointer is over its view is cancelled.
                guard let view = views.randomElement(using: &rng),
                      let recognizer = view.gestureRecognizers.filter({ !($0 is HoverGestureRecognizer) }).randomElement(using: &rng) else { return false }
                view.removeGestureRecognizer(recognizer)
            case 22:
                guard let view = views.randomElement(using: &rng) else { return false }
                let recognizer = GestureInvariantTests.randomRecognizer(using: &rng)
                watchRecognizer?(recognizer)
                view.addGestureRecognizer(recognizer)
                toggled.append(recognizer)
            case 23:
                guard let recognizer = toggled.randomElement(using: &rng) else { return false }
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: recognizer.cancelsTouchesInView.toggle()
                case 1: recognizer.delaysTouchesBegan.toggle()
                default: recognizer.delaysTouchesEnded.toggle()
                }
            case 24:
                guard let view = views.randomElement(using: &rng) else { return false }
                view.transform = [
                    .identity, AffineTransform(rotationAngle: Double.random(in: -3..<3, using: &rng)),
                    AffineTransform(scaleX: Double.random(in: 0.5..<2, using: &rng), y: Double.random(in: 0.5..<2, using: &rng)),
                ].randomElement(using: &rng)!
            case 25:
                guard let view = views.randomElement(using: &rng) else { return false }
                if rng.chance(0.5) {
                    view.frame = Rect(Double.random(in: -50..<300, using: &rng), Double.random(in: -50..<300, using: &rng),
                                      Double.random(in: 0..<300, using: &rng), Double.random(in: 0..<300, using: &rng))
                } else {
                    view.bounds.origin = Point(Double.random(in: -50..<50, using: &rng), Double.random(in: -50..<50, using: &rng))
                }
            case 26:
                guard let view = views.randomElement(using: &rng) else { return false }
                if rng.chance(0.5) { view.isMultipleTouchEnabled.toggle() } else { view.isExclusiveTouch.toggle() }
            case 27:
                guard let scroll = scrollViews.randomElement(using: &rng) else { return false }
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: scroll.bounces.toggle()
                case 1: scroll.isPagingEnabled.toggle()
                case 2: scroll.delaysContentTouches.toggle()
                case 3: scroll.canCancelContentTouches.toggle()
                default: scroll.alwaysBounceVertical.toggle()
                }
            case 28:
                guard let one = toggled.randomElement(using: &rng), let other = toggled.randomElement(using: &rng) else { return false }
                one.require(toFail: other)
            case 29:
                guard let view = views.randomElement(using: &rng) else { return false }
                if rng.chance(0.5) { view.alpha = view.alpha > 0 ? 0 : 1 } else { view.clipsToBounds.toggle() }
            default:
                guard let view = views.randomElement(using: &rng) else { return false }
                if let command = view.keyCommands.randomElement(using: &rng), rng.chance(0.5) {
                    view.removeKeyCommand(command)
                } else {
                    view.addKeyCommand(KeyCommand(input: ["a", "s", "\t", KeyCommand.inputDownArrow].randomElement(using: &rng)!,
                                                  modifierFlags: [], action: "first"))
                }
            }
            return true
        }
    }

    struct Stream {
        var rng: SplitMix64
        let world = World()
        var app: Application { world.app }
        let touches = TouchLedger()
        let presses = PressLedger()
        let violations = InteractionInvariantTests.Violations()
        let transitions = GestureInvariantTests.TransitionChecker()
        let hovers = PointerDeliveryInvariantTests.HoverLedger()
        var watches: [ControlInvariantTests.Watch] = []
        var checkers: [ScrollDelegateProtocolPropertyTests.Checker] = []
        var menus: [Menus] = []
        var drags: [Drags] = []
        var drops: [Drops] = []
        var effects: [SideEffect] = []
        var fingers = RandomFingers(reach: (5, 60))
        var touchpad = TouchpadInvariantTests.Touchpad()
        var keysDown: Set<Int> = []
        var pointerAt = Point(200, 200)
        /// A trackpad's scroll under way (between its `began` and its `ended`).
        var continuousScrolling = false
        /// Whether the frame being sent carries the planted bad touch.
        var badTouch = false
        var buttons: Event.ButtonMask = []
        var time = 0.0
        /// What the streams did, to show they reach every part.
        var counts: [String: Int] = [:]

        /// Recognizes beside every other (recognizers hold their delegates weakly).
        let simultaneous = GestureInvariantTests.Simultaneous()

        init(seed: UInt64, moreChanges: Bool = false) {
            rng = SplitMix64(seed: seed)
            world.moreChanges = moreChanges
            world.watchRecognizer = { [transitions] in transitions.watch($0) }
            for _ in 0..<Int.random(in: 1...2, using: &rng) { addWindow() }
            world.windows.randomElement(using: &rng)!.makeKey()
        }

        mutating func effect(_ chance: Double) -> SideEffect? {
            guard rng.chance(chance) else { return nil }
            let effect = SideEffect(seed: rng.next()) { [weak world] in world?.change(&$0) }
            effects.append(effect)
            return effect
        }

        mutating func frame(within size: Double) -> Rect {
            Rect(Double.random(in: 0..<size / 2, using: &rng), Double.random(in: 0..<size / 2, using: &rng),
                 Double.random(in: 40..<size, using: &rng), Double.random(in: 40..<size, using: &rng))
        }

        mutating func addWindow() {
            let window = Window(frame: Rect(0, 0, 400, 400), in: app)
            window.isFocusSystemEnabled = rng.chance(0.5)
            if rng.chance(0.5) {
                window.addKeyCommand(KeyCommand(input: ["a", "\t", "\r", " "].randomElement(using: &rng)!, modifierFlags: [], action: "first"))
            }
            world.windows.append(window)
            var hosts: [View] = [window]
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                let scroll = ScrollView(frame: frame(within: 400), in: app)
                scroll.contentSize = Size(Double.random(in: 100..<900, using: &rng), Double.random(in: 100..<900, using: &rng))
                scroll.isPagingEnabled = rng.chance(0.2)
                scroll.autoscrollsDuringDrag = rng.chance(0.5)
                scroll.delaysContentTouches = rng.chance(0.7)
                if rng.chance(0.5) {
                    try! scroll.setMinimumZoomScale(0.5)
                    try! scroll.setMaximumZoomScale(3)
                }
                // The checker's zoom view is the scroll view's first subview: its content.
                let content = makeView(Rect(0, 0, 300, 300))
                scroll.addSubview(content)
                let checker = ScrollDelegateProtocolPropertyTests.Checker()
                checker.scrollView = scroll
                checker.sideEffect = effect(0.15)
                scroll.delegate = checker
                checkers.append(checker)
                hosts.randomElement(using: &rng)!.addSubview(scroll)
                hosts += [scroll, content]
                world.views += [scroll, content]
                world.scrollViews.append(scroll)
            }
            for _ in 0..<Int.random(in: 2...7, using: &rng) {
                let view = rng.chance(0.25) ? makeControl() : makeView(frame(within: 300))
                hosts.randomElement(using: &rng)!.addSubview(view)
                hosts.append(view)
                world.views.append(view)
            }
            if rng.chance(0.5), let first = world.views.filter({ $0.window === window }).randomElement(using: &rng) {
                first.becomeFirstResponder()
            }
        }

        mutating func makeView(_ frame: Rect) -> View {
            let view = EveryInputView(frame: frame, in: app)
            view.touches = touches
            view.presses = presses
            view.touchBehaviour = [.forward, .intercept, .interceptAndPassOn].randomElement(using: &rng)!
            view.keepsPresses = rng.chance(0.2)
            view.acceptsFirst = rng.chance(0.5)
            view.sideEffect = effect(0.1)
            if rng.chance(0.3) { view.allowsFocus = rng.chance(0.7) }
            if rng.chance(0.5) { view.performableActions = ["first"] }
            if rng.chance(0.3) {
                view.addKeyCommand(KeyCommand(input: ["a", "s", "\t", KeyCommand.inputUpArrow, KeyCommand.inputEscape].randomElement(using: &rng)!,
                                              modifierFlags: [], action: "first"))
            }
            if world.moreChanges, rng.chance(0.15) {
                // A controller between the view and its superview in the responder chain.
                let controller = ViewController(view: view)
                if rng.chance(0.5) { controller.addKeyCommand(KeyCommand(input: "s", modifierFlags: [], action: "first")) }
                world.controllers.append(controller)
            }
            decorate(view)
            return view
        }

        mutating func makeControl() -> Control {
            let frame = frame(within: 150)
            let control: Control
            switch Int.random(in: 0..<(world.moreChanges ? 6 : 4), using: &rng) {
            case 0: control = Button(frame: frame, in: app)
            case 1: control = Switch(frame: frame, in: app)
            case 2: control = Slider(frame: frame, in: app)
            case 3: control = Stepper(frame: frame, in: app)
            case 4: control = SegmentedControl(items: ["one", "two", "three"], frame: frame, in: app)
            default:
                let pages = PageControl(frame: frame, in: app)
                pages.numberOfPages = 4
                control = pages
            }
            let watch = ControlInvariantTests.Watch()
            watch.control = control
            // Heard as each event is sent, before the action below, whose receiver may change the
            // world (an action report comes only after its pair was sent).
            for event: Control.Event in [.touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter,
                                         .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel] {
                control.addAction(for: event) { [weak watch, weak world] _ in
                    // A key's activation sends touchUpInside outside any tracking, or in the middle of
                    // a touch's (a touch's own comes after its endTracking).
                    if event == .touchUpInside, world?.activating == true, let watch, !watch.tracking || watch.trackingCalls { return }
                    watch?.event(event)
                }
            }
            control.observeTracking { [weak watch] _, call in watch?.call(call) }
            control.addTarget(nil, action: "first", for: .allEvents)
            watch.sideEffect = effect(0.15)
            watches.append(watch)
            world.controls.append(control)
            return control
        }

        /// Maybe recognizers and interactions on `view`.
        mutating func decorate(_ view: View) {
            for _ in 0..<(rng.chance(0.4) ? Int.random(in: 1...2, using: &rng) : 0) {
                let recognizer = GestureInvariantTests.randomRecognizer(using: &rng)
                if rng.chance(0.2) { recognizer.delegate = simultaneous }
                if rng.chance(0.2), let other = world.toggled.randomElement(using: &rng) { recognizer.require(toFail: other) }
                if rng.chance(0.1), let other = world.toggled.randomElement(using: &rng) { other.require(toFail: recognizer) }
                transitions.watch(recognizer)
                view.addGestureRecognizer(recognizer)
                world.toggled.append(recognizer)
            }
            if rng.chance(0.3) {
                let hover = HoverGestureRecognizer()
                hovers.watch(hover)
                transitions.watch(hover)
                view.addGestureRecognizer(hover)
            }
            if rng.chance(0.25) {
                let configuration = rng.chance(0.8)
                    ? ContextMenuConfiguration(items: [menuItem("item", Rect(300, 300, 80, 40), action: "first")]) : nil
                let delegate = Menus(violations, configuration: configuration)
                delegate.sideEffect = effect(0.15)
                let interaction = ContextMenuInteraction(delegate: delegate)
                try? view.addInteraction(interaction)
                menus.append(delegate)
                world.menus.append(interaction)
            }
            if rng.chance(0.25) {
                let delegate = Drags(violations, items: [DragItem("item")])
                delegate.sideEffect = effect(0.15)
                let interaction = DragInteraction(delegate: delegate)
                interaction.allowsSimultaneousRecognitionDuringLift = rng.chance(0.3)
                try? view.addInteraction(interaction)
                drags.append(delegate)
            }
            if rng.chance(0.3) {
                let delegate = Drops(violations, canHandle: rng.chance(0.9), proposal: [.copy, .move, .cancel].randomElement(using: &rng)!)
                delegate.sideEffect = effect(0.15)
                try? view.addInteraction(DropInteraction(delegate: delegate))
                drops.append(delegate)
            }
        }

        /// One frame of every kind of input, each present at random.
        mutating func step() {
            var touches = fingers.frame(using: &rng)
            // Now and then a bad touch beside the good ones: a move of a finger not down.
            if rng.chance(0.05) { touches.append(moved(7, 10, 10)); badTouch = true; count("bad touch") }
            var keys: [KeyInput] = []
            if rng.chance(0.3) {
                // The keyboard test's keys: letters, Tab, Return, Space, the arrows, Escape, Shift, Menu.
                let code = KeyboardInvariantTests.codes.randomElement(using: &rng)!
                if keysDown.contains(code) {
                    if rng.chance(0.3) {
                        keys.append(Keys.down(code)); count("repeat")
                    } else {
                        keys.append(Keys.up(code)); keysDown.remove(code)
                    }
                } else {
                    keys.append(Keys.down(code)); keysDown.insert(code); count("key down")
                }
            }
            var pointer: PointerInput?
            var scroll: ScrollInput?
            if rng.chance(0.25) {
                if buttons.isEmpty && rng.chance(0.3) {
                    buttons = rng.chance(0.6) ? .primary : .secondary
                } else if !buttons.isEmpty && rng.chance(0.3) {
                    buttons = []
                } else {
                    let reach = rng.chance(0.5) ? 3.0 : 50.0
                    pointerAt = Point(pointerAt.x + Double.random(in: -reach..<reach, using: &rng),
                                      pointerAt.y + Double.random(in: -reach..<reach, using: &rng))
                }
                pointer = PointerInput(id: 100, location: pointerAt, buttons: buttons)
            } else if continuousScrolling || rng.chance(0.08) {
                let delta = Point(Double.random(in: -20..<20, using: &rng), Double.random(in: -40..<40, using: &rng))
                if continuousScrolling {
                    let ends = rng.chance(0.3)
                    scroll = ScrollInput(location: pointerAt, delta: ends ? .zero : delta, kind: .continuous(ends ? .ended : .changed))
                    continuousScrolling = !ends
                } else if rng.chance(0.4) {
                    scroll = ScrollInput(location: pointerAt, delta: .zero, kind: .continuous(.began))
                    continuousScrolling = true
                    count("trackpad scroll")
                } else {
                    scroll = ScrollInput(location: pointerAt, delta: delta, kind: .discrete)
                    count("wheel")
                }
            }
            var gesture: TouchpadGestureInput?
            if rng.chance(0.15) {
                let (step, bad) = touchpad.step(&rng)
                if !bad { gesture = step; count("touchpad") }
            }
            time += [0.008, 0.016, 0.05, 0.1, 0.3].randomElement(using: &rng)!
            world.activating = keys.contains { $0.phase == .down && ($0.code == Keys.enter || $0.code == Keys.space) }
            defer { world.activating = false }
            send(InputFrame(timestamp: time, touches: touches, pointer: pointer, scroll: scroll, touchpadGesture: gesture, keys: keys))
            badTouch = false
            checkAfterFrame()
        }

        mutating func count(_ what: String) { counts[what, default: 0] += 1 }

        /// Only the bad touch the stream planted (finger 7, never down) may be refused.
        func send(_ frame: InputFrame) {
            do {
                try app.send(frame)
                violations.check(!badTouch, "a move of a finger never down was accepted at \(frame.timestamp)")
            } catch {
                let onlyTheBad = badTouch && error.rejections.allSatisfy { $0.touchID == 7 }
                violations.check(onlyTheBad, "a good frame at \(frame.timestamp) was refused: \(error.rejections)")
            }
        }

        func checkAfterFrame() {
            for watch in watches { watch.checkState() }
            for checker in checkers { checker.checkFlags() }
            for window in world.windows {
                if let first = window.firstResponder as? View {
                    violations.check(first.window === window, "\(first) is first responder of a window it is not in")
                }
                if let focused = window.focusedItem {
                    violations.check(focused.isFocusable(in: window), "\(focused) is focused but not focusable")
                }
            }
        }

        mutating func finish() {
            time += 0.1
            var ending: TouchpadGestureInput?
            if let kind = touchpad.underway {
                ending = TouchpadGestureInput(kind: kind, phase: .ended, location: touchpad.location,
                                              scale: kind == .pinch ? touchpad.scale : 1, rotation: kind == .pinch ? touchpad.rotation : 0)
                touchpad.underway = nil
            }
            send(InputFrame(timestamp: time, touches: fingers.liftAll(), touchpadGesture: ending,
                            keys: keysDown.sorted().map { Keys.up($0) }))
            keysDown = []
            time += 0.1
            send(InputFrame(timestamp: time, pointer: PointerInput(id: 100, location: pointerAt, buttons: []),
                            scroll: continuousScrolling ? ScrollInput(location: pointerAt, delta: .zero, kind: .continuous(.ended)) : nil))
            continuousScrolling = false
            buttons = []
            time += 0.1
            send(InputFrame(timestamp: time, pointer: .left(id: 100)))
            // From here on only the world's own motion runs: no handler changes it any more.
            for effect in effects { effect.cancel() }
            for menu in world.menus { menu.dismissMenu() }
            time += 10
            try? app.advance(to: time)
            checkAfterFrame()
        }

        mutating func run(frames: Int) {
            for _ in 0..<frames {
                if rng.chance(0.1) { world.change(&rng) }
                if rng.chance(0.05) {
                    let effect = SideEffect(seed: rng.next()) { [weak world] in world?.change(&$0) }
                    app.schedule(at: time + 0.03) { effect.run() }
                }
                step()
            }
            finish()
        }

        /// What the stream's world did and where it ended, to compare two runs of one seed.
        var fingerprint: [String] {
            var lines = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            lines.append("touches \(touches.beganCount), presses \(presses.beganCount), recognitions \(transitions.recognitions), "
                         + "hovers \(hovers.began), menus \(menus.map(\.displays)), lifts \(drags.map(\.stages.count))")
            lines += checkers.map { "drags \($0.drags), decelerations \($0.decelerations), zooms \($0.zooms)" }
            lines += watches.map { "downs \($0.downs)" }
            lines += world.scrollViews.map { "\($0.contentOffset) \($0.zoomScale) \($0.contentSize)" }
            lines += world.views.map { "\($0.frame) \($0.window.map { _ in "in a window" } ?? "out") \($0.isFirstResponder)" }
            return lines
        }

        /// Every promise broken, each with what broke it.
        var allViolations: [String] {
            violations.list + touches.violations + presses.violations + transitions.violations + hovers.violations
                + watches.flatMap(\.violations) + checkers.flatMap(\.violations)
        }

        /// What must hold once everything has ended.
        var leftOver: [String] {
            var left: [String] = []
            if touches.unbalanced != 0 { left.append("\(touches.unbalanced) touches began without exactly one end") }
            if presses.unbalanced != 0 { left.append("\(presses.unbalanced) presses began without exactly one end") }
            if !app.keyboard.down.isEmpty { left.append("keys still down: \(app.keyboard.down)") }
            if hovers.stillOpen != 0 { left.append("\(hovers.stillOpen) hovers still begun") }
            if !app.interactionState.isIdle { left.append("a menu, a drag or a claimed touch left") }
            for menu in menus where menu.displays != menu.ends || menu.shown {
                left.append("\(menu.displays) menus shown, \(menu.ends) ended")
            }
            for drag in drags where drag.unended != 0 { left.append("\(drag.unended) lifts never ended") }
            for drop in drops where drop.unended != 0 { left.append("\(drop.unended) sessions entered never ended") }
            for watch in watches where watch.tracking || watch.trackingCalls {
                left.append("\(watch.control.map { "\($0)" } ?? "a control") still tracking")
            }
            for scroll in world.scrollViews where scroll.isMoving || scroll.isDragging || scroll.isZooming || scroll.isZoomBouncing {
                left.append("\(scroll) still moves (dragging \(scroll.isDragging), zooming \(scroll.isZooming))")
            }
            for checker in checkers where checker.dragging || checker.zooming {
                left.append("\(checker.scrollView.map { "\($0)" } ?? "a scroll view") never heard its drag's or zoom's end")
            }
            for view in world.views {
                for recognizer in view.gestureRecognizers where recognizer.state != .possible {
                    left.append("\(recognizer) left \(recognizer.state)")
                }
            }
            if !app.dispatcher.heldTouches.isEmpty { left.append("touches still withheld") }
            if !app.dispatcher.arena.isEmpty { left.append("recognizers not reset") }
            return left
        }
    }

    /// A thousand worlds with every kind of change, and three of the first worlds, without the
    /// further kinds, that each find a defect once fixed (each with a case test of its own too):
    /// a pinch's waiting end (4,568), a zoom from code of another view during a pinch (16,140), a
    /// touch cancelled twice (41,230). The fourth this test found, a zoom begun from the delegate
    /// calls of a step closing an animation, needs a delegate's side effect at one moment that
    /// these streams meet too rarely to keep a seed for: its case test holds it.
    static let seeds = Array(TestSeeds.of(1...1000))
    static let keptSeeds: [UInt64] = [4568, 16140, 41230]

    @Test func everyPartKeepsItsPromisesBesideEveryOther() {
        var reached: [String: Int] = [:]
        var changes = [Int](repeating: 0, count: 10)
        for (seed, moreChanges) in Self.seeds.map({ ($0, true) }) + Self.keptSeeds.map({ ($0, false) }) {
            var stream = Stream(seed: seed, moreChanges: moreChanges)
            stream.run(frames: 60)
            let broken = stream.allViolations
            #expect(broken.isEmpty, "seed \(seed): \(broken.prefix(3))")
            let left = stream.leftOver
            #expect(left.isEmpty, "seed \(seed): \(left.prefix(3))")
            var counts = stream.counts
            counts["touches began"] = stream.touches.beganCount
            counts["presses began"] = stream.presses.beganCount
            counts["control touch-downs"] = stream.watches.map(\.downs).reduce(0, +)
            counts["drags"] = stream.checkers.map(\.drags).reduce(0, +)
            counts["zooms"] = stream.checkers.map(\.zooms).reduce(0, +)
            counts["menus shown"] = stream.menus.map(\.displays).reduce(0, +)
            counts["lifts"] = stream.drags.map(\.stages.count).reduce(0, +)
            counts["recognitions"] = stream.transitions.recognitions
            counts["hovers"] = stream.hovers.began
            reached.merge(counts, uniquingKeysWith: +)
            changes = zip(changes, stream.world.changes).map(+)
            if !broken.isEmpty || !left.isEmpty { break }
        }
        guard TestSeeds.playsEverySeed else { return }
        // Every further kind of change is made, each many times.
        for (kind, count) in changes.enumerated() { #expect(count >= 120, "change \(kind + 21): \(count)") }
        // The streams must reach every part, each many times.
        let least: [String: Int] = [
            "touches began": 2_200, "presses began": 2_500, "control touch-downs": 300, "drags": 500, "zooms": 250,
            "menus shown": 350, "lifts": 240, "recognitions": 1_200, "hovers": 400,
            "key down": 9_000, "repeat": 1_600, "wheel": 1_600, "trackpad scroll": 1_000, "touchpad": 6_500, "bad touch": 2_000,
        ]
        for (what, count) in least { #expect(reached[what, default: 0] >= count, "\(what): \(reached[what, default: 0])") }
    }

    /// A trace observer only listens: a world traced throughout, every record rendered, does
    /// what the same world does untraced and ends where it ends.
    @Test func tracingChangesNothingInAnyWorld() {
        for seed in TestSeeds.of(1...150) {
            var plain = Stream(seed: seed, moreChanges: true)
            plain.run(frames: 60)
            var traced = Stream(seed: seed, moreChanges: true)
            var records = 0
            let token = traced.app.observeTrace { records += $0.text.isEmpty ? 0 : 1 }
            traced.run(frames: 60)
            token.cancel()
            #expect(records > 0, "seed \(seed): nothing traced")
            #expect(traced.fingerprint == plain.fingerprint, "seed \(seed): the traced world differs")
            #expect(traced.allViolations.isEmpty && plain.allViolations.isEmpty, "seed \(seed)")
        }
    }
}

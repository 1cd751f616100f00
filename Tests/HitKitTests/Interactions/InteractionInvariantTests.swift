import HitTestDifferential
import Testing
@testable import HitKit

/// Behaviour A11's promises over random streams: random windows of views carrying context-menu,
/// drag and drop interactions (nested, several on a view, with random answers) beside random
/// recognizers and hover recognizers, driven by fingers that hold, slide and lift, a mouse that
/// clicks with either button and drags, Escape and the Menu key, with views and interactions
/// removed and menus dismissed between frames, from timers and from inside delegate calls. Every
/// menu shown
/// ends once, and only one shown ends; every lift ends once with `willEnd` and `didEnd`, and a
/// session moves only between its begin and its end; a drop target hears `enter` and `exit` in
/// turn, updates and drops only while entered, and `sessionDidEnd` once if it was ever entered;
/// every view that got `touchesBegan` gets one end; every hover that begins ends once (a pointer
/// drag ends them as if the pointer left); once everything has ended no menu, drag or claimed
/// touch is left and every scroll view (some autoscrolling under sessions) rests within its
/// content; and nothing crashes.
@Suite struct InteractionInvariantTests {
    /// Broken promises, with the calls that broke them.
    final class Violations {
        var list: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { list.append(message()) }
        }
    }

    final class MenuDelegate: ContextMenuInteractionDelegate {
        let violations: Violations
        var sideEffect: SideEffect?
        var configuration: ContextMenuConfiguration?
        /// Whether a configuration with items was answered and has not ended yet, and whether it
        /// is shown.
        var answered = false, shown = false
        var displays = 0, ends = 0

        init(_ violations: Violations, configuration: ContextMenuConfiguration?) {
            self.violations = violations
            self.configuration = configuration
        }

        func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
            violations.check(!shown, "a menu was asked for while it was shown")
            answered = configuration != nil
            return configuration
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
            violations.check(answered && !shown, "willDisplay without a configuration answered, or twice")
            violations.check(!configuration.items.isEmpty, "a menu without items was shown")
            shown = true
            displays += 1
            sideEffect?.run()
        }
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
            violations.check(answered || shown, "willEnd with no configuration answered")
            if shown { ends += 1 }
            answered = false
            shown = false
        }
    }

    final class DragDelegate: DragInteractionDelegate {
        enum Stage { case asked, lifted, begun, ended }
        let violations: Violations
        var sideEffect: SideEffect?
        var items: [DragItem]
        var stages: [ObjectIdentifier: Stage] = [:]
        /// Keeps the sessions, so that their identifiers are never reused.
        var sessions: [DragSession] = []

        init(_ violations: Violations, items: [DragItem]) {
            self.violations = violations
            self.items = items
        }

        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
            violations.check(stages[ObjectIdentifier(session)] == nil, "items asked twice of one session")
            stages[ObjectIdentifier(session)] = .asked
            sessions.append(session)
            return items
        }
        func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession) {
            violations.check(stages[ObjectIdentifier(session)] == .asked && !items.isEmpty, "a lift without items")
            stages[ObjectIdentifier(session)] = .lifted
        }
        func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
            violations.check(stages[ObjectIdentifier(session)] == .lifted, "a session began without a lift, or twice")
            stages[ObjectIdentifier(session)] = .begun
            begun += 1
            sideEffect?.run()
        }
        func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession) {
            violations.check(stages[ObjectIdentifier(session)] == .begun, "sessionDidMove outside the session")
            sideEffect?.run()
        }
        func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation) {
            let stage = stages[ObjectIdentifier(session)]
            violations.check(stage == .lifted || stage == .begun, "willEnd without a lift, or twice")
            violations.check(stage == .begun || operation == .cancel, "a lift that never began ended with \(operation)")
            stages[ObjectIdentifier(session)] = .ended
        }
        func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
            violations.check(stages[ObjectIdentifier(session)] == .ended, "didEnd without willEnd")
        }
        /// Lifts that have not ended.
        var unended: Int { stages.values.filter { $0 == .lifted || $0 == .begun }.count }
        var begun = 0
    }

    final class DropDelegate: DropInteractionDelegate {
        struct State {
            var inside = false, entered = false, dropped = false, ended = false
        }
        let violations: Violations
        var sideEffect: SideEffect?
        var canHandle: Bool
        var proposal: DropProposal
        var states: [ObjectIdentifier: State] = [:]
        var sessions: [DragSession] = []
        var drops = 0

        init(_ violations: Violations, canHandle: Bool, proposal: DropProposal) {
            self.violations = violations
            self.canHandle = canHandle
            self.proposal = proposal
        }

        private func change(_ session: DragSession, _ body: (inout State) -> Void) {
            if states[ObjectIdentifier(session)] == nil { sessions.append(session) }
            var state = states[ObjectIdentifier(session)] ?? State()
            violations.check(!state.ended, "a drop target heard of a session after its sessionDidEnd")
            body(&state)
            states[ObjectIdentifier(session)] = state
        }

        func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool { canHandle }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {
            change(session) { state in
                violations.check(!state.inside, "enter while entered")
                state.inside = true
                state.entered = true
            }
            sideEffect?.run()
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
            change(session) { state in violations.check(state.inside, "update while not entered") }
            sideEffect?.run()
            return proposal
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) {
            change(session) { state in
                violations.check(state.inside, "exit while not entered")
                state.inside = false
            }
        }
        func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
            change(session) { state in
                violations.check(state.inside && !state.dropped, "a drop while not entered, or twice")
                violations.check(proposal == .copy || proposal == .move, "a drop after a \(proposal) proposal")
                state.dropped = true
            }
            drops += 1
        }
        func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) {
            change(session) { state in violations.check(state.dropped, "concludeDrop without performDrop") }
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) {
            change(session) { state in
                violations.check(state.entered, "sessionDidEnd to a target never entered")
                state.ended = true
            }
        }
        /// Sessions entered whose end this target has not heard.
        var unended: Int { states.values.filter { $0.entered && !$0.ended }.count }
    }

    typealias Ledger = DeliveryInvariantTests.Ledger
    typealias LedgerView = DeliveryInvariantTests.LedgerView

    struct Stream {
        var rng: SplitMix64
        let violations = Violations()
        let ledger = Ledger()
        let hovers = PointerDeliveryInvariantTests.HoverLedger()
        let app = Application()
        var windows: [Window] = []
        var views: [LedgerView] = []
        var scrollViews: [ScrollView] = []
        var menus: [(ContextMenuInteraction, MenuDelegate)] = []
        var drags: [(DragInteraction, DragDelegate)] = []
        var drops: [(DropInteraction, DropDelegate)] = []
        var fingers = RandomFingers(reach: (4, 60))
        var keysDown: Set<Int> = []
        /// The mouse: where it is and the buttons it holds.
        var pointerAt = Point(200, 200)
        var buttons: Event.ButtonMask = []
        var time = 0.0

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let window = Window(frame: Rect(0, 0, 400, 400), in: app)
                windows.append(window)
                var containers: [View] = [window]
                // Scroll views that autoscroll while a session nears their edges (A11).
                if rng.chance(0.5) {
                    let scroll = ScrollView(frame: Rect(0, 0, Double.random(in: 200..<400, using: &rng), Double.random(in: 200..<400, using: &rng)), in: app)
                    scroll.contentSize = Size(800, 800)
                    scroll.autoscrollsDuringDrag = rng.chance(0.8)
                    window.addSubview(scroll)
                    containers.append(scroll)
                    scrollViews.append(scroll)
                }
                for _ in 0..<Int.random(in: 2...8, using: &rng) {
                    let view = LedgerView(frame: Rect(Double.random(in: 0..<150, using: &rng), Double.random(in: 0..<150, using: &rng),
                                                      Double.random(in: 60..<250, using: &rng), Double.random(in: 60..<250, using: &rng)), in: app)
                    view.ledger = ledger
                    view.behaviour = [.forward, .intercept, .interceptAndPassOn].randomElement(using: &rng)!
                    containers.randomElement(using: &rng)!.addSubview(view)
                    containers.append(view)
                    views.append(view)
                    decorate(view)
                }
            }
            windows[0].makeKey()
            // Some delegates change the world from inside their calls.
            let stream = self
            func effect(_ rng: inout SplitMix64) -> SideEffect? {
                rng.chance(0.15) ? SideEffect(seed: rng.next()) { stream.change(&$0) } : nil
            }
            for (_, delegate) in menus { delegate.sideEffect = effect(&rng) }
            for (_, delegate) in drags { delegate.sideEffect = effect(&rng) }
            for (_, delegate) in drops { delegate.sideEffect = effect(&rng) }
        }

        /// Maybe interactions and recognizers on `view`.
        mutating func decorate(_ view: View) {
            if rng.chance(0.3) {
                let configuration: ContextMenuConfiguration? = switch Int.random(in: 0..<5, using: &rng) {
                case 0: nil
                case 1: ContextMenuConfiguration(items: [])
                default: ContextMenuConfiguration(items: [menuItem("item", Rect(300, 300, 80, 40), action: "x")])
                }
                let delegate = MenuDelegate(violations, configuration: configuration)
                let interaction = ContextMenuInteraction(delegate: delegate)
                try? view.addInteraction(interaction)
                menus.append((interaction, delegate))
            }
            if rng.chance(0.5) {
                let delegate = DragDelegate(violations, items: rng.chance(0.8) ? [DragItem("item")] : [])
                let interaction = DragInteraction(delegate: delegate)
                interaction.allowsSimultaneousRecognitionDuringLift = rng.chance(0.3)
                interaction.allowsMove = rng.chance(0.5)
                try? view.addInteraction(interaction)
                drags.append((interaction, delegate))
            }
            if rng.chance(0.6) {
                let delegate = DropDelegate(violations, canHandle: rng.chance(0.9),
                                            proposal: [.copy, .move, .cancel, .forbidden].randomElement(using: &rng)!)
                let interaction = DropInteraction(delegate: delegate)
                try? view.addInteraction(interaction)
                drops.append((interaction, delegate))
            }
            if rng.chance(0.2) { view.addGestureRecognizer(LongPressGestureRecognizer()) }
            if rng.chance(0.2) { view.addGestureRecognizer(PanGestureRecognizer()) }
            if rng.chance(0.2) { view.addGestureRecognizer(TapGestureRecognizer()) }
            if rng.chance(0.4) {
                let hover = HoverGestureRecognizer()
                hovers.watch(hover)
                view.addGestureRecognizer(hover)
            }
        }

        /// A change between frames or from a timer.
        func change(_ rng: inout SplitMix64) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                views.randomElement(using: &rng)?.removeFromSuperview()
            case 1:
                guard let view = views.randomElement(using: &rng), let window = windows.randomElement(using: &rng) else { return }
                let targets = [window as View] + views.filter { $0.window === window && !$0.isDescendant(of: view) }
                targets.randomElement(using: &rng)!.addSubview(view)
            case 2:
                guard let view = views.randomElement(using: &rng), let interaction = view.interactions.randomElement(using: &rng) else { return }
                view.removeInteraction(interaction)
            case 3:
                menus.randomElement(using: &rng)?.0.dismissMenu()
            case 4:
                views.randomElement(using: &rng)?.isHidden.toggle()
            default:
                windows.randomElement(using: &rng)?.makeKey()
            }
        }

        mutating func step() throws {
            let touches = fingers.frame(using: &rng)
            var keys: [KeyInput] = []
            if rng.chance(0.1) {
                // Escape, the Menu key or Shift-F10, down or up.
                let code = [41, 101, 67].randomElement(using: &rng)!
                let flags: KeyModifierFlags = code == 67 ? .shift : []
                if keysDown.contains(code) {
                    keys.append(KeyInput(code: code, phase: .up, modifierFlags: flags)); keysDown.remove(code)
                } else {
                    keys.append(KeyInput(code: code, phase: .down, modifierFlags: flags)); keysDown.insert(code)
                }
            }
            // The mouse: secondary clicks open menus at once, primary drags lift at once.
            var pointer: PointerInput?
            if rng.chance(0.25) {
                if buttons.isEmpty && rng.chance(0.4) {
                    buttons = rng.chance(0.5) ? .primary : .secondary
                } else if !buttons.isEmpty && rng.chance(0.3) {
                    buttons = []
                } else {
                    let reach = rng.chance(0.5) ? 2.0 : 40.0
                    pointerAt = Point(pointerAt.x + Double.random(in: -reach..<reach, using: &rng),
                                      pointerAt.y + Double.random(in: -reach..<reach, using: &rng))
                }
                pointer = PointerInput(id: 100, location: pointerAt, buttons: buttons)
            }
            time += [0.01, 0.05, 0.1, 0.2, 0.4].randomElement(using: &rng)!
            try app.send(InputFrame(timestamp: time, touches: touches, pointer: pointer, keys: keys))
        }

        mutating func finish() throws {
            time += 0.1
            try app.send(InputFrame(timestamp: time, touches: fingers.liftAll(),
                                    keys: keysDown.sorted().map { KeyInput(code: $0, phase: .up) }))
            keysDown = []
            time += 0.1
            try app.send(InputFrame(timestamp: time, pointer: PointerInput(id: 100, location: pointerAt, buttons: [])))
            buttons = []
            time += 0.1
            try app.send(InputFrame(timestamp: time, pointer: .left(id: 100)))
            for (menu, _) in menus { menu.dismissMenu() }
            time += 5
            try app.advance(to: time)
        }

        mutating func run(frames: Int) throws {
            for _ in 0..<frames {
                if rng.chance(0.1) { change(&rng) }
                if rng.chance(0.05) {
                    let stream = self
                    let effect = SideEffect(seed: rng.next()) { stream.change(&$0) }
                    app.schedule(at: time + 0.03) { effect.run() }
                }
                try step()
            }
            try finish()
            // The side effects hold a copy of the stream, which holds them: let go.
            for effect in menus.map(\.1.sideEffect) + drags.map(\.1.sideEffect) + drops.map(\.1.sideEffect) { effect?.cancel() }
        }
    }

    @Test func everyMenuLiftAndDropEndsOnceAndInTurn() throws {
        var displays = 0, lifts = 0, drops = 0, entered = 0, began = 0, sessionsBegun = 0, hovers = 0, scrolled = 0
        for seed in TestSeeds.of(1...2000) {
            var stream = Stream(seed: seed)
            try stream.run(frames: 60)
            #expect(stream.violations.list.isEmpty, "seed \(seed): \(stream.violations.list.prefix(3))")
            #expect(stream.ledger.violations.isEmpty, "seed \(seed): \(stream.ledger.violations.prefix(3))")
            #expect(stream.ledger.unbalanced == 0, "seed \(seed): \(stream.ledger.unbalanced) views without exactly one end")
            #expect(stream.hovers.violations.isEmpty, "seed \(seed): \(stream.hovers.violations.prefix(3))")
            #expect(stream.hovers.stillOpen == 0, "seed \(seed): hovers still begun after the pointer left")
            #expect(stream.app.interactionState.isIdle, "seed \(seed): a menu, a drag or a claimed touch left after everything ended")
            for scroll in stream.scrollViews where scroll.window != nil {
                let o = scroll.contentOffset, limit = scroll.maximumContentOffset
                if o != .zero { scrolled += 1 }
                #expect(!scroll.isMoving && o.x >= 0 && o.x <= limit.x && o.y >= 0 && o.y <= limit.y,
                        "seed \(seed): \(scroll) rests at \(o), the content's end at \(limit)")
            }
            hovers += stream.hovers.began
            for (_, menu) in stream.menus {
                #expect(menu.displays == menu.ends && !menu.shown, "seed \(seed): \(menu.displays) menus shown, \(menu.ends) ended")
                displays += menu.displays
            }
            for (_, drag) in stream.drags {
                #expect(drag.unended == 0, "seed \(seed): \(drag.unended) lifts never ended")
                lifts += drag.stages.values.filter { $0 == .ended }.count
                sessionsBegun += drag.begun
            }
            for (_, drop) in stream.drops {
                #expect(drop.unended == 0, "seed \(seed): \(drop.unended) sessions entered never ended")
                drops += drop.drops
                entered += drop.states.values.filter(\.entered).count
            }
            began += stream.ledger.beganCount
            if !stream.violations.list.isEmpty { break }
        }
        // The streams must show menus, lift, begin sessions, enter targets and drop.
        if TestSeeds.playsEverySeed {
            #expect(displays > 400 && lifts > 800 && sessionsBegun > 300)
            #expect(entered > 150 && drops > 25 && began > 3_500 && hovers > 700 && scrolled > 300)
        }
    }
}

import Foundation
import HitTestDifferential
import Testing
@testable import HitKit

/// Behaviour A11 against an independent model (`InteractionModel`, written from SPEC.md): random
/// worlds of views carrying context menus, drags and drops with random answers, driven by random
/// fingers, clicks, keys and edits with times; after every step the delegates' calls in order,
/// the views' touch calls, the open menu, the sessions and the unhandled keys must agree.
@Suite struct InteractionModelDifferentialTests {
    /// 1948: the Menu key ends a held touch's pending menu, and the pan that waited for it
    /// begins before the next input.
    static let seeds = Array(TestSeeds.of(1...200)) + [1948]
    static let stepsPerSeed = 80

    @Test(arguments: seeds)
    func hitKitAgreesWithTheModel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let spec = Self.randomWorld(&random)
        let stage = try HitKitWorld(spec)
        let model = InteractionModel(spec)
        var generator = OpGenerator(spec: spec)
        var time = 0.0
        let traced = ProcessInfo.processInfo.environment["MODEL_TRACE_SEED"].flatMap { UInt64($0) }
        if traced == seed { print("TRACE world \(spec)") }
        for step in 0..<Self.stepsPerSeed {
            let op = generator.next(&random, session: model.session.map { $0.begun ? .begun : .lifted })
            time += op.timeStep(&random)
            model.resetStep()
            stage.resetStep()
            model.apply(op, at: time)
            try stage.apply(op, at: time)
            let expected = model.observe(), actual = stage.observe()
            if traced == seed { print("TRACE \(step) at \(time): \(op)\n  \(actual)") }
            if expected != actual {
                Issue.record("""
                    seed \(seed), step \(step) at \(time): \(op)
                      model: \(expected)
                      HitKit: \(actual)
                    """)
                return
            }
        }
    }

    // MARK: Random worlds

    static func randomWorld(_ random: inout SplitMix64) -> WorldSpec {
        var views: [WorldSpec.ViewSpec] = []
        for index in 0..<Int.random(in: 3...5, using: &random) {
            let parent: Int? = index == 0 || random.chance(0.5) ? nil : Int.random(in: 0..<index, using: &random)
            let (pw, ph) = parent.map { (views[$0].frame.w, views[$0].frame.h) } ?? (400, 400)
            let w = Int.random(in: pw / 3...pw * 3 / 4, using: &random)
            let h = Int.random(in: ph / 3...ph * 3 / 4, using: &random)
            let frame = IRect(x: Int.random(in: 0...pw - w, using: &random), y: Int.random(in: 0...ph - h, using: &random), w: w, h: h)
            var view = WorldSpec.ViewSpec(parent: parent, frame: frame)
            view.longPress = random.chance(0.3)
            view.pan = random.chance(0.3)
            if random.chance(0.55) {
                let roll = Double.random(in: 0..<1, using: &random)
                if roll < 0.25 {
                    view.menu = WorldSpec.MenuAnswer.none
                } else if roll < 0.45 {
                    view.menu = .empty
                } else {
                    view.menu = .items((0..<Int.random(in: 1...2, using: &random)).map { item in
                        WorldSpec.ItemSpec(id: "i\(item)", frame: IRect(x: Int.random(in: 0...340, using: &random),
                                                                        y: Int.random(in: 0...370, using: &random), w: 60, h: 30),
                                           enabled: random.chance(0.8))
                    })
                }
            }
            if random.chance(0.6) {
                view.drag = WorldSpec.DragSpec(items: random.chance(0.25) ? 0 : 1, allowsMove: random.chance(0.5),
                                               simultaneous: random.chance(0.3))
            }
            if random.chance(0.6) {
                view.drop = WorldSpec.DropSpec(canHandle: random.chance(0.75),
                                               proposal: [DropProposal.cancel, .copy, .move, .forbidden].randomElement(using: &random)!)
            }
            views.append(view)
        }
        let firstResponder = random.chance(0.6) ? Int.random(in: 0..<views.count, using: &random) : nil
        return WorldSpec(views: views, firstResponder: firstResponder)
    }

    /// Random operations that keep at most one touch down.
    struct OpGenerator {
        let spec: WorldSpec
        var finger: Int?
        var nextFinger = 1
        var pointerDown = false
        var location = IPoint(x: 0, y: 0)

        init(spec: WorldSpec) { self.spec = spec }

        func absoluteFrame(_ v: Int) -> IRect {
            var f = spec.views[v].frame
            var parent = spec.views[v].parent
            while let p = parent { f.x += spec.views[p].frame.x; f.y += spec.views[p].frame.y; parent = spec.views[p].parent }
            return f
        }

        /// A point in a view, on a menu item, or anywhere.
        func point(_ random: inout SplitMix64) -> IPoint {
            let roll = Double.random(in: 0..<1, using: &random)
            let items = spec.views.flatMap { view -> [IRect] in
                if case .items(let items) = view.menu { return items.map(\.frame) }
                return []
            }
            let frame: IRect
            if roll < 0.25, let item = items.randomElement(using: &random) {
                frame = item
            } else if roll < 0.8 {
                frame = absoluteFrame(Int.random(in: 0..<spec.views.count, using: &random))
            } else {
                frame = IRect(x: 0, y: 0, w: 400, h: 400)
            }
            return IPoint(x: Int.random(in: frame.x..<frame.x + frame.w, using: &random),
                          y: Int.random(in: frame.y..<frame.y + frame.h, using: &random))
        }

        enum SessionPhase { case lifted, begun }

        /// A move: mostly small while a touch is held still, far once a drag has lifted.
        func moved(_ random: inout SplitMix64, session: SessionPhase?) -> IPoint {
            if session == .begun, random.chance(0.6) { return point(&random) }
            if session == .lifted, random.chance(0.5) { return point(&random) }
            let roll = Double.random(in: 0..<1, using: &random)
            let reach = roll < 0.3 ? 2 : roll < 0.6 ? 7 : roll < 0.7 ? 0 : 60
            if reach == 0 {   // onto an allowance exactly: 3 pt or 10 pt along an axis
                let d = [3, 10].randomElement(using: &random)!
                return IPoint(x: min(max(location.x + d, 0), 399), y: location.y)
            }
            if roll > 0.9 { return point(&random) }
            var p = location
            repeat {
                p = IPoint(x: min(max(location.x + Int.random(in: -reach...reach, using: &random), 0), 399),
                           y: min(max(location.y + Int.random(in: -reach...reach, using: &random), 0), 399))
            } while p == location
            return p
        }

        mutating func next(_ random: inout SplitMix64, session: SessionPhase?) -> ModelOp {
            let roll = Double.random(in: 0..<1, using: &random)
            if let id = finger {
                switch roll {
                case ..<0.4: location = moved(&random, session: session); return .fingerMove(id, location)
                case ..<0.65: return .wait
                case ..<0.78: finger = nil; return .fingerUp(id)
                case ..<0.83: finger = nil; return .fingerCancel(id)
                case ..<0.91: return .key(KeyKind.allCases.randomElement(using: &random)!)
                default: return edit(&random)
                }
            }
            if pointerDown {
                switch roll {
                case ..<0.45: location = moved(&random, session: session); return .pointerMove(location)
                case ..<0.7: return .wait
                case ..<0.85: pointerDown = false; return .pointerUp
                case ..<0.92: return .key(KeyKind.allCases.randomElement(using: &random)!)
                default: return edit(&random)
                }
            }
            switch roll {
            case ..<0.35:
                location = point(&random)
                finger = nextFinger
                // The pointer stays on the screen under its id, which no finger may take (A8).
                nextFinger += nextFinger + 1 == HitKitWorld.pointerID ? 2 : 1
                return .fingerDown(finger!, location)
            case ..<0.55:
                location = point(&random); pointerDown = true; return .pointerDown(location, secondary: false)
            case ..<0.7:
                location = point(&random); pointerDown = true; return .pointerDown(location, secondary: true)
            case ..<0.82: return .key(KeyKind.allCases.randomElement(using: &random)!)
            case ..<0.92: return edit(&random)
            default: return .wait
            }
        }

        func edit(_ random: inout SplitMix64) -> ModelOp {
            let view = Int.random(in: 0..<spec.views.count, using: &random)
            let roll = Double.random(in: 0..<1, using: &random)
            switch roll {
            case ..<0.2: return .hide(view)
            case ..<0.35: return .removeView(view)
            case ..<0.75: return .removeInteraction(view, InteractionKind.allCases.randomElement(using: &random)!)
            default: return .dismissMenu(view)
            }
        }
    }
}

extension ModelOp {
    /// The clock's step before the operation: edits happen between frames; times avoid the
    /// timers' instants exactly (0.15, 0.325, 3 s).
    func timeStep(_ random: inout SplitMix64) -> Double {
        switch self {
        case .hide, .removeView, .removeInteraction, .dismissMenu: 0
        case .wait: [0.119, 0.207, 0.263, 0.511, 1.117, 3.301].randomElement(using: &random)!
        default: [0.013, 0.047, 0.089, 0.171].randomElement(using: &random)!
        }
    }
}

extension InteractionModel {
    func apply(_ op: ModelOp, at time: Double) {
        switch op {
        case let .fingerDown(id, p): fingerDown(id, p, at: time)
        case let .fingerMove(_, p), let .pointerMove(p): move(to: p, at: time)
        case .fingerUp, .pointerUp: up(at: time)
        case .fingerCancel: cancelTouch(at: time)
        case let .pointerDown(p, secondary): fingerDown(HitKitWorld.pointerID, p, at: time, pointer: true, secondary: secondary)
        case .wait: fireTimers(through: time); now = time
        case let .key(kind): key(kind, at: time)
        case let .hide(v): hide(v)
        case let .removeView(v): removeView(v)
        case let .removeInteraction(v, kind): removeInteraction(v, kind)
        case let .dismissMenu(v): dismissMenu(v)
        }
    }
}

/// The same world in HitKit, with delegates and views that write the model's lines.
final class HitKitWorld {
    static let pointerID = 9

    final class LoggingView: View {
        var name = ""
        var log: InteractionLog?
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log?.lines.append("\(name) began") }
        override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log?.lines.append("\(name) moved") }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log?.lines.append("\(name) ended") }
        override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log?.lines.append("\(name) cancelled") }
    }

    /// The configuration a world's menu answers with; its items' handlers log the item performed.
    static func menuConfiguration(_ name: String, _ log: InteractionLog, _ answer: WorldSpec.MenuAnswer) -> ContextMenuConfiguration? {
        switch answer {
        case .none: return nil
        case .empty: return ContextMenuConfiguration(items: [])
        case .items(let items):
            return ContextMenuConfiguration(items: items.map { item in
                menuItem(item.id, Rect(Double(item.frame.x), Double(item.frame.y), Double(item.frame.w), Double(item.frame.h)),
                         enabled: item.enabled) { [log] performed in log.lines.append("\(name) perform \(performed.identifier)") }
            })
        }
    }

    final class DropDelegate: DropInteractionDelegate {
        let name: String, log: InteractionLog, spec: WorldSpec.DropSpec
        init(_ name: String, _ log: InteractionLog, _ spec: WorldSpec.DropSpec) { self.name = name; self.log = log; self.spec = spec }
        func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
            log.lines.append("\(name) canHandle \(spec.canHandle)")
            return spec.canHandle
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) { log.lines.append("\(name) enter") }
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
            log.lines.append("\(name) update \(spec.proposal)")
            return spec.proposal
        }
        func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) { log.lines.append("\(name) exit") }
        func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) { log.lines.append("\(name) performDrop") }
        func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DragSession) { log.lines.append("\(name) concludeDrop") }
        func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragSession) { log.lines.append("\(name) sessionDidEnd") }
    }

    let app = Application()
    let window: Window
    let log = InteractionLog()
    let recognizerLog = InteractionLog()
    var views: [LoggingView] = []
    var menus: [Int: ContextMenuInteraction] = [:]
    var drags: [Int: DragInteraction] = [:]
    var drops: [Int: DropInteraction] = [:]
    /// Every drag's name, kept after its removal (a session outlives its source's removal).
    var dragNames: [ObjectIdentifier: Int] = [:]
    var delegates: [AnyObject] = []
    var unhandled: [Int] = []
    var pointerButtons: Event.ButtonMask = []
    var pointerLocation = Point(x: 0, y: 0)
    var fingerLocation = Point(x: 0, y: 0)

    init(_ spec: WorldSpec) throws {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        window.makeKey()
        for (index, viewSpec) in spec.views.enumerated() {
            let f = viewSpec.frame
            let view = LoggingView(frame: Rect(Double(f.x), Double(f.y), Double(f.w), Double(f.h)), in: app)
            view.name = "v\(index)"
            view.log = log
            (viewSpec.parent.map { views[$0] } ?? window).addSubview(view)
            views.append(view)
            // Recognizers first: the interactions, added after them, come first in priority order.
            if viewSpec.longPress { addRecognizer(LongPressGestureRecognizer(), "lp\(index)", to: view) }
            if viewSpec.pan { addRecognizer(PanGestureRecognizer(), "pan\(index)", to: view) }
            if let answer = viewSpec.menu {
                let delegate = RecordingMenuDelegate("m\(index)", log: log, configuration: Self.menuConfiguration("m\(index)", log, answer))
                let menu = ContextMenuInteraction(delegate: delegate)
                try view.addInteraction(menu)
                delegates.append(delegate)
                menus[index] = menu
            }
            if let dragSpec = viewSpec.drag {
                let delegate = RecordingDragDelegate("d\(index)", log: log, items: Array(repeating: DragItem("x"), count: dragSpec.items))
                let drag = DragInteraction(delegate: delegate)
                drag.allowsMove = dragSpec.allowsMove
                drag.allowsSimultaneousRecognitionDuringLift = dragSpec.simultaneous
                try view.addInteraction(drag)
                delegates.append(delegate)
                drags[index] = drag
                dragNames[ObjectIdentifier(drag)] = index
            }
            if let dropSpec = viewSpec.drop {
                let delegate = DropDelegate("p\(index)", log, dropSpec)
                let drop = DropInteraction(delegate: delegate)
                try view.addInteraction(drop)
                delegates.append(delegate)
                drops[index] = drop
            }
        }
        if let first = spec.firstResponder {
            views[first].acceptsFirstResponder = true
            _ = views[first].becomeFirstResponder()
        }
    }

    func addRecognizer(_ recognizer: GestureRecognizer, _ name: String, to view: View) {
        recognizer.observeStateChanges { [recognizerLog] _, state in recognizerLog.lines.append("\(name) \(state)") }
        view.addGestureRecognizer(recognizer)
    }

    func resetStep() { log.lines = []; recognizerLog.lines = []; unhandled = [] }

    func point(_ p: IPoint) -> Point { Point(x: Double(p.x), y: Double(p.y)) }

    func apply(_ op: ModelOp, at time: Double) throws {
        switch op {
        case let .fingerDown(id, p):
            fingerLocation = point(p)
            try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .began, location: point(p))]))
        case let .fingerMove(id, p):
            fingerLocation = point(p)
            try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .moved, location: point(p))]))
        case let .fingerUp(id):
            try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .ended, location: fingerLocation)]))
        case let .fingerCancel(id):
            try app.send(InputFrame(timestamp: time, touches: [TouchInput(id: id, phase: .cancelled, location: fingerLocation)]))
        case let .pointerDown(p, secondary):
            pointerButtons = secondary ? .secondary : .primary
            pointerLocation = point(p)
            try sendPointer(at: time)
        case let .pointerMove(p):
            pointerLocation = point(p)
            try sendPointer(at: time)
        case .pointerUp:
            pointerButtons = []
            try sendPointer(at: time)
        case .wait:
            try app.advance(to: time)
        case let .key(kind):
            let (code, flags): (Int, KeyModifierFlags) = switch kind {
            case .escape: (41, [])
            case .menu: (101, [])
            case .shiftF10: (67, .shift)
            }
            let outcome = try app.send(InputFrame(timestamp: time, keys: [
                KeyInput(code: code, phase: .down, modifierFlags: flags), KeyInput(code: code, phase: .up, modifierFlags: flags),
            ]))
            unhandled = outcome.unhandledKeys
        case let .hide(v):
            views[v].isHidden = true
        case let .removeView(v):
            views[v].removeFromSuperview()
        case let .removeInteraction(v, kind):
            let interaction: Interaction? = switch kind {
            case .menu: menus.removeValue(forKey: v)
            case .drag: drags.removeValue(forKey: v)
            case .drop: drops.removeValue(forKey: v)
            }
            if let interaction { views[v].removeInteraction(interaction) }
        case let .dismissMenu(v):
            menus[v]?.dismissMenu()
        }
    }

    func sendPointer(at time: Double) throws {
        try app.send(InputFrame(timestamp: time, pointer: PointerInput(id: Self.pointerID, location: pointerLocation, buttons: pointerButtons)))
    }

    func name(of view: View?) -> Int? { views.firstIndex { $0 === view } }

    func observe() -> Observation {
        let open = app.openContextMenu.map { menu in
            "m\(name(of: menu.view).map(String.init) ?? "?")" + (menu.openMenu?.isCompact == true ? " compact" : "")
        }
        let sessions = app.dragSessions.map { session in
            let source = dragNames[ObjectIdentifier(session.source)].map(String.init) ?? "?"
            return "d\(source) " + (session.hasBegun ? "begun" : "lifted")
        }
        return Observation(lines: log.lines, recognizerLines: recognizerLog.lines, openMenu: open, sessions: sessions, unhandledKeys: unhandled)
    }
}


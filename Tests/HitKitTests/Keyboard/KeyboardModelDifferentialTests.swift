import HitTestDifferential
import Testing
@testable import HitKit

/// SPEC A10 (with A7's chain) as an independent model (`KeyboardModel`) against HitKit: random
/// windows of views, controls, switches and controllers with random focusability, focus group
/// identifiers, first-responder willingness, press consumption, key commands and performable
/// actions; random frames of key events (Tab, Shift-Tab, arrows, Return, Space, Escape, letters
/// and Shift with random modifiers; repeats, ups, the host's cancels, bad input) and random edits
/// between them (hide, alpha, interaction, enable, focusability, group, remove, move within and
/// between windows, key window, first responder, focus system, key commands, consumption,
/// frames, actions, present, dismiss, remove a window) — also from inside a frame: any edit from
/// a key command's action, and focusability edits from a press handler. After every step the press calls of every watched responder, the key
/// commands performed, the controls' events, the focus changes, the unhandled and rejected keys,
/// the frame's outcome and each window's first responder, focused item and switches are compared.
@Suite struct KeyboardModelDifferentialTests {
    static let seeds = Array(TestSeeds.of(1...250))
    static let stepsPerSeed = 80

    @Test func hitKitFollowsTheModelOfTheContractOverRandomWorlds() {
        var compared = 0
        for seed in Self.seeds {
            let twin = KeyboardTwin(seed: seed)
            compared += twin.run(steps: Self.stepsPerSeed)
            twin.dismantle()
            if twin.failed { break }
        }
        #expect(compared >= Self.seeds.count * Self.stepsPerSeed / 2, "most steps are compared (\(compared))")
    }
}

/// A plain view that may refuse to resign first responder.
final class StubbornView: View {
    var refusesToResign = false
    override var canResignFirstResponder: Bool { !refusesToResign }
}

/// What HitKit's observers saw, shared by the observers' closures.
final class KeyboardRecorder {
    var seen = KeyboardObservations()
    var names: [ObjectIdentifier: String] = [:]
    /// The responders whose press observer consumes a began (HitKit's copy of the model's flag).
    var consumers: Set<String> = []
    weak var twin: KeyboardTwin?

    func name(_ object: AnyObject?) -> String {
        guard let object else { return "-" }
        return names[ObjectIdentifier(object)] ?? "?"
    }
}

/// One random world, built twice: as `ModelNode`s and as HitKit objects.
final class KeyboardTwin {
    let seed: UInt64
    var rng: SplitMix64
    let model = KeyboardModel()
    let app = Application()
    let recorder = KeyboardRecorder()
    var tokens: [ObservationToken] = []
    /// The application keeps its delegate weakly.
    var delegateKeeper: AnyObject?
    var failed = false

    var nodes: [ModelNode] = []
    var objects: [ObjectIdentifier: Responder] = [:]
    var commandObjects: [ObjectIdentifier: KeyCommand] = [:]
    var allCommands: [ModelCommand] = []
    /// Keys the host holds down, with the `down` each repeat copies.
    var hostDown: [Int: KeyInput] = [:]
    var time = 0.0
    var history: [String] = []
    var counter = 0
    /// How often a leaf joins a named group: high in some worlds, so that arrows have room.
    var leafGroupChance = 0.3
    /// Whether plain views are `StubbornView`s (then not HitKit's own class).
    var usesStubbornViews = false

    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed)
        register(model.application, app)
        let sparse = rng.chance(0.3)  // most responders unwatched: HitKit's default path runs
        leafGroupChance = rng.chance(0.5) ? 0.95 : 0.3
        usesStubbornViews = rng.chance(0.4)
        let delegate: Responder?
        switch Int.random(in: 0..<4, using: &rng) {
        case 0, 1:
            let node = ModelNode("delegate", .delegate)
            model.delegate = node
            delegate = Responder()
            register(node, delegate!)
        case 2:
            delegate = View(frame: Rect(0, 0, 10, 10), in: app)  // a view delegate is no next responder
        default:
            delegate = nil
        }
        app.delegate = delegate
        let keepDelegate = delegate
        for index in 0..<Int.random(in: 1...3, using: &rng) {
            let node = ModelNode("w\(index)", .window)
            let window = Window(frame: Rect(0, 0, 400, 400), in: app)
            register(node, window)
            model.windows.append(node)
            var top = node
            if rng.chance(0.6) {
                let view = makeView(.view, under: node, frame: (0, 0, 400, 400))
                let controller = makeController(for: view)
                node.rootController = controller
                window.rootViewController = (hk(controller) as! ViewController)
                top = view
            }
            buildTree(under: top, depth: 0)
        }
        // Controllers to present, their views outside any window until then.
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let view = makeView(.view, under: nil, frame: (grid(4), grid(4), 200, 200))
            if rng.chance(0.4) { setGroup(view, "g1") }
            buildTree(under: view, depth: 1)
            _ = makeController(for: view)
        }
        for node in [model.application] + nodes { configure(node, sparse: sparse) }
        delegateKeeper = keepDelegate
        for window in model.windows where rng.chance(0.7) {
            window.focusSystemOn = true
            (hk(window) as! Window).isFocusSystemEnabled = true
        }
        if rng.chance(0.9) { makeKey(model.windows[0]) }
        observeApplication()
        model.afterPerforming = { [unowned self] in editFromAnAction() }
        model.duringBegan = { [unowned self] in editFromABegan() }
        recorder.twin = self
        recorder.seen.clear()
        model.seen.clear()
    }

    // MARK: Building

    func register(_ node: ModelNode, _ object: Responder) {
        objects[ObjectIdentifier(node)] = object
        recorder.names[ObjectIdentifier(object)] = node.name
        if node.kind != .application { nodes.append(node) }
    }

    func hk(_ node: ModelNode) -> Responder { objects[ObjectIdentifier(node)]! }
    func hkView(_ node: ModelNode) -> View { hk(node) as! View }

    func nextName(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    func makeView(_ kind: ModelNode.Kind, under parent: ModelNode?, frame: (Double, Double, Double, Double)) -> ModelNode {
        let prefix = switch kind {
        case .button: "b"
        case .toggle: "s"
        case .control: "k"
        default: "v"
        }
        let node = ModelNode(nextName(prefix), kind)
        (node.x, node.y, node.width, node.height) = frame
        let rect = Rect(frame.0, frame.1, frame.2, frame.3)
        let view: View = switch kind {
        case .button: Button(frame: rect, in: app)
        case .toggle: Switch(frame: rect, in: app)
        case .control: Control(frame: rect, in: app)
        case .scroll: ScrollView(frame: rect, in: app)
        default: usesStubbornViews ? StubbornView(frame: rect, in: app) : View(frame: rect, in: app)
        }
        register(node, view)
        if let parent {
            node.superview = parent
            parent.subviews.append(node)
            hkView(parent).addSubview(view)
        }
        if node.isControl { observeControl(node, view as! Control) }
        return node
    }

    func makeController(for view: ModelNode) -> ModelNode {
        let node = ModelNode(nextName("c"), .controller)
        node.view = view
        view.controller = node
        register(node, ViewController(view: hkView(view)))
        return node
    }

    func grid(_ limit: Int) -> Double { Double(Int.random(in: 0...limit, using: &rng) * 20) }

    func buildTree(under parent: ModelNode, depth: Int) {
        for _ in 0..<Int.random(in: depth == 0 ? 2...4 : 1...3, using: &rng) {
            let roll = Double.random(in: 0..<1, using: &rng)
            if depth < 2 && roll < 0.3 {
                let container = makeView(rng.chance(0.2) ? .scroll : .view, under: parent, frame: (grid(8), grid(8), 160, 120))
                if container.kind == .scroll && rng.chance(0.5) {
                    (container.offsetX, container.offsetY) = (grid(3), grid(3))
                    let scroll = hkView(container) as! ScrollView
                    scroll.contentSize = Size(width: 1000, height: 1000)
                    scroll.contentOffset = Point(container.offsetX, container.offsetY)
                }
                if rng.chance(0.7) { setGroup(container, ["g1", "g2", "g3"].randomElement(using: &rng)) }
                if rng.chance(0.3) { container.width = 300; container.height = 200; hkView(container).frame = Rect(container.x, container.y, 300, 200) }
                if rng.chance(0.15) { _ = makeController(for: container) }
                buildTree(under: container, depth: depth + 1)
            } else {
                let kind: ModelNode.Kind = roll < 0.55 ? .button : roll < 0.7 ? .toggle : roll < 0.8 ? .control : .view
                let side = [20.0, 40, 60].randomElement(using: &rng)!
                let leaf = makeView(kind, under: parent, frame: (grid(7), grid(5), side, side))
                if kind == .view && rng.chance(0.6) { setAllowsFocus(leaf, true) }
                if rng.chance(0.1) { setAllowsFocus(leaf, [nil, true, false].randomElement(using: &rng)!) }
                // Groups that span containers, and leaves of the window's own group.
                if rng.chance(leafGroupChance) { setGroup(leaf, rng.chance(0.8) ? "g1" : "g2") }
            }
        }
    }

    static let actionNames = ["copy", "paste", "save", "undo"]
    static let inputs = ["a", "A", "s", "S", "\t", "\r", " ", KeyCommand.inputEscape, KeyCommand.inputUpArrow,
                         KeyCommand.inputDownArrow, KeyCommand.inputLeftArrow, KeyCommand.inputRightArrow]

    func configure(_ node: ModelNode, sparse: Bool) {
        let responder = hk(node)
        if node.kind != .application && node.kind != .window && rng.chance(0.35) {
            node.acceptsFirstResponder = true
            responder.acceptsFirstResponder = true
        }
        for action in Self.actionNames where rng.chance(0.25) { node.actions.insert(action) }
        responder.performableActions = Set(node.actions.map { Action($0) })
        for _ in 0..<(rng.chance(0.45) ? Int.random(in: 1...3, using: &rng) : 0) {
            var flags: KeyModifierFlags = []
            if rng.chance(0.4) {
                for flag in [KeyModifierFlags.shift, .command, .control] where rng.chance(0.4) { flags.insert(flag) }
            }
            let command = ModelCommand(name: nextName("kc"), input: Self.inputs.randomElement(using: &rng)!,
                                       flags: flags, action: Self.actionNames.randomElement(using: &rng)!)
            command.wantsPriority = rng.chance(0.3)
            command.isRepeatable = rng.chance(0.7)
            command.isEnabled = rng.chance(0.85)
            let real = KeyCommand(input: command.input, modifierFlags: flags, action: Action(command.action))
            real.wantsPriorityOverSystemBehavior = command.wantsPriority
            real.isRepeatable = command.isRepeatable
            real.isEnabled = command.isEnabled
            node.commands.append(command)
            allCommands.append(command)
            commandObjects[ObjectIdentifier(command)] = real
            recorder.names[ObjectIdentifier(real)] = command.name
            responder.addKeyCommand(real)
        }
        node.isObserved = !sparse || rng.chance(0.15)
        if node.isObserved {
            node.consumesPresses = rng.chance(0.05)
            if node.consumesPresses { recorder.consumers.insert(node.name) }
            let recorder = recorder
            tokens.append(responder.observePresses { [unowned node] _, method, presses, _ in
                let codes = presses.compactMap { $0.key?.keyCode.rawValue }.sorted().map(String.init)
                recorder.seen.presses.append("\(node.name) \(method.rawValue) \(codes.joined(separator: ","))")
                if method == .pressesBegan, let twin = recorder.twin, !twin.editsInsideBegans.isEmpty {
                    twin.editsInsideBegans.removeFirst().forEach { $0() }
                }
                return method == .pressesBegan && recorder.consumers.contains(node.name) ? [] : presses
            })
        }
    }

    func observeControl(_ node: ModelNode, _ control: Control) {
        let recorder = recorder
        let name = node.name
        for (event, label) in [(Control.Event.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"),
                               (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered")] {
            _ = control.addAction(for: event) { _ in recorder.seen.controls.append("\(name) \(label)") }
        }
    }

    func observeApplication() {
        let recorder = recorder
        tokens.append(app.observeKeyCommands { [unowned self] _ in
            guard !editsInsideFrame.isEmpty else { return }
            editsInsideFrame.removeFirst().forEach { $0() }
        })
        tokens.append(app.observeKeyCommands { report in
            recorder.seen.commands.append("\(recorder.name(report.command)) by \(recorder.name(report.receiver)) "
                + "target \(recorder.name(report.target))\(report.isRepeat ? " repeat" : "")")
        })
        tokens.append(app.observeFocus { context in
            recorder.seen.focus.append("\(recorder.name(context.window)) \(recorder.name(context.previouslyFocusedItem)) "
                + "-> \(recorder.name(context.nextFocusedItem)) \(context.focusHeading)")
        })
        tokens.append(app.observeKeyEvents { report in
            switch report.fate {
            case .unhandled: recorder.seen.keyEvents.append("\(report.index) unhandled")
            case .unhandledRepeat: recorder.seen.keyEvents.append("\(report.index) unhandledRepeat")
            case .rejected(let problem): recorder.seen.keyEvents.append("\(report.index) rejected \(problem.kind)")
            }
        })
    }

    // MARK: Edits, applied to both

    func setGroup(_ node: ModelNode, _ id: String?) {
        node.groupID = id
        hitKit { [unowned self] in hkView(node).focusGroupIdentifier = id }
    }

    func setAllowsFocus(_ node: ModelNode, _ value: Bool?) {
        node.allowsFocus = value
        hitKit { [unowned self] in hkView(node).allowsFocus = value }
    }

    func makeKey(_ window: ModelNode) {
        model.makeKey(window)
        hitKit { [unowned self] in (hk(window) as! Window).makeKey() }
    }

    var views: [ModelNode] { nodes.filter { $0.isView && !$0.isWindow } }

    /// HitKit's half of an edit: done at once between frames; inside a frame, queued for the key
    /// command performance the model made it at (the model runs the whole frame first).
    var queuesHitKitEdits = false
    var queuedEdit: [() -> Void] = []
    var editsInsideFrame: [[() -> Void]] = []

    /// Frees the world once it has run: unlinks the model's nodes and drops the edits no frame
    /// ran (under LeakSanitizer a world left linked is a leak).
    func dismantle() {
        for node in [model.application] + nodes { node.unlink() }
        model.delegate?.unlink()
        model.delegate = nil
        model.keyWindow = nil
        model.windows = []
        model.held = [:]
        queuedEdit = []
        editsInsideFrame = []
        editsInsideBegans = []
    }

    /// Edits are queued as closures the twin keeps until a frame runs them, so they hold it
    /// unowned: an edit left unrun would otherwise keep the twin, its application and every
    /// view alive after the test.
    func hitKit(_ body: @escaping () -> Void) {
        if queuesHitKitEdits { queuedEdit.append(body) } else { body() }
    }

    /// Inside a frame, after each key command the model performs: sometimes an edit, made from
    /// the command's action (HitKit's half from the key command observer, at the same point).
    func editFromAnAction() {
        queuedEdit = []
        var description = "none"
        if rng.chance(0.6) {
            queuesHitKitEdits = true
            description = randomEdit()
            queuesHitKitEdits = false
        }
        history.append("    in an action: \(description)")
        editsInsideFrame.append(queuedEdit)
    }

    /// As a watched responder receives a began: sometimes an edit of a view's focusability (one
    /// that cancels no press and changes no chain), made from its press observer.
    var editsInsideBegans: [[() -> Void]] = []

    func editFromABegan() {
        queuedEdit = []
        if rng.chance(0.08) {
            queuesHitKitEdits = true
            history.append("    in a began: \(randomEdit(among: 0..<6))")
            queuesHitKitEdits = false
        }
        editsInsideBegans.append(queuedEdit)
    }

    func randomEdit(among kinds: Range<Int> = 0..<21) -> String {
        let views = views
        // Windows' own flags count for focusability too.
        let flagged = rng.chance(0.1) ? model.windows.randomElement(using: &rng)! : views.randomElement(using: &rng)!
        let view = views.randomElement(using: &rng)!
        let controllers = nodes.filter { $0.kind == .controller }
        let real = hkView(view)
        switch Int.random(in: kinds, using: &rng) {
        case 0:
            flagged.isHidden.toggle()
            let hidden = flagged.isHidden
            hitKit { [unowned self] in hkView(flagged).isHidden = hidden }
            model.checkFocus()
            return "\(flagged.name).isHidden = \(flagged.isHidden)"
        case 1:
            flagged.alpha = [1, 0.5, 0.01, 0.009, 0].randomElement(using: &rng)!
            let alpha = flagged.alpha
            hitKit { [unowned self] in hkView(flagged).alpha = alpha }
            model.checkFocus()
            return "\(flagged.name).alpha = \(flagged.alpha)"
        case 2:
            flagged.isInteractive.toggle()
            let interactive = flagged.isInteractive
            hitKit { [unowned self] in hkView(flagged).isUserInteractionEnabled = interactive }
            model.checkFocus()
            return "\(flagged.name).isUserInteractionEnabled = \(flagged.isInteractive)"
        case 3:
            guard let control = views.filter(\.isControl).randomElement(using: &rng) else { return "nothing" }
            control.isEnabled.toggle()
            let enabled = control.isEnabled
            hitKit { [unowned self] in (hk(control) as! Control).isEnabled = enabled }
            model.checkFocus()
            return "\(control.name).isEnabled = \(control.isEnabled)"
        case 4:
            setAllowsFocus(view, [nil, true, false].randomElement(using: &rng)!)
            model.checkFocus()
            return "\(view.name).allowsFocus = \(String(describing: view.allowsFocus))"
        case 5:
            setGroup(view, [nil, "g1", "g2", "g3"].randomElement(using: &rng)!)
            model.checkFocus()
            return "\(view.name).focusGroupIdentifier = \(view.groupID ?? "nil")"
        case 6:
            guard view.superview != nil else { return "nothing" }
            model.move(view, to: nil)
            hitKit { real.removeFromSuperview() }
            return "\(view.name).removeFromSuperview()"
        case 7:
            let isRootView = model.windows.contains { $0.rootController?.view === view }
            let parents = (isRootView ? model.windows : model.windows + views).filter { !$0.isInside(view) }
            guard let parent = parents.randomElement(using: &rng), !wouldLoop(moving: view, to: parent) else { return "nothing" }
            model.move(view, to: parent)
            hitKit { [unowned self] in hkView(parent).addSubview(real) }
            return "\(parent.name).addSubview(\(view.name))"
        case 8:
            guard let window = model.windows.randomElement(using: &rng) else { return "nothing" }
            makeKey(window)
            return "\(window.name).makeKey()"
        case 9, 10:
            // (Whether a view of a destroyed window is in a window is left open: not asked.)
            guard let responder = nodes.filter({ !$0.isWindow && $0.window?.isRemoved != true }).randomElement(using: &rng) else {
                return "nothing"
            }
            let expected = model.becomeFirstResponder(responder)
            model.seen.answers.append("\(responder.name) become \(expected)")
            hitKit { [unowned self] in
                let answer = hk(responder).becomeFirstResponder()
                recorder.seen.answers.append("\(responder.name) become \(answer)")
            }
            return "\(responder.name).becomeFirstResponder()"
        case 11:
            guard let window = model.windows.randomElement(using: &rng), let responder = window.firstResponder else {
                return "nothing"
            }
            if !responder.refusesToResign { window.firstResponder = nil }
            model.seen.answers.append("\(responder.name) resign \(!responder.refusesToResign)")
            hitKit { [unowned self] in
                let answer = hk(responder).resignFirstResponder()
                recorder.seen.answers.append("\(responder.name) resign \(answer)")
            }
            return "\(responder.name).resignFirstResponder()"
        case 12:
            let window = model.windows.randomElement(using: &rng)!
            window.focusSystemOn.toggle()
            let on = window.focusSystemOn
            hitKit { [unowned self] in (hk(window) as! Window).isFocusSystemEnabled = on }
            model.checkFocus()
            return "\(window.name).isFocusSystemEnabled = \(window.focusSystemOn)"
        case 13:
            guard let command = allCommands.randomElement(using: &rng) else { return "nothing" }
            command.isEnabled.toggle()
            let enabled = command.isEnabled, real = commandObjects[ObjectIdentifier(command)]!
            hitKit { real.isEnabled = enabled }
            return "\(command.name).isEnabled = \(command.isEnabled)"
        case 14:
            guard let responder = ([model.application] + nodes).filter(\.isObserved).randomElement(using: &rng) else {
                return "nothing"
            }
            responder.consumesPresses.toggle()
            let consumes = responder.consumesPresses, recorder = recorder
            hitKit {
                if consumes { recorder.consumers.insert(responder.name) } else { recorder.consumers.remove(responder.name) }
            }
            return "\(responder.name) consumes = \(responder.consumesPresses)"
        case 17:
            // A controller presents one that presents none and is not on its chain; a view not
            // in a window is first put in the presenter's (the model does not guess where
            // `present` would put it).
            guard let presenter = controllers.filter({ $0.presented == nil && $0.window.map { !$0.isRemoved } == true })
                    .randomElement(using: &rng),
                  let presented = controllers.filter({ candidate in
                      candidate !== presenter && candidate.presenting == nil && candidate.presented == nil
                          && !model.windows.contains { $0.rootController === candidate }
                          && !model.chain(from: presenter).contains { $0 === candidate }
                  }).randomElement(using: &rng) else { return "nothing" }
            if presented.view!.superview == nil {
                let window = presenter.window!
                model.move(presented.view!, to: window)
                hitKit { [unowned self] in hkView(window).addSubview(hkView(presented.view!)) }
            }
            presented.presenting = presenter
            presenter.presented = presented
            if controllers.contains(where: { model.chainLoops(from: $0) }) || views.contains(where: { model.chainLoops(from: $0) }) {
                presented.presenting = nil
                presenter.presented = nil
                return "nothing"
            }
            hitKit { [unowned self] in (hk(presenter) as! ViewController).present(hk(presented) as! ViewController) }
            return "\(presenter.name).present(\(presented.name))"
        case 18:
            guard let controller = controllers.filter({ $0.presented != nil || $0.presenting != nil }).randomElement(using: &rng) else {
                return "nothing"
            }
            model.dismiss(controller)
            hitKit { [unowned self] in (hk(controller) as! ViewController).dismiss() }
            return "\(controller.name).dismiss()"
        case 19:
            guard rng.chance(0.2), model.windows.filter({ !$0.isRemoved }).count > 1,
                  let window = model.windows.filter({ !$0.isRemoved }).randomElement(using: &rng) else { return "nothing" }
            model.remove(window)
            hitKit { [unowned self] in app.removeWindow(hk(window) as! Window) }
            return "removeWindow(\(window.name))"
        case 15:
            view.x = grid(8)
            view.y = grid(8)
            let frame = Rect(view.x, view.y, view.width, view.height)
            hitKit { real.frame = frame }
            return "\(view.name).frame.origin = (\(view.x), \(view.y))"
        case 16:
            let responder = ([model.application] + nodes).randomElement(using: &rng)!
            let action = Self.actionNames.randomElement(using: &rng)!
            if responder.actions.remove(action) == nil { responder.actions.insert(action) }
            let actions = Set(responder.actions.map { Action($0) })
            hitKit { [unowned self] in hk(responder).performableActions = actions }
            return "\(responder.name).performableActions = \(responder.actions.sorted())"
        case 20:
            guard let stubborn = views.filter({ hk($0) is StubbornView }).randomElement(using: &rng) else { return "nothing" }
            stubborn.refusesToResign.toggle()
            let refuses = stubborn.refusesToResign
            hitKit { [unowned self] in (hk(stubborn) as! StubbornView).refusesToResign = refuses }
            return "\(stubborn.name).refusesToResign = \(stubborn.refusesToResign)"
        default:
            return "nothing"
        }
    }

    /// Whether moving `view` under `parent` would make a presented controller's chain loop
    /// (HitKit traps on it: a precondition, not behaviour).
    func wouldLoop(moving view: ModelNode, to parent: ModelNode) -> Bool {
        let old = view.superview
        view.superview = parent
        defer { view.superview = old }
        return nodes.contains { $0.kind == .controller && $0.presenting != nil && model.chainLoops(from: $0) }
    }

    // MARK: Key frames

    static func down(_ code: Int, _ flags: KeyModifierFlags) -> KeyInput {
        var characters: String, ignoring: String
        switch code {
        case 4...29:
            ignoring = String(UnicodeScalar(UInt8(code - 4) + 97))
            characters = flags.contains(.shift) != flags.contains(.alphaShift) ? ignoring.uppercased() : ignoring
        case 40: (characters, ignoring) = ("\r", "\r")
        case 41: (characters, ignoring) = ("", KeyCommand.inputEscape)
        case 43: (characters, ignoring) = ("\t", "\t")
        case 44: (characters, ignoring) = (" ", " ")
        case 79: (characters, ignoring) = ("", KeyCommand.inputRightArrow)
        case 80: (characters, ignoring) = ("", KeyCommand.inputLeftArrow)
        case 81: (characters, ignoring) = ("", KeyCommand.inputDownArrow)
        case 82: (characters, ignoring) = ("", KeyCommand.inputUpArrow)
        default: (characters, ignoring) = ("", "")
        }
        return KeyInput(code: code, phase: .down, characters: characters, charactersIgnoringModifiers: ignoring,
                        modifierFlags: flags)
    }

    func randomFlags(_ chance: Double) -> KeyModifierFlags {
        var flags: KeyModifierFlags = []
        for flag in [KeyModifierFlags.shift, .control, .alternate, .command] where rng.chance(chance) { flags.insert(flag) }
        if rng.chance(0.1) { flags.insert(.alphaShift) }
        return flags
    }

    func randomDown() -> KeyInput {
        let roll = Double.random(in: 0..<1, using: &rng)
        let code: Int, flags: KeyModifierFlags
        if roll < 0.3 {
            code = 43
            let kind = Double.random(in: 0..<1, using: &rng)
            flags = kind < 0.6 ? [] : kind < 0.85 ? .shift : kind < 0.9 ? .alphaShift : randomFlags(0.3)
        } else if roll < 0.55 {
            code = Int.random(in: 79...82, using: &rng)
            let kind = Double.random(in: 0..<1, using: &rng)
            flags = kind < 0.7 ? [] : kind < 0.85 ? .numericPad : randomFlags(0.3)
        } else if roll < 0.7 {
            code = rng.chance(0.5) ? 40 : 44
            flags = rng.chance(0.75) ? [] : randomFlags(0.3)
        } else if roll < 0.75 {
            code = 41
            flags = rng.chance(0.8) ? [] : randomFlags(0.3)
        } else if roll < 0.95 {
            code = rng.chance(0.5) ? 4 : 22
            flags = randomFlags(0.25)
        } else {
            return KeyInput(code: 225, phase: .down, characters: "", charactersIgnoringModifiers: "", modifierFlags: .shift)
        }
        return Self.down(code, flags)
    }

    func randomKeyFrame() -> [KeyInput] {
        var keys: [KeyInput] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let roll = Double.random(in: 0..<1, using: &rng)
            // In code order: a dictionary's order changes with each process's hash seed, and a
            // seed must play the same stream in every run.
            if let code = hostDown.keys.sorted().randomElement(using: &rng), let down = hostDown[code], roll < 0.45 {
                if roll < 0.25 {
                    hostDown[code] = nil
                    keys.append(KeyInput(code: code, phase: .up, characters: down.characters,
                                         charactersIgnoringModifiers: down.charactersIgnoringModifiers,
                                         modifierFlags: down.modifierFlags))
                } else if roll < 0.4 {
                    keys.append(down)
                } else {
                    hostDown[code] = nil
                    keys.append(KeyInput(code: code, phase: .cancelled))
                }
            } else if roll > 0.98 {
                keys.append(KeyInput(code: 29, phase: rng.chance(0.5) ? .up : .cancelled))  // Z: never down
            } else if roll > 0.97 {
                keys.append(KeyInput(code: 70_000, phase: .down))
            } else {
                let down = randomDown()
                if hostDown[down.code] == nil && hostDown.count < 3 {
                    hostDown[down.code] = down
                    keys.append(down)
                }
            }
        }
        return keys
    }

    // MARK: Running

    func describe(_ key: KeyInput) -> String {
        "\(key.code) \(key.phase) flags \(key.modifierFlags.rawValue >> 16)"
    }

    func modelState() -> String {
        var parts = ["key \(model.keyWindow?.name ?? "-")"]
        for window in model.windows {
            parts.append("\(window.name) on \(window.focusSystemOn) fr \(window.firstResponder?.name ?? "-") focus \(window.focusedItem?.name ?? "-")")
        }
        parts.append("on " + nodes.filter { $0.kind == .toggle && $0.isOn }.map(\.name).joined(separator: ","))
        return parts.joined(separator: " | ")
    }

    func hitKitState() -> String {
        var parts = ["key \(recorder.name(app.keyWindow))"]
        for window in model.windows {
            let real = hk(window) as! Window
            parts.append("\(window.name) on \(real.isFocusSystemEnabled) fr \(recorder.name(real.firstResponder)) focus \(recorder.name(real.focusedItem))")
        }
        parts.append("on " + nodes.filter { $0.kind == .toggle && (hk($0) as! Switch).isOn }.map(\.name).joined(separator: ","))
        return parts.joined(separator: " | ")
    }

    /// Runs `steps` random steps, comparing after each; returns how many were compared.
    func run(steps: Int) -> Int {
        for step in 0..<steps {
            var expectedOutcome = "", outcome = ""
            if rng.chance(0.3) {
                let edits = (0..<Int.random(in: 1...2, using: &rng)).map { _ in randomEdit() }
                history.append("step \(step): " + edits.joined(separator: "; "))
            } else {
                let keys = randomKeyFrame()
                history.append("step \(step): keys " + keys.map(describe).joined(separator: ", "))
                time += 0.05
                model.handle(keys)
                expectedOutcome = outcomeText(from: model.seen.keyEvents)
                do {
                    outcome = describe(try app.send(InputFrame(timestamp: time, keys: keys)))
                } catch {
                    outcome = describe(error.outcome)
                }
            }
            let expected = modelState(), actual = hitKitState()
            if model.seen != recorder.seen || expected != actual || expectedOutcome != outcome {
                failed = true
                Issue.record("""
                    seed \(seed) step \(step) differs
                    history:
                      \(history.suffix(8).joined(separator: "\n  "))
                    model:  \(model.seen.description)
                      state \(expected) outcome \(expectedOutcome)
                    HitKit: \(recorder.seen.description)
                      state \(actual) outcome \(outcome)
                    """)
                return step
            }
            model.seen.clear()
            recorder.seen.clear()
        }
        return steps
    }

    func describe(_ outcome: FrameOutcome) -> String {
        "unhandled \(outcome.unhandledKeys) repeats \(outcome.unhandledRepeats)"
    }

    func outcomeText(from events: [String]) -> String {
        func indices(_ fate: String) -> [Int] {
            events.compactMap { line in
                let parts = line.split(separator: " ")
                return parts[1] == fate ? Int(parts[0]) : nil
            }
        }
        return describe(FrameOutcome(unhandledKeys: indices("unhandled"), unhandledRepeats: indices("unhandledRepeat")))
    }
}

@testable import HitKit

// An executable model of SPEC A10 (presses, key commands and focus) over A7's responder chain,
// written from the contract's text — not from HitKit's code — so that a differential test can
// hold HitKit to the contract rather than to itself. Where the contract is silent the model
// follows Docs/Behaviour.md; each such place says so.

/// A responder of the model: the application, a window, a view (plain, control, button or
/// switch) or a view controller.
final class ModelNode {
    enum Kind: Equatable { case application, delegate, window, view, scroll, control, button, toggle, controller }

    let name: String
    let kind: Kind

    // A view's place and flags.
    var superview: ModelNode?
    var subviews: [ModelNode] = []
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    /// A scroll view's content offset: its bounds origin, which moves its subviews.
    var offsetX = 0.0, offsetY = 0.0
    var isHidden = false, alpha = 1.0, isInteractive = true, isEnabled = true, isOn = false
    var allowsFocus: Bool?
    var groupID: String?
    /// For a view: the controller whose root view it is. For a controller: its view.
    var controller: ModelNode?
    var view: ModelNode?
    /// For a controller: the one that presented it, and the one it presents.
    var presenting: ModelNode?
    var presented: ModelNode?

    // What every responder may declare.
    var acceptsFirstResponder = false
    /// Whether it answers false to `canResignFirstResponder`.
    var refusesToResign = false
    var consumesPresses = false
    var actions: Set<String> = []
    var commands: [ModelCommand] = []
    /// Whether the test watches its press calls (unwatched responders keep HitKit's defaults).
    var isObserved = true

    // A window's state.
    var firstResponder: ModelNode?
    var focusSystemOn = false
    var focusedItem: ModelNode?
    var lastFocused: [String: ModelNode] = [:]
    var rootController: ModelNode?
    var isRemoved = false

    /// Drops every link to other nodes. The graph holds its nodes both ways (superview and
    /// subviews, controller and view, presenter and presented), so a world is freed only once
    /// its nodes are unlinked.
    func unlink() {
        superview = nil; subviews = []; controller = nil; view = nil; presenting = nil; presented = nil
        commands = []; firstResponder = nil; focusedItem = nil; lastFocused = [:]; rootController = nil
    }

    init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }

    var isView: Bool { kind != .application && kind != .delegate && kind != .controller }
    var isControl: Bool { kind == .control || kind == .button || kind == .toggle }
    var isWindow: Bool { kind == .window }

    /// A10: `canBecomeFocused` is true by default for an enabled control only; settable.
    var canBecomeFocused: Bool { allowsFocus ?? (isControl && isEnabled) }

    /// A2's visibility and interaction of this view alone.
    var isShownAndInteractive: Bool { !isHidden && alpha >= 0.01 && isInteractive }

    /// The window a view is in (a window is in itself); a controller's is its view's.
    var window: ModelNode? {
        if kind == .controller { return view?.window }
        var node: ModelNode? = self
        while let current = node {
            if current.isWindow { return current }
            node = current.superview
        }
        return nil
    }

    func isInside(_ ancestor: ModelNode) -> Bool {
        var node: ModelNode? = self
        while let current = node {
            if current === ancestor { return true }
            node = current.superview
        }
        return false
    }

    /// Its frame's origin in window coordinates (no transforms in the model's worlds).
    var windowOrigin: (Double, Double) {
        var ox = 0.0, oy = 0.0
        var node: ModelNode? = self
        while let current = node, !current.isWindow {
            ox += current.x
            oy += current.y
            if let superview = current.superview {
                ox -= superview.offsetX
                oy -= superview.offsetY
            }
            node = current.superview
        }
        return (ox, oy)
    }

    /// A10: its own identifier, else (a scroll view) one of its own, else its superview's; none
    /// in the whole ancestry makes it a group by itself.
    var groupKey: String {
        var node: ModelNode? = self
        while let current = node {
            if let id = current.groupID { return "id:" + id }
            if current.kind == .scroll { return "scroll:" + current.name }
            node = current.superview
        }
        return "alone:" + name
    }
}

final class ModelCommand {
    let name: String
    let input: String
    let flags: KeyModifierFlags
    let action: String
    var wantsPriority = false, isRepeatable = true, isEnabled = true

    init(name: String, input: String, flags: KeyModifierFlags, action: String) {
        self.name = name
        self.input = input
        self.flags = flags
        self.action = action
    }

    static let counted: KeyModifierFlags = [.shift, .control, .alternate, .command]

    /// A10 *Key commands*: the held flags among the four equal the command's (shift added for
    /// an upper-case letter input) and the input equals `charactersIgnoringModifiers`, letters
    /// compared without case; a modifier key alone never matches.
    func matches(_ key: KeyInput) -> Bool {
        if (224...231).contains(key.code) { return false }
        var wanted = flags.intersection(Self.counted)
        let isLetter = input.count == 1 && input.first!.isLetter
        if isLetter, input.uppercased() == input { wanted.insert(.shift) }
        guard wanted == key.modifierFlags.intersection(Self.counted) else { return false }
        return isLetter ? input.lowercased() == key.charactersIgnoringModifiers.lowercased()
            : input == key.charactersIgnoringModifiers
    }
}

/// What a test watches, one list per kind so that the order between kinds (which the contract
/// leaves open) is not compared.
struct KeyboardObservations: Equatable {
    var presses: [String] = []
    var commands: [String] = []
    var controls: [String] = []
    var focus: [String] = []
    var keyEvents: [String] = []
    /// What `becomeFirstResponder()` and `resignFirstResponder()` answered to an edit.
    var answers: [String] = []

    mutating func clear() { self = KeyboardObservations() }

    var description: String {
        "presses \(presses)\n  commands \(commands)\n  controls \(controls)\n  focus \(focus)\n  keyEvents \(keyEvents)\n  answers \(answers)"
    }
}

final class KeyboardModel {
    /// A press of the model: its key code, its order and its route.
    final class ModelPress {
        let code: Int
        let sequence: Int
        var route: [ModelNode] = []
        var isLive = true
        init(code: Int, sequence: Int) {
            self.code = code
            self.sequence = sequence
        }
    }

    /// What took a key's down, which decides what its repeats do (A10 *Repeats*).
    enum Taker {
        case chain, command(ModelCommand), focus(FocusHeading), activation, unhandled
    }

    struct HeldKey {
        var press: ModelPress?
        var taker: Taker
    }

    let application: ModelNode
    /// The application's delegate, when it is a plain responder (A7: then the application's next).
    var delegate: ModelNode?
    var windows: [ModelNode] = []
    var keyWindow: ModelNode?
    var held: [Int: HeldKey] = [:]
    var pressCount = 0
    var seen = KeyboardObservations()
    /// Runs after each key command's action: a test's edits made from inside the delivery.
    var afterPerforming: (() -> Void)?
    /// Runs as a watched responder receives a began: a test's edits made from a press handler.
    var duringBegan: (() -> Void)?

    init() {
        application = ModelNode("app", .application)
    }

    // MARK: A7: the responder chain

    /// A view's next responder is its controller if it is that controller's root view, else its
    /// superview (a window's: the application); a controller's is its view's superview (the
    /// window for a window's root controller); the application's is nil (no delegate here).
    func next(_ node: ModelNode) -> ModelNode? {
        switch node.kind {
        case .application: return delegate
        case .delegate: return nil
        case .window: return application
        case .controller: return node.presenting ?? node.view?.superview
        default: return node.controller ?? node.superview
        }
    }

    func chain(from node: ModelNode) -> [ModelNode] {
        var result: [ModelNode] = []
        var current: ModelNode? = node
        while let responder = current {
            precondition(result.count < 500, "the model's responder chain loops")
            result.append(responder)
            current = next(responder)
        }
        return result
    }

    /// A7/A10: succeeds when it can become first responder and is in a window (the current
    /// first responder always agrees to resign in these worlds).
    @discardableResult
    func becomeFirstResponder(_ node: ModelNode) -> Bool {
        guard node.acceptsFirstResponder, let window = node.window else { return false }
        if window.firstResponder === node { return true }
        if let current = window.firstResponder, current.refusesToResign { return false }
        window.firstResponder = node
        return true
    }

    // MARK: A10 Target

    var pressTarget: ModelNode? {
        guard let window = keyWindow else { return nil }
        if window.focusSystemOn, let item = window.focusedItem { return item }
        if let responder = window.firstResponder { return responder }
        // Behaviour.md: the root view controller counts while its view is in the window.
        if let root = window.rootController, root.view?.window === window { return root }
        return window
    }

    // MARK: Key events

    func handle(_ keys: [KeyInput]) {
        for (index, key) in keys.enumerated() {
            guard (0...65535).contains(key.code) else {
                seen.keyEvents.append("\(index) rejected codeOutOfRange")
                continue
            }
            switch key.phase {
            case .down:
                if held[key.code] != nil { repeatKey(key, index: index) } else { keyDown(key, index: index) }
            case .up, .cancelled:
                guard let state = held.removeValue(forKey: key.code) else {
                    seen.keyEvents.append("\(index) rejected notDown")
                    continue
                }
                if let press = state.press, press.isLive {
                    press.isLive = false
                    let method = key.phase == .up ? "pressesEnded" : "pressesCancelled"
                    for responder in press.route where responder.isObserved {
                        seen.presses.append("\(responder.name) \(method) \(press.code)")
                    }
                }
            }
        }
    }

    private func keyDown(_ key: KeyInput, index: Int) {
        guard let target = pressTarget else {
            // Behaviour.md: without a key window a key makes no press and is unhandled.
            held[key.code] = HeldKey(press: nil, taker: .unhandled)
            seen.keyEvents.append("\(index) unhandled")
            return
        }
        pressCount += 1
        let press = ModelPress(code: key.code, sequence: pressCount)
        var consumed = false
        for responder in chain(from: target) {
            press.route.append(responder)
            if responder.isObserved {
                seen.presses.append("\(responder.name) pressesBegan \(key.code)")
                duringBegan?()
            }
            if responder.consumesPresses {
                consumed = true
                break
            }
        }
        // Held before the stages run: a command's action may cancel this very press.
        held[key.code] = HeldKey(press: press, taker: .chain)
        if !consumed {
            let taker = afterTheChain(key, target: target)
            held[key.code]?.taker = taker
            if case .unhandled = taker { seen.keyEvents.append("\(index) unhandled") }
        }
    }

    /// A10 *After the chain*: priority key commands, focus movement, the other key commands.
    private func afterTheChain(_ key: KeyInput, target: ModelNode) -> Taker {
        let declared = chain(from: target).flatMap(\.commands)
        if let command = performFirst(declared.filter(\.wantsPriority), key: key, target: target, isRepeat: false) {
            return .command(command)
        }
        if let window = keyWindow, window.focusSystemOn, let taker = focusStage(key, in: window) {
            return taker
        }
        if let command = performFirst(declared.filter { !$0.wantsPriority }, key: key, target: target, isRepeat: false) {
            return .command(command)
        }
        return .unhandled
    }

    /// A5's `target(forAction:withSender:)` asked of `target`.
    func performer(of action: String, from target: ModelNode) -> ModelNode? {
        chain(from: target).first { $0.actions.contains(action) }
    }

    private func performFirst(_ commands: [ModelCommand], key: KeyInput, target: ModelNode, isRepeat: Bool) -> ModelCommand? {
        for command in commands where command.isEnabled && command.matches(key) {
            if let receiver = performer(of: command.action, from: target) {
                perform(command, by: receiver, target: target, isRepeat: isRepeat)
                return command
            }
        }
        return nil
    }

    private func perform(_ command: ModelCommand, by receiver: ModelNode, target: ModelNode, isRepeat: Bool) {
        seen.commands.append("\(command.name) by \(receiver.name) target \(target.name)\(isRepeat ? " repeat" : "")")
        afterPerforming?()
    }

    /// A10 *Repeats*.
    private func repeatKey(_ key: KeyInput, index: Int) {
        guard let state = held[key.code] else { return }
        if let press = state.press, !press.isLive { return }  // HitKit cancelled it: nothing.
        switch state.taker {
        case .command(let command):
            // Behaviour.md: again when repeatable, still enabled, and with a target found afresh.
            guard command.isRepeatable, command.isEnabled, let target = state.press?.route.first,
                  let receiver = performer(of: command.action, from: target) else { return }
            perform(command, by: receiver, target: target, isRepeat: true)
        case .focus(let heading):
            if let window = keyWindow, window.focusSystemOn { _ = moveFocus(heading, in: window) }
        case .unhandled:
            seen.keyEvents.append("\(index) unhandledRepeat")
        case .chain, .activation:
            break
        }
    }

    // MARK: Focus

    func isFocusable(_ view: ModelNode, in window: ModelNode) -> Bool {
        guard view.isView, !view.isWindow, view.canBecomeFocused, view.window === window, !window.isRemoved else { return false }
        var node: ModelNode? = view
        while let current = node {
            if !current.isShownAndInteractive { return false }
            node = current.superview
        }
        return true
    }

    /// The window's views in tree order (a view before its subviews, subviews back-most first).
    func treeOrder(_ window: ModelNode) -> [ModelNode] {
        var result: [ModelNode] = []
        func walk(_ node: ModelNode) {
            result.append(node)
            node.subviews.forEach(walk)
        }
        window.subviews.forEach(walk)
        return result
    }

    /// The focusable views in reading order: minY, then minX, in window coordinates, then tree order.
    func readingOrder(_ window: ModelNode) -> [ModelNode] {
        let items = treeOrder(window).enumerated().filter { isFocusable($0.element, in: window) }
        return items.sorted { a, b in
            let (ax, ay) = a.element.windowOrigin, (bx, by) = b.element.windowOrigin
            if ay != by { return ay < by }
            if ax != bx { return ax < bx }
            return a.offset < b.offset
        }.map(\.element)
    }

    private func focusStage(_ key: KeyInput, in window: ModelNode) -> Taker? {
        let held = key.modifierFlags.intersection(ModelCommand.counted)
        switch key.code {
        case 43 where held.isEmpty: return moveFocus(.next, in: window) ? .focus(.next) : nil
        case 43 where held == .shift: return moveFocus(.previous, in: window) ? .focus(.previous) : nil
        case 79 where held.isEmpty: return moveFocus(.right, in: window) ? .focus(.right) : nil
        case 80 where held.isEmpty: return moveFocus(.left, in: window) ? .focus(.left) : nil
        case 81 where held.isEmpty: return moveFocus(.down, in: window) ? .focus(.down) : nil
        case 82 where held.isEmpty: return moveFocus(.up, in: window) ? .focus(.up) : nil
        case 40 where held.isEmpty, 44 where held.isEmpty: return activate(in: window) ? .activation : nil
        default: return nil
        }
    }

    /// Tab, Shift-Tab or an arrow; returns whether stage 2 acted.
    func moveFocus(_ heading: FocusHeading, in window: ModelNode) -> Bool {
        let order = readingOrder(window)
        if heading == .next || heading == .previous {
            guard !order.isEmpty else { return false }
            var groups: [String] = []
            for item in order where !groups.contains(item.groupKey) { groups.append(item.groupKey) }
            let chosen: String
            if let focused = window.focusedItem, let index = groups.firstIndex(of: focused.groupKey) {
                chosen = groups[(index + (heading == .next ? 1 : groups.count - 1)) % groups.count]
            } else {
                chosen = heading == .next ? groups.first! : groups.last!
            }
            var entry = order.first { $0.groupKey == chosen }!
            // Still focusable and (the model's reading) still in that group.
            if let last = window.lastFocused[chosen], isFocusable(last, in: window), last.groupKey == chosen { entry = last }
            if entry !== window.focusedItem { focus(entry, in: window, heading: heading) }
            return true
        }
        guard let focused = window.focusedItem else { return false }
        let (fx, fy) = center(focused)
        let (dx, dy): (Double, Double) = switch heading {
        case .up: (0, -1)
        case .down: (0, 1)
        case .left: (-1, 0)
        default: (1, 0)
        }
        var best: (ModelNode, Double)?
        for item in order where item !== focused && item.groupKey == focused.groupKey {
            let (cx, cy) = center(item)
            let along = (cx - fx) * dx + (cy - fy) * dy
            let across = abs((cx - fx) * dy - (cy - fy) * dx)
            guard along > 0, along >= across else { continue }
            let distance = ((cx - fx) * (cx - fx) + (cy - fy) * (cy - fy)).squareRoot()
            if best == nil || distance < best!.1 { best = (item, distance) }
        }
        guard let (item, _) = best else { return false }
        focus(item, in: window, heading: heading)
        return true
    }

    private func center(_ view: ModelNode) -> (Double, Double) {
        let (x, y) = view.windowOrigin
        return (x + view.width / 2, y + view.height / 2)
    }

    func focus(_ item: ModelNode, in window: ModelNode, heading: FocusHeading) {
        seen.focus.append("\(window.name) \(window.focusedItem?.name ?? "-") -> \(item.name) \(heading)")
        window.focusedItem = item
        window.lastFocused[item.groupKey] = item
        becomeFirstResponder(item)
    }

    /// Return or Space on the focused item: an enabled control activates (Behaviour.md: a
    /// disabled one, focusable only by `allowsFocus`, does not).
    private func activate(in window: ModelNode) -> Bool {
        guard let item = window.focusedItem, item.isControl, item.isEnabled else { return false }
        switch item.kind {
        case .button:
            seen.controls.append("\(item.name) touchUpInside")
        case .toggle:
            item.isOn.toggle()
            seen.controls.append("\(item.name) valueChanged")
        default:
            break
        }
        seen.controls.append("\(item.name) primaryActionTriggered")
        return true
    }

    /// A focused item that stopped being focusable loses focus at once.
    func checkFocus() {
        for window in windows {
            if let item = window.focusedItem, !window.focusSystemOn || !isFocusable(item, in: window) {
                window.focusedItem = nil
                seen.focus.append("\(window.name) \(item.name) -> - \(FocusHeading())")
            }
        }
    }

    // MARK: Edits

    /// The responders that leave with `view`: it, its subviews, and controllers of their views.
    func leaving(with view: ModelNode) -> [ModelNode] {
        var result: [ModelNode] = []
        func walk(_ node: ModelNode) {
            result.append(node)
            if let controller = node.controller { result.append(controller) }
            node.subviews.forEach(walk)
        }
        walk(view)
        return result
    }

    /// `view` moves under `parent` (nil: removed). Leaving its window cancels the presses whose
    /// route holds one of its responders and resigns its window's first responder among them.
    func move(_ view: ModelNode, to parent: ModelNode?) {
        let oldWindow = view.window
        let newWindow = parent?.window
        if let oldWindow, oldWindow !== newWindow {
            let gone = leaving(with: view)
            cancelPresses { press in press.route.contains { r in gone.contains { $0 === r } } }
            if let responder = oldWindow.firstResponder, gone.contains(where: { $0 === responder }) {
                oldWindow.firstResponder = nil
            }
        }
        if let old = view.superview { old.subviews.removeAll { $0 === view } }
        view.superview = parent
        parent?.subviews.append(view)
        checkFocus()
    }

    /// Whether `node`'s chain meets a responder twice (the edits that would make it are skipped).
    func chainLoops(from node: ModelNode) -> Bool {
        var met: [ModelNode] = []
        var current: ModelNode? = node
        while let responder = current {
            if met.contains(where: { $0 === responder }) { return true }
            met.append(responder)
            current = next(responder)
        }
        return false
    }

    /// A destroyed window: everything in it leaves it, and it is never key again.
    func remove(_ window: ModelNode) {
        let gone = leaving(with: window)
        cancelPresses { press in press.route.contains { r in gone.contains { $0 === r } } }
        window.firstResponder = nil
        window.isRemoved = true
        if keyWindow === window { keyWindow = nil }
        checkFocus()
    }

    /// Behaviour.md A7 *Dismissing*: the controllers presented above `controller` (or, when it
    /// presents none, `controller` itself) stop being presented, and their views leave their
    /// superviews, the topmost first.
    func dismiss(_ controller: ModelNode) {
        var stack: [ModelNode] = []
        if controller.presented != nil {
            var current = controller.presented
            while let presented = current {
                stack.append(presented)
                current = presented.presented
            }
        } else if controller.presenting != nil {
            stack = [controller]
        }
        for presented in stack.reversed() {
            presented.presenting?.presented = nil
            presented.presenting = nil
            if let view = presented.view, view.superview != nil { move(view, to: nil) }
        }
    }

    func makeKey(_ window: ModelNode) {
        guard keyWindow !== window, !window.isRemoved else { return }
        cancelPresses { _ in true }
        keyWindow = window
    }

    /// A10: each responder gets one `pressesCancelled` with the cancelled presses whose routes
    /// include it; responders are called along the earliest press's route, then the later ones'.
    func cancelPresses(where predicate: (ModelPress) -> Bool) {
        let presses = held.values.compactMap(\.press).filter { $0.isLive && predicate($0) }
            .sorted { $0.sequence < $1.sequence }
        guard !presses.isEmpty else { return }
        var called: [ModelNode] = []
        for press in presses {
            for responder in press.route where !called.contains(where: { $0 === responder }) {
                called.append(responder)
                guard responder.isObserved else { continue }
                let codes = presses.filter { p in p.route.contains { $0 === responder } }.map(\.code).sorted()
                seen.presses.append("\(responder.name) pressesCancelled \(codes.map(String.init).joined(separator: ","))")
            }
        }
        presses.forEach { $0.isLive = false }
    }
}

import HitTestDifferential
import Testing
import HitKit

/// Random worlds of controls driven by random touches, edits and a recognizer that may cancel,
/// run through HitKit and through ``ControlModel`` (SPEC A5 written from the documents alone);
/// after every step the actions sent and each control's tracking, highlight, inside-ness and
/// value must agree.
@Suite struct ControlModelDifferentialTests {
    static let seeds = Array(TestSeeds.of(1...150))
    static let stepsPerWorld = 120
    /// Paths of the model the worlds must keep reaching, so that the generator cannot drift
    /// into comparing only the easy cases.
    static let rarePaths = [
        "begin refused", "continue refused", "second touch not delivered", "stepper repeat",
        "tapCount 3", "recognizer began, cancels false", "recognizer began, cancels true",
    ] + ControlModel.Kind.allCases.flatMap { ["cancelled in view \($0)", "disabled while tracking \($0)"] }

    @Test func hitKitAgreesWithTheModelOfControls() throws {
        var compared = 0
        var reached: [String: Int] = [:]
        for seed in Self.seeds {
            var run = ControlDifferentialRun(seed: seed)
            if let steps = try run.run(steps: Self.stepsPerWorld) { compared += steps }
            reached.merge(run.model.reached, uniquingKeysWith: +)
        }
        #expect(compared == Self.seeds.count * Self.stepsPerWorld)
        // A sanitized run's sample of the seeds reaches what it reaches by chance.
        guard TestSeeds.playsEverySeed else { return }
        for path in Self.rarePaths {
            #expect(reached[path, default: 0] > 0, "no world reached \(path)")
        }
    }
}

/// One seeded world: the generator reads the model's state to make only valid input.
struct ControlDifferentialRun {
    typealias Model = ControlModel
    let seed: UInt64
    var rng: SplitMix64
    var model: Model
    let hitKit: HitKitControlWorld
    let fingers: Int
    var time = 0.0
    var lastUp: [Int: (x: Double, y: Double)] = [:]
    var fingerAt: [Int: (x: Double, y: Double)] = [:]

    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let world = Self.randomWorld(using: &rng)
        model = Model(world)
        hitKit = HitKitControlWorld(world)
        fingers = rng.chance(0.5) ? 1 : 3
    }

    /// Runs `steps` steps; returns how many were compared, or nil after recording a mismatch.
    mutating func run(steps: Int) throws -> Int? {
        var history: [String] = []
        for index in 0..<steps {
            let op = nextOperation()
            history.append(op)
            let expected = model.takeActions() + model.observed()
            let actual = hitKit.takeActions() + hitKit.observed()
            if expected != actual {
                Issue.record("""
                    seed \(seed), step \(index): \(op)
                    world now:
                      \(model.describeWorld().joined(separator: "\n  "))
                    history:
                      \(history.joined(separator: "\n  "))
                    model:
                      \(expected.joined(separator: "\n  "))
                    HitKit:
                      \(actual.joined(separator: "\n  "))
                    """)
                return nil
            }
        }
        return steps
    }

    // MARK: Worlds

    static func randomWorld(using rng: inout SplitMix64) -> Model.WorldSpec {
        let actionNames = ["a0", "a1", "a2"]
        func performs() -> Set<String> { Set(actionNames.filter { _ in rng.chance(0.25) }) }
        let groupCount = Int.random(in: 0...2, using: &rng)
        let groups = (0..<groupCount).map { _ in
            Model.GroupSpec(x: Double(Int.random(in: 0...200, using: &rng)), y: Double(Int.random(in: 0...200, using: &rng)),
                            width: Double(Int.random(in: 80...220, using: &rng)), height: Double(Int.random(in: 80...220, using: &rng)),
                            performs: performs())
        }
        var controls: [Model.ControlSpec] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let kind = Model.Kind.allCases.randomElement(using: &rng)!
            let parent = groupCount > 0 && rng.chance(0.4) ? Int.random(in: 0..<groupCount, using: &rng) : nil
            var spec = Model.ControlSpec(kind: kind, parent: parent,
                                         x: Double(Int.random(in: 0...260, using: &rng)) + (rng.chance(0.3) ? 0.5 : 0),
                                         y: Double(Int.random(in: 0...300, using: &rng)),
                                         width: Double(Int.random(in: 20...160, using: &rng)),
                                         height: Double(Int.random(in: 20...70, using: &rng)))
            // Halves keep every coordinate exact in binary, so a probe on the band's edge is on it in both.
            if parent != nil { spec.x = spec.x / 2; spec.y = spec.y / 2 }
            spec.enabled = !rng.chance(0.15)
            spec.hidden = rng.chance(0.05)
            spec.multipleTouch = rng.chance(0.3)
            spec.exclusiveTouch = rng.chance(0.15)
            spec.performs = performs()
            // Most controls report every event to P, so that the whole event stream is compared.
            if rng.chance(0.7) { spec.registrations.append(.init(toPerformer: true, action: "all", events: Set(Model.EventName.allCases))) }
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                var events = Set(Model.EventName.allCases.filter { _ in rng.chance(0.35) })
                if rng.chance(0.2) { events = Set(Model.EventName.allCases) }
                spec.registrations.append(.init(toPerformer: rng.chance(0.5), action: actionNames.randomElement(using: &rng)!, events: events))
            }
            switch kind {
            case .toggle:
                spec.isOn = rng.chance(0.5)
            case .slider:
                spec.minimum = Double(Int.random(in: -5...0, using: &rng))
                spec.maximum = spec.minimum + Double(Int.random(in: rng.chance(0.1) ? 0...0 : 1...10, using: &rng))
                spec.value = spec.minimum
                spec.continuous = rng.chance(0.6)
            case .stepper:
                spec.minimum = 0
                spec.maximum = Double(Int.random(in: 1...4, using: &rng))
                spec.value = Double(Int.random(in: 0...Int(spec.maximum), using: &rng))
                spec.stepValue = rng.chance(0.7) ? 1 : 2
                spec.wraps = rng.chance(0.4)
                spec.continuous = rng.chance(0.7)
                spec.autorepeat = rng.chance(0.8)
                spec.autorepeatDelay = [0.5, 0.5, 0.2, 0].randomElement(using: &rng)!
                spec.autorepeatInterval = [0.1, 0.1, 0.05, 0.3].randomElement(using: &rng)!
            case .segmented:
                spec.segments = Int.random(in: 1...4, using: &rng)
                spec.selected = Int.random(in: -1..<spec.segments, using: &rng)
            case .page:
                spec.pages = Int.random(in: 0...4, using: &rng)
                spec.currentPage = spec.pages == 0 ? 0 : Int.random(in: 0..<spec.pages, using: &rng)
            case .plain:
                if rng.chance(0.5) { spec.refuseBeginLeftOf = spec.width * 0.25 }
                if rng.chance(0.5) { spec.stopContinueAtOrBelow = spec.height + 40 }
            case .button:
                break
            }
            controls.append(spec)
        }
        var order: [Model.Node] = (0..<groupCount).map { .group($0) } + controls.indices.map { .control($0) }
        order.shuffle(using: &rng)
        let recognizer = rng.chance(0.5)
            ? Model.RecognizerSpec(cancelsTouchesInView: rng.chance(0.7), delaysTouchesEnded: rng.chance(0.5)) : nil
        return Model.WorldSpec(groups: groups, controls: controls, containerOrder: order,
                               containerPerforms: performs(), windowPerforms: performs(), recognizer: recognizer)
    }

    // MARK: Operations

    /// Makes one operation, applies it to both, and describes it.
    mutating func nextOperation() -> String {
        let draw = Int.random(in: 0..<100, using: &rng)
        if draw < 72 { return touchFrame() }
        if draw < 82 {
            time += [0.05, 0.1, 0.3, 0.5, 0.8].randomElement(using: &rng)!
            model.advance(to: time)
            hitKit.advance(to: time)
            return "advance to \(time)"
        }
        return edit()
    }

    mutating func touchFrame() -> String {
        time += rng.chance(0.7) ? Double(Int.random(in: 1...12, using: &rng)) / 100 : Double(Int.random(in: 15...70, using: &rng)) / 100
        let maySeeNewTouches = model.recognizer.map { $0.phase == .possible } ?? true
        var changes: [Model.TouchChange] = []
        for id in 1...fingers where rng.chance(0.55) || (id == fingers && changes.isEmpty) {
            if let at = fingerAt[id] {
                let draw = Int.random(in: 0..<10, using: &rng)
                if draw < 6 {
                    let to = movedPoint(from: at)
                    changes.append(.init(id: id, phase: .moved, x: to.x, y: to.y))
                    fingerAt[id] = to
                } else if draw < 9 {
                    let to = rng.chance(0.6) ? at : movedPoint(from: at)
                    changes.append(.init(id: id, phase: .ended, x: to.x, y: to.y))
                    fingerAt[id] = nil
                    lastUp[id] = to
                } else {
                    changes.append(.init(id: id, phase: .cancelled, x: at.x, y: at.y))
                    fingerAt[id] = nil
                }
            } else if maySeeNewTouches {
                let at = landingPoint(finger: id)
                changes.append(.init(id: id, phase: .began, x: at.x, y: at.y))
                fingerAt[id] = at
            }
        }
        let onlyMoves = !changes.isEmpty && changes.allSatisfy { $0.phase == .moved }
        let trigger = onlyMoves && model.recognizer?.phase == .possible && rng.chance(0.3)
        model.frame(at: time, changes, trigger: trigger)
        hitKit.frame(at: time, changes, trigger: trigger)
        let described = changes.map { "\($0.id) \($0.phase) (\($0.x), \($0.y))" }.joined(separator: ", ")
        return "frame at \(time): [\(described)]\(trigger ? " trigger" : "")"
    }

    mutating func landingPoint(finger id: Int) -> (x: Double, y: Double) {
        if let up = lastUp[id], rng.chance(0.35) {
            return (up.x + Double(Int.random(in: -20...20, using: &rng)), up.y + Double(Int.random(in: -20...20, using: &rng)))
        }
        if rng.chance(0.8) {
            let c = Int.random(in: 0..<model.controls.count, using: &rng)
            let origin = model.screenOrigin(of: c)
            let spec = model.controls[c].spec
            return (origin.x + Double.random(in: 0..<spec.width, using: &rng).rounded(), origin.y + Double.random(in: 0..<spec.height, using: &rng).rounded())
        }
        return (Double(Int.random(in: 0..<400, using: &rng)), Double(Int.random(in: 0..<400, using: &rng)))
    }

    /// A small slide, a jump out of or back into a control's tolerance band, or anywhere.
    mutating func movedPoint(from at: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let draw = Int.random(in: 0..<10, using: &rng)
        if draw < 4 {
            return (at.x + Double(Int.random(in: -12...12, using: &rng)), at.y + Double(Int.random(in: -12...12, using: &rng)))
        }
        let c = Int.random(in: 0..<model.controls.count, using: &rng)
        let origin = model.screenOrigin(of: c)
        let spec = model.controls[c].spec
        let t = Model.trackingTolerance
        switch draw {
        case 4, 5: // back inside the control
            return (origin.x + Double(Int.random(in: 0..<Int(spec.width), using: &rng)), origin.y + Double(Int.random(in: 0..<Int(spec.height), using: &rng)))
        case 6, 7: // just past, or on, the edge of the tolerance band
            let beyond = Double(Int.random(in: 0...3, using: &rng))
            return rng.chance(0.5)
                ? (origin.x + spec.width + t + beyond - 1, at.y)
                : (at.x, origin.y - t - beyond + 1)
        default:
            return (Double(Int.random(in: -80..<480, using: &rng)), Double(Int.random(in: -80..<480, using: &rng)))
        }
    }

    mutating func edit() -> String {
        let c = Int.random(in: 0..<model.controls.count, using: &rng)
        let control = model.controls[c]
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<25:
            let enabled = !control.spec.enabled
            model.setEnabled(c, enabled)
            hitKit.controls[c].isEnabled = enabled
            return "c\(c).isEnabled = \(enabled)"
        case 25..<35:
            let hidden = !control.spec.hidden
            model.setHidden(c, hidden)
            hitKit.controls[c].isHidden = hidden
            return "c\(c).isHidden = \(hidden)"
        case 35..<50:
            if control.inWindow {
                model.remove(c)
                hitKit.controls[c].removeFromSuperview()
                return "c\(c) removed"
            }
            model.readd(c)
            hitKit.readd(c)
            return "c\(c) added back"
        case 50..<70:
            let dx = Double(Int.random(in: -60...60, using: &rng)), dy = Double(Int.random(in: -40...40, using: &rng))
            model.move(c, dx: dx, dy: dy)
            let frame = hitKit.controls[c].frame
            hitKit.controls[c].frame = Rect(frame.origin.x + dx, frame.origin.y + dy, frame.size.width, frame.size.height)
            return "c\(c) moved by (\(dx), \(dy))"
        case 70..<85:
            let value = Double(Int.random(in: -2...5, using: &rng))
            model.setValue(c, value)
            hitKit.setValue(c, value)
            return "c\(c) value set to \(value)"
        default:
            let group = model.groups.isEmpty || rng.chance(0.3) ? nil : Int.random(in: 0..<model.groups.count, using: &rng)
            model.setFirstResponder(group)
            hitKit.setFirstResponder(group)
            return "first responder: \(group.map { "g\($0)" } ?? "none")"
        }
    }
}

/// A recognizer on the container that begins on a frame of moves when told to, and otherwise
/// fails when one of its touches ends or is cancelled while it is possible.
final class TriggeredRecognizer: GestureRecognizer {
    var triggersOnNextMove = false
    private var own: Set<ObjectIdentifier> = []

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { own.insert(ObjectIdentifier(touch)) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        switch requestedState {
        case .possible where triggersOnNextMove: state = .began
        case .began, .changed: state = .changed
        default: break
        }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { own.remove(ObjectIdentifier(touch)) }
        switch requestedState {
        case .possible: state = .failed
        case .began, .changed: if own.isEmpty { state = .ended }
        default: break
        }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        for touch in touches { own.remove(ObjectIdentifier(touch)) }
        switch requestedState {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: break
        }
    }

    override func reset() {
        super.reset()
        own = []
    }
}

/// A plain control whose tracking answers depend on where the touch is.
final class ChoosyControl: Control {
    var refuseBeginLeftOf = -Double.infinity
    var stopContinueAtOrBelow = Double.infinity

    override func beginTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
        touch.location(in: self).x >= refuseBeginLeftOf
    }

    override func continueTracking(_ touch: Touch, with event: HitKit.Event?) -> Bool {
        touch.location(in: self).y < stopContinueAtOrBelow
    }
}

/// The same world built from HitKit's public API.
final class HitKitControlWorld {
    let app = Application()
    let window: Window
    let container: View
    var groups: [View] = []
    var controls: [Control] = []
    let performer = ActionPerformer()
    var recognizer: TriggeredRecognizer?
    private let parents: [Int?]
    private var names: [ObjectIdentifier: String] = [:]
    private var actions: [String] = []

    init(_ world: ControlModel.WorldSpec) {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        container = View(frame: Rect(0, 0, 400, 400), in: app)
        window.addSubview(container)
        window.makeKeyAndVisible()
        container.performableActions = Set(world.containerPerforms.map { Action($0) })
        window.performableActions = Set(world.windowPerforms.map { Action($0) })
        names[ObjectIdentifier(container)] = "container"
        names[ObjectIdentifier(window)] = "window"
        names[ObjectIdentifier(app)] = "app"
        names[ObjectIdentifier(performer)] = "P"
        performer.performableActions = ["a0", "a1", "a2", "all"]
        for (g, spec) in world.groups.enumerated() {
            let group = View(frame: Rect(spec.x, spec.y, spec.width, spec.height), in: app)
            group.performableActions = Set(spec.performs.map { Action($0) })
            group.acceptsFirstResponder = true
            names[ObjectIdentifier(group)] = "g\(g)"
            groups.append(group)
        }
        parents = world.controls.map(\.parent)
        for (c, spec) in world.controls.enumerated() {
            let control = Self.makeControl(spec, in: app)
            names[ObjectIdentifier(control)] = "c\(c)"
            for registration in spec.registrations {
                let events = registration.events.reduce(into: Control.Event()) { $0.formUnion(Control.Event(name: $1.rawValue)!) }
                control.addTarget(registration.toPerformer ? performer : nil, action: Action(registration.action), for: events)
            }
            control.observeActions { [unowned self] control, report in
                let receiver = report.handled ? names[ObjectIdentifier(report.receiver!)] ?? "\(report.receiver!)" : "unhandled"
                actions.append("\(names[ObjectIdentifier(control)]!) \(report.action) \(receiver) \(report.controlEvent.name)")
            }
            controls.append(control)
        }
        for node in world.containerOrder {
            switch node {
            case .group(let g): container.addSubview(groups[g])
            case .control(let c): if world.controls[c].parent == nil { container.addSubview(controls[c]) }
            }
        }
        for node in world.containerOrder {
            if case .control(let c) = node, let g = world.controls[c].parent { groups[g].addSubview(controls[c]) }
        }
        if let spec = world.recognizer {
            let recognizer = TriggeredRecognizer()
            recognizer.cancelsTouchesInView = spec.cancelsTouchesInView
            recognizer.delaysTouchesEnded = spec.delaysTouchesEnded
            container.addGestureRecognizer(recognizer)
            self.recognizer = recognizer
        }
    }

    static func makeControl(_ spec: ControlModel.ControlSpec, in app: Application) -> Control {
        let frame = Rect(spec.x, spec.y, spec.width, spec.height)
        let control: Control
        switch spec.kind {
        case .button:
            control = Button(frame: frame, in: app)
        case .plain:
            let choosy = ChoosyControl(frame: frame, in: app)
            choosy.refuseBeginLeftOf = spec.refuseBeginLeftOf
            choosy.stopContinueAtOrBelow = spec.stopContinueAtOrBelow
            control = choosy
        case .toggle:
            let toggle = Switch(frame: frame, in: app)
            toggle.isOn = spec.isOn
            control = toggle
        case .slider:
            let slider = Slider(frame: frame, in: app)
            slider.minimumValue = spec.minimum
            slider.maximumValue = spec.maximum
            slider.value = spec.value
            slider.isContinuous = spec.continuous
            control = slider
        case .stepper:
            let stepper = Stepper(frame: frame, in: app)
            stepper.minimumValue = spec.minimum
            stepper.maximumValue = spec.maximum
            stepper.value = spec.value
            stepper.stepValue = spec.stepValue
            stepper.wraps = spec.wraps
            stepper.isContinuous = spec.continuous
            stepper.autorepeat = spec.autorepeat
            stepper.autorepeatDelay = spec.autorepeatDelay
            stepper.autorepeatInterval = spec.autorepeatInterval
            control = stepper
        case .segmented:
            let segmented = SegmentedControl(items: (0..<spec.segments).map { "s\($0)" }, frame: frame, in: app)
            segmented.selectedSegmentIndex = spec.selected
            control = segmented
        case .page:
            let page = PageControl(frame: frame, in: app)
            page.numberOfPages = spec.pages
            page.currentPage = spec.currentPage
            control = page
        }
        control.isEnabled = spec.enabled
        control.isHidden = spec.hidden
        control.isMultipleTouchEnabled = spec.multipleTouch
        control.isExclusiveTouch = spec.exclusiveTouch
        control.performableActions = Set(spec.performs.map { Action($0) })
        return control
    }

    func frame(at time: Double, _ changes: [ControlModel.TouchChange], trigger: Bool) {
        recognizer?.triggersOnNextMove = trigger
        let inputs = changes.map { change -> TouchInput in
            switch change.phase {
            case .began: TouchInput(id: change.id, phase: .began, location: Point(change.x, change.y))
            case .moved: TouchInput(id: change.id, phase: .moved, location: Point(change.x, change.y))
            case .ended: TouchInput(id: change.id, phase: .ended, location: Point(change.x, change.y))
            case .cancelled: TouchInput(id: change.id, phase: .cancelled, location: nil)
            }
        }
        do {
            try app.send(InputFrame(timestamp: time, touches: inputs))
        } catch {
            actions.append("input rejected: \(error)")
        }
        recognizer?.triggersOnNextMove = false
    }

    func advance(to time: Double) {
        do { try app.advance(to: time) } catch { actions.append("advance rejected: \(error)") }
    }

    func readd(_ c: Int) {
        (parents[c].map { groups[$0] } ?? container).addSubview(controls[c])
    }

    func setValue(_ c: Int, _ value: Double) {
        switch controls[c] {
        case let toggle as Switch: toggle.isOn = value != 0
        case let slider as Slider: slider.value = value
        case let stepper as Stepper: stepper.value = value
        case let segmented as SegmentedControl: segmented.selectedSegmentIndex = Int(value)
        case let page as PageControl: page.currentPage = Int(value)
        default: break
        }
    }

    func setFirstResponder(_ group: Int?) {
        if let group {
            groups[group].becomeFirstResponder()
        } else {
            window.firstResponder?.resignFirstResponder()
        }
    }

    func takeActions() -> [String] {
        defer { actions = [] }
        return actions
    }

    func observed() -> [String] {
        controls.indices.map { c in
            let control = controls[c]
            let value: String
            switch control {
            case let toggle as Switch: value = toggle.isOn ? "on" : "off"
            case let slider as Slider: value = ControlModel.format(slider.value)
            case let stepper as Stepper: value = ControlModel.format(stepper.value)
            case let segmented as SegmentedControl: value = "\(segmented.selectedSegmentIndex)"
            case let page as PageControl: value = "\(page.currentPage)"
            default: value = "-"
            }
            return ControlModel.line(c, tracking: control.isTracking, highlighted: control.isHighlighted,
                                     inside: control.isTouchInside, value: value)
        }
    }
}


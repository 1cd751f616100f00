import AllocationCounting
import HitKit
import HitTestCore

/// The keyboard through the façade (Behaviour A10). One row sends Command-S down and up on
/// ``DispatchBenchmark``'s 20-deep scene, its deepest view the first responder, with key commands
/// declared at five levels of the chain and the only match on the window (the farthest from the
/// press's target: every level's commands are read); the other sends Tab down and up among 1,000
/// focusable buttons in 50 focus groups, each Tab moving focus to the next group. A third moves
/// a view from code (an animation's step) while a button has focus: each such edit makes a focus
/// check due (Behaviour A10 *Losing focus*), which must keep the focus and allocate nothing.
enum KeyboardBenchmark {
    static let commandName = "keys-command-20-deep"
    static let tabName = "focus-tab-1000-in-50-groups"
    static let editName = "focus-kept-through-an-edit"
    static let names = [commandName, tabName, editName]

    static let s = KeyboardHIDUsage.keyboardA.rawValue + 18, tab = KeyboardHIDUsage.keyboardTab.rawValue

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        if name == editName { return runEdit(plan: plan) }
        let isCommand = name == commandName
        let application: Application
        var time = 0.0
        var effects = 0
        var views = 0
        let keep: AnyObject
        let down: [KeyInput], up: [KeyInput]
        if isCommand {
            let scene = DispatchBenchmark.Scene()
            application = scene.application
            keep = scene
            views = DispatchBenchmark.depth + 1
            scene.window.makeKey()
            let deepest = scene.views[DispatchBenchmark.depth - 1]
            deepest.acceptsFirstResponder = true
            _ = deepest.becomeFirstResponder()
            for level in [19, 14, 9, 4] {
                scene.views[level].addKeyCommand(KeyCommand(input: "x", modifierFlags: .command, action: "cut"))
            }
            scene.window.addKeyCommand(KeyCommand(input: "s", modifierFlags: .command, action: "save"))
            scene.window.performableActions = ["save"]
            application.observeKeyCommands { _ in effects += 1 }
            down = [KeyInput(code: s, phase: .down, characters: "s", charactersIgnoringModifiers: "s", modifierFlags: .command)]
            up = [KeyInput(code: s, phase: .up, characters: "s", charactersIgnoringModifiers: "s", modifierFlags: .command)]
        } else {
            application = Application(storeCapacity: 1_100)
            let window = Window(frame: Rect(0, 0, 1_000, 1_000), in: application)
            for group in 0..<50 {
                let container = View(frame: Rect(Double(group % 5) * 200, Double(group / 5) * 100, 200, 100), in: application)
                container.focusGroupIdentifier = "group\(group)"
                window.addSubview(container)
                for item in 0..<20 {
                    container.addSubview(Button(frame: Rect(Double(item % 5) * 40, Double(item / 5) * 25, 36, 21), in: application))
                }
            }
            window.makeKey()
            window.isFocusSystemEnabled = true
            keep = window
            views = 1 + 50 + 1_000
            application.observeFocus { _ in effects += 1 }
            down = [KeyInput(code: tab, phase: .down, characters: "\t", charactersIgnoringModifiers: "\t")]
            up = [KeyInput(code: tab, phase: .up, characters: "\t", charactersIgnoringModifiers: "\t")]
        }
        func pair() {
            time += 0.01
            try! application.send(InputFrame(timestamp: time, keys: down))
            try! application.send(InputFrame(timestamp: time, keys: up))
        }
        // Warm up (Tab enters each group once, so every group has remembered its item), then check
        // the outcome: each pair performs the command, or moves focus, once.
        for _ in 0..<(isCommand ? 1 : 60) { pair() }
        let before = effects
        pair()
        var mismatches: [String] = []
        if effects != before + 1 { mismatches.append("\(name): \(effects - before) effects for one key, expected 1") }
        let workload = Workload(queriesPerPass: 1) { passes in
            for _ in 0..<passes { pair() }
            return effects
        }
        defer { withExtendedLifetime(keep) {} }
        let note = isCommand ? "per key down and up (a key command at the chain's top)" : "per Tab down and up (focus moves a group)"
        let (result, checksum) = measure(name, views: views, note: note, unit: "key", workload, plan: plan)
        return (result, mismatches, checksum)
    }

    /// One pass of `workload` a query: its allocations once warm and its time, as a row.
    private static func measure(_ name: String, views: Int, note: String, unit: String, _ workload: Workload,
                                plan: SamplingPlan) -> (result: BenchmarkResult, checksum: Int) {
        var checksum = workload.run(1)
        let allocations = AllocationCounter.perPass(workload, checksum: &checksum)
        let timing = Sampler.measure(engine: workload, reference: nil, plan: plan, checksum: &checksum)
        let result = BenchmarkResult(
            name: name, family: nil, views: views, queries: 1,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations, bytesPerView: nil, note: note)
        print("  \(name): \(Format.nanoseconds(timing.engine))/\(unit)")
        return (result, checksum)
    }

    /// A focused button beside a view that moves 1 pt at each edit, in a window with its focus
    /// system on: the edit's focus check finds the button still focusable.
    private static func runEdit(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let application = Application()
        let window = Window(frame: Rect(0, 0, 400, 400), in: application)
        let button = Button(frame: Rect(10, 10, 100, 40), in: application)
        let moving = View(frame: Rect(10, 100, 100, 100), in: application)
        window.addSubview(button)
        window.addSubview(moving)
        window.makeKey()
        window.isFocusSystemEnabled = true
        var focusChanges = 0
        application.observeFocus { _ in focusChanges += 1 }
        try! application.send(InputFrame(timestamp: 0.01, keys: [KeyInput(code: tab, phase: .down, characters: "\t", charactersIgnoringModifiers: "\t")]))
        try! application.send(InputFrame(timestamp: 0.02, keys: [KeyInput(code: tab, phase: .up, characters: "\t", charactersIgnoringModifiers: "\t")]))
        var step = 0
        func edit() {
            step += 1
            moving.frame = Rect(10 + Double(step % 100), 100, 100, 100)
        }
        var mismatches: [String] = []
        if window.focusedItem !== button { mismatches.append("\(editName): Tab did not focus the button") }
        edit()
        if window.focusedItem !== button || focusChanges != 1 {
            mismatches.append("\(editName): an edit beside the focused button changed the focus")
        }
        let workload = Workload(queriesPerPass: 1) { passes in
            for _ in 0..<passes { edit() }
            return step
        }
        defer { withExtendedLifetime(window) {} }
        let (result, checksum) = measure(editName, views: 3, note: "per frame set from code beside a focused button (its focus check keeps the focus)",
                                         unit: "edit", workload, plan: plan)
        return (result, mismatches, checksum)
    }
}

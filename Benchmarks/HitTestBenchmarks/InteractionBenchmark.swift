import AllocationCounting
import HitKit
import HitTestCore

/// Context menus and drag and drop (Behaviour A11) at the façade's speed:
/// - a drag session's frame over 1,000 drop candidates: the dispatch scene's 20-deep chain, each
///   level's view with a drop interaction and 50 leaves beside it behind the chain (950 more), the
///   innermost with 50 leaves of its own; the session's touch moves between two of those leaves in
///   every frame, so each frame re-targets (exit, enter, `sessionDidUpdate`);
/// - the dispatch benchmark's full tap with a context menu and a drag interaction on the button's
///   superview, to compare with the same tap without them.
enum InteractionBenchmark {
    static let dragFrameName = "drag-frame-1000-drop-candidates-20-deep"
    static let tapName = "dispatch-tap-20-deep-with-interactions"
    static let names = [dragFrameName, tapName]

    /// A drop delegate that takes every session and proposes a copy; counts what it is told.
    final class CountingDrop: DropInteractionDelegate {
        var updates = 0
        func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal {
            updates += 1
            return .copy
        }
    }

    /// A drag delegate with one item.
    final class OneItem: DragInteractionDelegate {
        let items = [DragItem("row")]
        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] { items }
    }

    /// A menu whose configuration is asked for only after 0.15 s: a tap never gets that far.
    final class NoMenu: ContextMenuInteractionDelegate {
        func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? { nil }
    }

    static func run(_ name: String, plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        name == dragFrameName ? runDragFrame(plan: plan) : runTap(plan: plan)
    }

    private static func runDragFrame(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let application = Application()
        let window = Window(frame: Rect(0, 0, 400, 800), in: application)
        let drop = CountingDrop(), drag = OneItem()
        var views: [View] = [], interactions: [Interaction] = []
        var parent: View = window
        var dropCount = 0
        func addDrop(to view: View) {
            let interaction = DropInteraction(delegate: drop)
            try! view.addInteraction(interaction)
            interactions.append(interaction)
            dropCount += 1
        }
        for level in 1...DispatchBenchmark.depth {
            // 50 leaves behind the chain's next view (the last innermost level's 50 in front of nothing).
            let leaves = (0..<50).map { (index: Int) -> View in
                let gridFrame = Rect(Double(index % 10) * 30, Double(index / 10) * 30, 30, 30)
                return View(frame: level == DispatchBenchmark.depth ? gridFrame : Rect(0, 0, 10, 10), in: application)
            }
            let frame = Rect(1, 1, 400 - 2 * Double(level), 800 - 2 * Double(level))
            let view = View(frame: frame, in: application)
            for leaf in leaves {
                parent.addSubview(leaf)
                addDrop(to: leaf)
                views.append(leaf)
            }
            if level < DispatchBenchmark.depth {
                parent.addSubview(view)
                addDrop(to: view)
                views.append(view)
                parent = view
            }
        }
        // The drag source: a view in front of everything at the bottom of the window.
        let source = View(frame: Rect(0, 700, 400, 100), in: application)
        window.addSubview(source)
        try! source.addInteraction(DragInteraction(delegate: drag))
        var time = 0.0
        // Two points on two leaves of the innermost level (window coordinates: the level's origin
        // is 19 points in), alternately.
        let points = [Point(19 + 45, 19 + 15), Point(19 + 75, 19 + 15)]
        let frames = points.map { [TouchInput(id: 1, phase: .moved, location: $0)] }
        try! application.send(InputFrame(timestamp: time, touches: [TouchInput(id: 1, phase: .began, location: Point(200, 750))]))
        time += 0.4
        try! application.advance(to: time)
        try! application.send(InputFrame(timestamp: time, touches: [TouchInput(id: 1, phase: .moved, location: Point(200, 720))]))
        var mismatches: [String] = []
        if application.dragSessions.first?.hasBegun != true { mismatches.append("\(dragFrameName): the session did not begin") }
        var index = 0
        func frame() {
            time += 1.0 / 60
            index ^= 1
            try! application.send(InputFrame(timestamp: time, touches: frames[index]))
        }
        let before = drop.updates
        frame()
        frame()
        if drop.updates != before + 2 { mismatches.append("\(dragFrameName): \(drop.updates - before) updates in two re-targeting frames") }
        var workload = Workload(queriesPerPass: 1) { passes in
            for _ in 0..<passes { frame() }
            return drop.updates
        }
        // The drop targeting hit-tests the screen now and then, and after 64 such queries of an
        // unedited store the store builds its window's hit map (allocating, once): warm up past
        // it, as the hit-test rows do. An even count keeps the fingers' alternation where it was.
        workload.warmUpPasses = 16 * HitMapPolicy.standard.queriesBeforeBuild
        let (result, checksum) = measure(dragFrameName, workload, views: views.count + 2, per: "frame", plan: plan,
                                         note: "per frame of a drag session re-targeting between two of \(dropCount) drop interactions (exit, enter, update)")
        withExtendedLifetime((interactions, views)) {}
        return (result, mismatches, checksum)
    }

    private static func runTap(plan: SamplingPlan) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let scene = DispatchBenchmark.Scene()
        let menu = NoMenu(), drag = OneItem()
        let superview = scene.button.superview!
        try! superview.addInteraction(ContextMenuInteraction(delegate: menu))
        try! superview.addInteraction(DragInteraction(delegate: drag))
        var mismatches: [String] = []
        let before = scene.counter.buttonTaps
        scene.tap()
        if scene.counter.buttonTaps != before + 1 { mismatches.append("\(tapName): the button sent \(scene.counter.buttonTaps - before) actions") }
        func taps(_ scene: DispatchBenchmark.Scene) -> Workload {
            Workload(queriesPerPass: 1) { passes in
                for _ in 0..<passes { scene.tap() }
                return scene.counter.buttonTaps
            }
        }
        // The same tap without the interactions, timed alongside (interleaved samples) as the
        // row's baseline; not counted in callgrind's mode, where the dispatch row has its own count.
        let plain = DispatchBenchmark.Scene()
        let (result, checksum) = measure(tapName, taps(scene), baseline: plan.countsInstructions ? nil : taps(plain),
                                         views: DispatchBenchmark.depth + 1, per: "tap", plan: plan,
                                         note: "per tap as \(DispatchBenchmark.tapName), with a context menu and a drag on the button's superview")
        withExtendedLifetime((menu, drag, plain)) {}
        return (result, mismatches, checksum)
    }

    /// Times `workload` (one frame or tap a pass), with `baseline` timed alongside when given, and
    /// counts its allocations.
    private static func measure(_ name: String, _ workload: Workload, baseline: Workload? = nil, views: Int,
                                per unit: String, plan: SamplingPlan, note: String) -> (BenchmarkResult, checksum: Int) {
        var checksum = workload.warmUp()
        let allocations = AllocationCounter.perPass(workload, checksum: &checksum)
        // The baseline sits in the reference's slot of the pairing only to be timed alongside.
        let timing = Sampler.measure(engine: workload, reference: baseline, plan: plan, checksum: &checksum)
        var result = BenchmarkResult(
            name: name, family: nil, views: views, queries: 1,
            engineNanosecondsPerQuery: timing.engine, referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: allocations, bytesPerView: nil, note: note)
        result.baselineNanosecondsPerQuery = timing.reference
        let against = timing.reference.map { " (\(Format.nanoseconds($0)) without)" } ?? ""
        print("  \(name): \(Format.nanoseconds(timing.engine))/\(unit)\(against)")
        return (result, checksum)
    }
}

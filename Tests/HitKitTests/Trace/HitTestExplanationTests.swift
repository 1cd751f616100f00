@testable import HitKit
import Testing

/// The trace's explanation of a hit test walks Behaviour A2 again over the façade's views: its
/// answer must be the engine's, for every flag and override (a subclass's, or one installed in
/// the store as the C library's callbacks are), or the explanation would lie.
@Suite("Hit test explanation")
struct HitTestExplanationTests {
    @Test(arguments: 0..<12)
    func theWalksAnswerIsTheEngines(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 1)
        let app = Application()
        var views: [View] = []
        for level in 0..<2 {
            let window = Window(frame: Rect(Double(level) * 20, 0, 300, 300), in: app)
            window.windowLevel = Double(random.next() % 2)
            window.isHidden = random.chance(0.15)
            views.append(window)
        }
        for _ in 0..<30 {
            let kind = random.next() % 6
            let frame = Rect(Double(random.next() % 200), Double(random.next() % 200),
                             Double(random.next() % 120), Double(random.next() % 120))
            let view: View = kind == 0 ? DiscView(frame: frame, in: app)
                : kind == 1 ? CatchingView(frame: frame, in: app) : View(frame: frame, in: app)
            view.isHidden = random.chance(0.1)
            view.isUserInteractionEnabled = !random.chance(0.1)
            view.alpha = random.chance(0.1) ? 0.005 : 1
            view.passesTouchesThrough = random.chance(0.15)
            view.hitsOutsideBounds = random.chance(0.15)
            view.redirectsToSuperview = random.chance(0.1)
            if random.chance(0.2) { view.hitTestInsets = EdgeInsets(top: -8, left: -8, bottom: 4, right: 4) }
            if random.chance(0.2) { view.minimumHitSize = Size(44, 44) }
            if random.chance(0.15) { view.transform = AffineTransform(a: 0.8, b: 0.3, c: -0.3, d: 0.8, tx: 5, ty: -3) }
            // Overrides installed in the store alone, as a C callback's are (no subclass to see).
            if kind == 2 {
                let answer = views[Int(random.next() % UInt64(views.count))].id
                try app.store.setHitTestOverride({ point in point.x < 30 ? answer : nil }, of: view.id)
            } else if kind == 3 {
                try app.store.setPointInsideOverride({ point in point.x + point.y < 60 }, of: view.id)
            }
            views[Int(random.next() % UInt64(views.count))].addSubview(view)
            views.append(view)
        }
        let tracer = Tracer(application: app)
        var hits = 0
        for _ in 0..<150 {
            let point = Point(Double(random.next() % 3400) / 10 - 10, Double(random.next() % 3400) / 10 - 10)
            let engine = app.hitTest(screenPoint: point)
            let walk = tracer.explainHitTest(at: point, touch: nil, for: "test")
            #expect(walk === engine, "at \(point)")
            if engine != nil { hits += 1 }
        }
        // Not a vacuous agreement: some points hit a view, some hit none.
        #expect(hits > 0 && hits < 150)
    }
}

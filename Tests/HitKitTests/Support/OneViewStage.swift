import HitKit

/// A 400 × 400 key window filled by one multi-touch view, for tests of a recognizer on it.
struct OneViewStage {
    let app = Application()
    let window: Window
    let view: View

    init() {
        window = Window(frame: Rect(0, 0, 400, 400), in: app)
        view = View(frame: Rect(0, 0, 400, 400), in: app)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        window.makeKeyAndVisible()
    }
}

/// A touch's input with high-rate samples given as (time, x, y) (Behaviour A3).
func sampledInput(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double,
                  samples: [(Double, Double, Double)] = []) -> TouchInput {
    TouchInput(id: id, phase: phase, location: Point(x, y),
               samples: samples.map { TouchSample(timestamp: $0.0, location: Point($0.1, $0.2)) })
}

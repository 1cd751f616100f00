import Testing
@testable import HitKit

/// The order of a forwarded call split between routes. The SPEC orders none of this; it is
/// HitKit's documented order: `forwardAlongRoutes` (Responder+Forwarding.swift) passes touches
/// on "one call per receiver, receivers in the order their touches began".
///
/// Touches come in a `Set`, whose order follows the touches' addresses and the process's hash
/// seed, so one small case would match the began order by chance now and then. Each round here
/// splits a call of four touches four ways (one order in 24 is the began order), the rounds'
/// applications are kept alive so that their touches lie at new addresses, and the touches' ids
/// follow neither the began order nor the receivers' layout.
@Suite struct ForwardingOrderTests {
    @Test func aSplitCallGoesToItsReceiversInTheOrderTheirTouchesBegan() throws {
        var generator = SplitMix64(seed: 0xF0_5EED)
        var kept: [Application] = []
        for round in 0..<40 {
            let app = RecordingApplication()
            kept.append(app)
            let window = Window(frame: Rect(0, 0, 400, 100), in: app)
            let containers = (0..<4).map {
                RecordingView("c\($0)", frame: Rect(Double($0) * 100, 0, 100, 100), in: app, log: app.log)
            }
            containers.forEach(window.addSubview)
            // `v` does not override: each touch's began goes to the container `v` is in then.
            let v = RecordingView("v", frame: Rect(0, 0, 40, 40), in: app, log: app.log, behaviour: .forward)
            v.isMultipleTouchEnabled = true
            let visits = containers.indices.shuffled(using: &generator)
            let ids = Array((1...20).shuffled(using: &generator).prefix(visits.count))
            func at(_ rank: Int, _ phase: Touch.Phase) -> TouchInput {
                TouchInput(id: ids[rank], phase: phase, location: Point(Double(visits[rank]) * 100 + 20, 20))
            }
            for rank in visits.indices {
                containers[visits[rank]].addSubview(v)  // within the window: earlier touches keep their routes
                try app.frame(Double(rank) * 0.01, at(rank, .began))
            }
            app.log.clear()
            try app.send(InputFrame(timestamp: 0.1, touches: visits.indices.map { at($0, .moved) }))
            try app.send(InputFrame(timestamp: 0.2, touches: visits.indices.map { at($0, .ended) }))
            let expected = ["touchesMoved", "touchesEnded"].flatMap { method in
                visits.indices.map { "c\(visits[$0]) \(method) \(ids[$0])" }
            }
            #expect(app.log.lines == expected, "round \(round)")
        }
    }
}

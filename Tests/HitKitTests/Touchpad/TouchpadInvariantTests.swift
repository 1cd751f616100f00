import HitTestDifferential
import Testing
@testable import HitKit

/// Behaviour A9's promises beside A3's and A4's, over random streams: the worlds, recognizers and
/// finger streams of ``GestureInvariantTests`` (removals and bad input included), with touchpad
/// pinches, rotations and holds mixed in — bad steps too (a second `began`, a `changed` with none
/// under way, a kind changing, a scale of 0). The touchpad's rejections are exactly its bad steps,
/// and nothing else of their frames is lost; no recognizer makes an illegal transition; every
/// responder that got `touchesBegan` gets one end; and once the fingers are up, the touchpad
/// gesture has ended and the timers have run, every recognizer is back to possible.
@Suite struct TouchpadInvariantTests {
    /// The touchpad as the host drives it: the gesture under way, if any, and its scale.
    struct Touchpad {
        var underway: TouchpadGestureInput.Kind?
        var scale = 1.0, rotation = 0.0
        var location = Point(200, 200)

        /// A random step, and whether it is bad input.
        mutating func step(_ rng: inout SplitMix64) -> (TouchpadGestureInput, bad: Bool) {
            if rng.chance(0.1) {
                // Bad on purpose: what a confused host might send.
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where underway != nil: return (.pinch(.began, at: location), true)
                case 1 where underway == nil: return (.pinch(.changed, at: location, scale: 1.2), true)
                case 2 where underway != nil:
                    let other: TouchpadGestureInput.Kind = underway == .pinch ? .hold : .pinch
                    return (TouchpadGestureInput(kind: other, phase: .ended, location: location), true)
                default: return (.pinch(underway == nil ? .began : .changed, at: location, scale: 0), true)
                }
            }
            switch underway {
            case nil:
                location = Point(Double.random(in: 0..<400, using: &rng), Double.random(in: 0..<400, using: &rng))
                scale = 1
                rotation = 0
                underway = rng.chance(0.8) ? .pinch : .hold
                return (TouchpadGestureInput(kind: underway!, phase: .began, location: location), false)
            case .pinch where rng.chance(0.7):
                scale *= Double.random(in: 0.8..<1.25, using: &rng)
                rotation += Double.random(in: -0.2..<0.2, using: &rng)
                return (.pinch(.changed, at: location, scale: scale, rotation: rotation), false)
            case let kind?:
                underway = nil
                return (TouchpadGestureInput(kind: kind, phase: rng.chance(0.8) ? .ended : .cancelled, location: location,
                                             scale: kind == .pinch ? scale : 1, rotation: kind == .pinch ? rotation : 0), false)
            }
        }
    }

    @Test func touchpadGesturesKeepTheStateMachineAndLoseNothingElse() throws {
        var touchpadSteps = 0, touchpadRejections = 0, recognitions = 0
        for seed in TestSeeds.of(1...1000) {
            var stream = DeliveryInvariantTests.Stream(seed: seed &* 104_729)
            let checker = GestureInvariantTests.TransitionChecker()
            var recognizers: [GestureRecognizer] = []
            for host in stream.windows + stream.views where stream.rng.chance(0.6) {
                for _ in 0..<Int.random(in: 1...2, using: &stream.rng) {
                    // Pinches and rotations half the time: the touchpad drives only those.
                    let recognizer: GestureRecognizer = stream.rng.chance(0.5)
                        ? (stream.rng.chance(0.5) ? PinchGestureRecognizer() : RotationGestureRecognizer())
                        : GestureInvariantTests.randomRecognizer(using: &stream.rng)
                    host.addGestureRecognizer(recognizer)
                    checker.watch(recognizer)
                    recognizers.append(recognizer)
                }
            }
            var touchpad = Touchpad()
            for _ in 0..<40 {
                if stream.rng.chance(0.15) { stream.reshuffle() }
                try stream.step()
                guard stream.rng.chance(0.5) else { continue }
                let (input, bad) = touchpad.step(&stream.rng)
                stream.time += 0.01
                touchpadSteps += 1
                do {
                    try stream.app.send(InputFrame(timestamp: stream.time, touchpadGesture: input))
                    #expect(!bad, "seed \(seed): a bad touchpad step was accepted: \(input)")
                } catch {
                    let touchpadProblems = error.rejections.filter { if case .touchpad = $0.reason { true } else { false } }
                    #expect(bad && touchpadProblems.count == 1 && error.rejections.count == 1,
                            "seed \(seed): \(input) rejected as \(error)")
                    touchpadRejections += 1
                }
            }
            if let kind = touchpad.underway {
                stream.time += 0.01
                try stream.app.send(InputFrame(timestamp: stream.time, touchpadGesture: TouchpadGestureInput(
                    kind: kind, phase: .ended, location: touchpad.location, scale: kind == .pinch ? touchpad.scale : 1,
                    rotation: kind == .pinch ? touchpad.rotation : 0)))
            }
            try stream.liftEverything()
            try stream.app.advance(to: stream.time + 10)
            #expect(checker.violations.isEmpty, "seed \(seed): \(checker.violations.prefix(3))")
            #expect(stream.ledger.violations.isEmpty && stream.ledger.unbalanced == 0, "seed \(seed): \(stream.ledger.violations.prefix(3))")
            let stuck = recognizers.filter { $0.state != .possible }
            #expect(stuck.isEmpty, "seed \(seed): \(stuck.map { "\(type(of: $0)) \($0.state)" }) after everything ended")
            recognitions += checker.recognitions
            if !checker.violations.isEmpty || !stuck.isEmpty { break }
        }
        // The streams must send many touchpad steps, bad ones among them, and recognize.
        if TestSeeds.playsEverySeed {
            #expect(touchpadSteps > 10_000 && touchpadRejections > 1_000 && recognitions > 1_000)
        }
    }
}

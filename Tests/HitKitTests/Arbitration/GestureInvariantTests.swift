import Testing
@testable import HitKit

/// Behaviour A3's and A4's promises under random recognizer sets: over random worlds and frame
/// streams (those of ``DeliveryInvariantTests``, bad input and removals included) with random
/// recognizers, flags, delegates, failure requirements (cycles too) and enable toggles, no recognizer makes
/// an illegal transition, every responder that got `touchesBegan` gets exactly one end or
/// cancel, and once the fingers are up and the timers have run nothing is left withheld.
@Suite struct GestureInvariantTests {
    /// Checks each observed state change against Behaviour A4 (a change after a terminal state
    /// follows the unobserved reset to possible).
    final class TransitionChecker {
        var last: [ObjectIdentifier: GestureRecognizer.State] = [:]
        var violations: [String] = []
        var changes = 0
        var recognitions = 0

        func watch(_ recognizer: GestureRecognizer) {
            recognizer.observeStateChanges { [unowned self] g, state in
                let key = ObjectIdentifier(g)
                var from = last[key] ?? .possible
                if from == .ended || from == .cancelled || from == .failed { from = .possible }
                if !GestureRecognizer.isLegal(from: from, to: state, discrete: type(of: g).isDiscrete) {
                    violations.append("\(type(of: g)) \(from) → \(state)")
                }
                last[key] = state
                changes += 1
                if state == .began || state == .ended { recognitions += 1 }
            }
        }
    }

    /// Everything down and up again: recognizers handle whatever the stream does.
    final class Simultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(_ g: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
    }

    static func randomRecognizer(using rng: inout SplitMix64) -> GestureRecognizer {
        let recognizer: GestureRecognizer
        switch Int.random(in: 0..<7, using: &rng) {
        case 0:
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = Int.random(in: 1...2, using: &rng)
            tap.numberOfTouchesRequired = Int.random(in: 1...2, using: &rng)
            recognizer = tap
        case 1:
            let press = LongPressGestureRecognizer()
            press.minimumPressDuration = Double.random(in: 0.05..<0.6, using: &rng)
            press.numberOfTapsRequired = Int.random(in: 0...1, using: &rng)
            recognizer = press
        case 2:
            let pan = PanGestureRecognizer()
            pan.maximumNumberOfTouches = Int.random(in: 1...3, using: &rng)
            recognizer = pan
        case 3:
            let swipe = SwipeGestureRecognizer()
            swipe.direction = [.right, .left, [.up, .down]].randomElement(using: &rng)!
            swipe.minimumDistance = 20
            recognizer = swipe
        case 4: recognizer = PinchGestureRecognizer()
        case 5: recognizer = RotationGestureRecognizer()
        default:
            let edge = ScreenEdgePanGestureRecognizer()
            edge.edges = .all
            edge.edgeDistance = 60
            recognizer = edge
        }
        recognizer.cancelsTouchesInView = rng.chance(0.7)
        recognizer.delaysTouchesBegan = rng.chance(0.3)
        recognizer.delaysTouchesEnded = rng.chance(0.7)
        return recognizer
    }

    @Test func randomRecognizersNeverBreakTheStateMachineOrTheOneEndPromise() throws {
        var totalChanges = 0, totalRecognitions = 0, totalBegan = 0
        let everything = Simultaneous()
        for seed in UInt64(1)...1500 {
            var stream = DeliveryInvariantTests.Stream(seed: seed &* 7919)
            let checker = TransitionChecker()
            var recognizers: [GestureRecognizer] = []
            let hosts: [View] = stream.windows + stream.views
            for host in hosts where stream.rng.chance(0.6) {
                for _ in 0..<Int.random(in: 1...2, using: &stream.rng) {
                    let recognizer = Self.randomRecognizer(using: &stream.rng)
                    if stream.rng.chance(0.2) { recognizer.delegate = everything }
                    host.addGestureRecognizer(recognizer)
                    checker.watch(recognizer)
                    recognizers.append(recognizer)
                }
            }
            // Failure requirements in any direction: cycles included, which must not hold
            // touches back forever.
            for recognizer in recognizers where stream.rng.chance(0.25) {
                if let other = recognizers.randomElement(using: &stream.rng), other !== recognizer {
                    recognizer.require(toFail: other)
                }
            }
            for recognizer in recognizers where stream.rng.chance(0.1) {
                let at = Double.random(in: 0..<3, using: &stream.rng)
                stream.app.schedule(at: at) { [weak recognizer] in recognizer?.isEnabled.toggle() }
            }
            try stream.run(frames: 30)
            // Let every timer (multi-tap waits, presses) run out, releasing what was withheld.
            try stream.app.advance(to: stream.time + 10)
            let ledger = stream.ledger
            #expect(checker.violations.isEmpty, "seed \(seed): \(checker.violations.prefix(3))")
            #expect(recognizers.allSatisfy { $0.illegalTransitions.isEmpty }, "seed \(seed)")
            #expect(ledger.violations.isEmpty, "seed \(seed): \(ledger.violations.prefix(3))")
            #expect(ledger.unbalanced == 0, "seed \(seed): \(ledger.unbalanced) responders without exactly one end")
            #expect(stream.app.dispatcher.heldTouches.isEmpty, "seed \(seed): touches still withheld")
            #expect(stream.app.dispatcher.arena.isEmpty, "seed \(seed): recognizers not reset")
            totalChanges += checker.changes
            totalRecognitions += checker.recognitions
            totalBegan += ledger.beganCount
            if !checker.violations.isEmpty || ledger.unbalanced != 0 { break }
        }
        // The streams must exercise recognizers, or the test proves nothing.
        #expect(totalRecognitions > 1_000)
        #expect(totalChanges > 5_000)
        #expect(totalBegan > 8_000)
    }
}

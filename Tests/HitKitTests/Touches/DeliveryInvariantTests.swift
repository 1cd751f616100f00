import Testing
@testable import HitKit

/// Behaviour A3's promise, checked over thousands of random frame streams: every responder that gets
/// `touchesBegan` for a touch gets exactly one `touchesEnded` or `touchesCancelled` for it — with
/// random hierarchies and flags, random responder behaviours, bad input mixed in, views removed and
/// re-added mid-touch (from outside and from inside touch handlers and timers), some of them freed
/// while their fingers are down — and nothing crashes.
@Suite struct DeliveryInvariantTests {
    /// What each responder received for each touch.
    final class Ledger {
        struct Key: Hashable {
            let responder: ObjectIdentifier
            let touch: ObjectIdentifier
        }
        struct Record {
            var began = 0
            var ends = 0
        }
        var records: [Key: Record] = [:]
        var violations: [String] = []
        /// Keeps responders and touches alive so their identifiers are never reused. The stream
        /// owns the ledger; the responders refer to it weakly, so this makes no cycle and the
        /// whole world is freed with the stream.
        var retained: [ObjectIdentifier: AnyObject] = [:]

        func note(_ responder: AnyObject, _ method: String, _ touches: Set<Touch>) {
            retained[ObjectIdentifier(responder)] = responder
            for touch in touches {
                retained[ObjectIdentifier(touch)] = touch
                let key = Key(responder: ObjectIdentifier(responder), touch: ObjectIdentifier(touch))
                var record = records[key] ?? Record()
                switch method {
                case "began":
                    if record.began > 0 { violations.append("\(responder) got a second began for touch \(touch.id)") }
                    record.began += 1
                case "moved":
                    if record.began == 0 || record.ends > 0 {
                        violations.append("\(responder) got moved for touch \(touch.id) outside began…end")
                    }
                default:
                    if record.began == 0 { violations.append("\(responder) got \(method) for touch \(touch.id) without began") }
                    if record.ends > 0 { violations.append("\(responder) got a second end for touch \(touch.id)") }
                    record.ends += 1
                }
                records[key] = record
            }
        }

        /// Responders that got a began without exactly one end.
        var unbalanced: Int { records.values.filter { $0.began == 1 && $0.ends != 1 }.count }
        var beganCount: Int { records.values.filter { $0.began == 1 }.count }
    }

    /// A view with a random behaviour that may also remove a random view from inside a handler.
    final class LedgerView: View {
        var behaviour = TouchBehaviour.forward
        weak var ledger: Ledger!
        var sideEffect: (() -> Void)?

        private func handle(_ method: String, _ touches: Set<Touch>) -> Bool {
            if behaviour != .forward { ledger.note(self, method, touches) }
            if method != "cancelled" { sideEffect?() }
            return behaviour != .intercept
        }
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { if handle("began", t) { super.touchesBegan(t, with: e) } }
        override func touchesMoved(_ t: Set<Touch>, with e: Event?) { if handle("moved", t) { super.touchesMoved(t, with: e) } }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { if handle("ended", t) { super.touchesEnded(t, with: e) } }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { if handle("cancelled", t) { super.touchesCancelled(t, with: e) } }
    }

    final class LedgerWindow: Window {
        weak var ledger: Ledger!
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "began", t); super.touchesBegan(t, with: e) }
        override func touchesMoved(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "moved", t); super.touchesMoved(t, with: e) }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "ended", t); super.touchesEnded(t, with: e) }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "cancelled", t); super.touchesCancelled(t, with: e) }
    }

    final class LedgerController: ViewController {
        weak var ledger: Ledger!
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "began", t); super.touchesBegan(t, with: e) }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "ended", t); super.touchesEnded(t, with: e) }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "cancelled", t); super.touchesCancelled(t, with: e) }
    }

    final class LedgerApplication: Application {
        weak var ledger: Ledger!
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "began", t) }
        override func touchesMoved(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "moved", t) }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "ended", t) }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { ledger.note(self, "cancelled", t) }
    }

    /// One random world and the stream driving it.
    struct Stream {
        var rng: SplitMix64
        /// Owned here, not by the application: see ``Ledger/retained``.
        let ledger = Ledger()
        let app = LedgerApplication()
        var windows: [LedgerWindow] = []
        var views: [LedgerView] = []
        /// The fingers the model believes are down, with where they are.
        var down: [Int: Point] = [:]
        var time = 0.0
        var rejectionsSeen = 0
        /// Views the stream let go of; most are freed.
        var dropped: [WeakReference<View>] = []
        var freedCount: Int { dropped.filter { $0.object == nil }.count }

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            app.ledger = ledger
            buildWorld()
        }

        mutating func randomPoint() -> Point {
            Point(Double.random(in: -20..<420, using: &rng), Double.random(in: -20..<420, using: &rng))
        }

        mutating func randomRect(within size: Double) -> Rect {
            let w = Double.random(in: 5..<size, using: &rng), h = Double.random(in: 5..<size, using: &rng)
            return Rect(Double.random(in: -10..<size - w / 2, using: &rng), Double.random(in: -10..<size - h / 2, using: &rng), w, h)
        }

        mutating func buildWorld() {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let window = LedgerWindow(frame: randomRect(within: 400), in: app)
                window.ledger = ledger
                window.windowLevel = Double(Int.random(in: 0...1, using: &rng))
                windows.append(window)
                var containers: [View] = [window]
                if rng.chance(0.5) {
                    let controller = LedgerController(view: makeView())
                    controller.ledger = ledger
                    window.rootViewController = controller
                    containers.append(controller.view)
                }
                for _ in 0..<Int.random(in: 2...12, using: &rng) {
                    let view = makeView()
                    containers.randomElement(using: &rng)!.addSubview(view)
                    containers.append(view)
                }
            }
        }

        mutating func makeView() -> LedgerView {
            let view = LedgerView(frame: randomRect(within: 200), in: app)
            view.ledger = ledger
            view.behaviour = [.forward, .intercept, .interceptAndPassOn].randomElement(using: &rng)!
            view.isMultipleTouchEnabled = rng.chance(0.5)
            view.isExclusiveTouch = rng.chance(0.1)
            view.isHidden = rng.chance(0.05)
            view.redirectsToSuperview = rng.chance(0.1)
            view.passesTouchesThrough = rng.chance(0.1)
            view.hitsOutsideBounds = rng.chance(0.1)
            if rng.chance(0.1) { view.transform = AffineTransform(rotationAngle: Double.random(in: 0..<6, using: &rng)) }
            views.append(view)
            return view
        }

        /// Removes a random view, or puts a removed one back somewhere.
        mutating func reshuffle() {
            guard let view = views.randomElement(using: &rng) else { return }
            if view.superview != nil, rng.chance(0.7) {
                view.removeFromSuperview()
                // Sometimes nothing refers to it any more: it is freed, maybe with a finger down.
                if rng.chance(0.3) {
                    views.removeAll { $0 === view }
                    dropped.append(WeakReference(view))
                }
            } else if let window = windows.randomElement(using: &rng) {
                let targets = [window as View] + views.filter { $0.window === window && !$0.isDescendant(of: view) }
                targets.randomElement(using: &rng)!.addSubview(view)
            }
        }

        /// One frame: valid changes for some fingers, maybe bad input; checks the rejections
        /// against what was injected.
        mutating func step() throws {
            var inputs: [TouchInput] = []
            var expectedBad: [Int?] = []
            var named = Set<Int>()
            var next = down
            let backwards = rng.chance(0.03) && time > 0
            for id in 0..<6 where rng.chance(0.4) {
                if let at = down[id] {
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0..<5:
                        let to = Point(at.x + Double.random(in: -30..<30, using: &rng), at.y + Double.random(in: -30..<30, using: &rng))
                        inputs.append(moved(id, to.x, to.y)); next[id] = to
                    case 5..<8:
                        inputs.append(ended(id, at.x, at.y)); next[id] = nil
                    case 8:
                        inputs.append(cancelled(id)); next[id] = nil
                    default:
                        inputs.append(began(id, 1, 1)); expectedBad.append(id)  // duplicate began
                        continue
                    }
                } else {
                    if rng.chance(0.15) {
                        inputs.append(moved(id, 1, 1)); expectedBad.append(id)  // unknown finger
                        continue
                    }
                    let at = randomPoint()
                    inputs.append(began(id, at.x, at.y)); next[id] = at
                }
                named.insert(id)
            }
            if rng.chance(0.1) {
                let id = Int.random(in: 0..<6, using: &rng)
                if named.contains(id) {
                    inputs.append(cancelled(id)); expectedBad.append(id)  // repeated in the frame
                } else if down[id] == nil {
                    inputs.append(began(id, .nan, 3)); expectedBad.append(id)  // NaN location
                } else {
                    inputs.append(TouchInput(id: id, phase: .moved, location: nil)); expectedBad.append(id)
                }
            }
            let t = backwards ? time - 0.01 : time + Double.random(in: 0..<0.2, using: &rng)
            do {
                try app.send(InputFrame(timestamp: t, touches: inputs))
                #expect(expectedBad.isEmpty && !backwards, "a frame with bad input was accepted")
            } catch {
                rejectionsSeen += error.rejections.count
                if backwards {
                    #expect(error.rejections.count == max(inputs.count, 1))
                    return  // nothing applied
                }
                #expect(error.rejections.map(\.touchID) == expectedBad, "the rejections name exactly the bad inputs")
            }
            time = t
            down = next
        }

        mutating func liftEverything() throws {
            time += 0.1
            try app.send(InputFrame(timestamp: time, touches: down.map { ended($0.key, $0.value.x, $0.value.y) }))
            down = [:]
        }

        mutating func run(frames: Int) throws {
            // Some handlers and timers remove views from inside the delivery.
            for view in views where rng.chance(0.05) {
                let victim = views.randomElement(using: &rng)!
                view.sideEffect = { [weak victim] in victim?.removeFromSuperview() }
            }
            for _ in 0..<frames {
                if rng.chance(0.15) { reshuffle() }
                if rng.chance(0.05), let victim = views.randomElement(using: &rng) {
                    app.schedule(at: time + 0.05) { [weak victim] in victim?.removeFromSuperview() }
                }
                if rng.chance(0.01), windows.count > 1 {
                    app.removeWindow(windows.removeLast())
                }
                try step()
            }
            try liftEverything()
        }
    }

    /// A stream's world (application, windows, views, the touches the ledger kept) is freed with
    /// the stream. A responder holding the ledger strongly, while the ledger keeps it alive, made
    /// a cycle that kept every stream's world (tens of megabytes over these suites) until exit.
    @Test func aStreamsWorldIsFreedWithTheStream() throws {
        var noted = 0
        for seed in UInt64(1)...20 {
            weak var application: Application?
            weak var window: Window?
            weak var view: View?
            do {
                var stream = Stream(seed: seed)
                try stream.run(frames: 30)
                application = stream.app
                window = stream.windows.first
                view = stream.views.first
                noted += stream.ledger.retained.count
            }
            #expect(application == nil && window == nil && view == nil, "seed \(seed): the world outlived its stream")
        }
        #expect(noted > 100, "the ledgers kept responders and touches, or the test proves nothing")
    }

    @Test func everyBeganGetsExactlyOneEndOrCancelPerResponder() throws {
        var totalBegan = 0, totalRejections = 0, totalFreed = 0
        for seed in UInt64(1)...2000 {
            var stream = Stream(seed: seed)
            try stream.run(frames: 30)
            let ledger = stream.ledger
            #expect(ledger.violations.isEmpty, "seed \(seed): \(ledger.violations.prefix(3))")
            #expect(ledger.unbalanced == 0, "seed \(seed): \(ledger.unbalanced) responders without exactly one end")
            #expect(stream.app.activeTouches.isEmpty, "seed \(seed): fingers left down")
            totalBegan += ledger.beganCount
            totalRejections += stream.rejectionsSeen
            totalFreed += stream.freedCount
            if !ledger.violations.isEmpty || ledger.unbalanced != 0 { break }
        }
        // The streams must actually exercise deliveries and bad input, or the test proves nothing.
        #expect(totalBegan > 10_000)
        #expect(totalRejections > 1_000)
        #expect(totalFreed > 1_000)
    }
}

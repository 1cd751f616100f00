#if canImport(Glibc)
import Glibc
#endif
import HitKit
import HitTestCore

/// A long run through the façade, for leaks and growth: millions of seeded random frames on a scene with
/// recognizers, controls and a scroll view — touches beginning, moving, ending and cancelled,
/// pointer hover, wheel and trackpad scrolling, and timer frames — with the process's resident
/// memory sampled at regular intervals. Memory must stay flat after a warm-up, and every
/// responder must get exactly one end (ended or cancelled) per began (Behaviour A3).
///
/// Not part of the default run (10⁷ frames take longer than a minute): it runs only when
/// `--filter` names it (`--filter soak`); `--soak-frames N` sets the length.
enum SoakBenchmark {
    static let name = "soak-facade-mixed-frames"
    /// RSS samples taken over the run (plus one before the first frame).
    static let sampleCount = 100
    /// Frames before the reference sample: buffers grow to their working size.
    static let warmUpFraction = 0.01
    /// How far above the post-warm-up sample the RSS may go and still count as flat.
    static let flatToleranceBytes = 4 << 20

    /// Whether the run's filter names the soak: a run without a filter leaves it out.
    static func isSelected(by filter: String?) -> Bool {
        guard let filter, !filter.isEmpty else { return false }
        return name.contains(filter)
    }

    static func run(frames: Int) -> (result: BenchmarkResult, mismatches: [String], checksum: Int) {
        let driver = Driver()
        let startBytes = ResidentMemory.bytes()
        let interval = max(1, frames / sampleCount)
        let warmUpFrames = max(1, Int(Double(frames) * warmUpFraction))
        var warmBytes = startBytes, peakBytes = startBytes
        // The first and the last tenth's CPU time per frame (the thread's clock, as the other
        // benchmarks: the machine is shared): a cost growing with the run shows here.
        let tenth = max(1, frames / 10)
        var firstTenthEnd: UInt64 = 0, lastTenthStart: UInt64 = 0
        let started = Sampler.now(), startedCPU = Sampler.threadTime()
        for frame in 1...max(1, frames) {
            driver.step()
            if frame == warmUpFrames { warmBytes = ResidentMemory.bytes() }
            if frame == tenth { firstTenthEnd = Sampler.threadTime() }
            if frame == max(1, frames - tenth) { lastTenthStart = Sampler.threadTime() }
            if frame % interval == 0 {
                let bytes = ResidentMemory.bytes()
                peakBytes = max(peakBytes, bytes)
                if frame > warmUpFrames, bytes > warmBytes + flatToleranceBytes {
                    print("  \(name): RSS \(mib(bytes)) after \(frame) frames (\(mib(warmBytes)) after warm-up)")
                }
            }
        }
        let endedCPU = Sampler.threadTime()
        let seconds = Double(Sampler.now() - started) / 1e9
        let cpuSeconds = Double(endedCPU - startedCPU) / 1e9
        func microseconds(_ from: UInt64, _ to: UInt64) -> String {
            Format.decimal(Double(to &- from) / 1e3 / Double(tenth)) + " µs"
        }
        driver.finish()
        let endBytes = ResidentMemory.bytes()
        let peakAfterWarmUp = max(peakBytes, endBytes)
        let isFlat = peakAfterWarmUp <= warmBytes + flatToleranceBytes
        let ledger = driver.ledger

        var mismatches = driver.rejections.map { "\(name): \($0)" }
        mismatches += ledger.violations.prefix(20).map { "\(name): \($0)" }
        if ledger.open != 0 { mismatches.append("\(name): \(ledger.open) began(s) never ended after the last frame") }
        if !isFlat {
            mismatches.append("\(name): RSS not flat: \(mib(warmBytes)) after warm-up, peak \(mib(peakAfterWarmUp)) "
                + "(tolerance \(mib(flatToleranceBytes)))")
        }
        let summary = "\(frames) frames in \(Format.decimal(seconds)) s wall, \(Format.decimal(cpuSeconds)) s CPU "
            + "(per frame: first tenth \(microseconds(startedCPU, firstTenthEnd)), last tenth "
            + "\(microseconds(lastTenthStart, endedCPU))); RSS start \(mib(startBytes)), "
            + "after warm-up \(mib(warmBytes)), peak \(mib(peakAfterWarmUp)), end \(mib(endBytes)) "
            + "(\(isFlat ? "flat" : "NOT flat") within \(mib(flatToleranceBytes))); "
            + "\(ledger.began) began, \(ledger.ended) ended, \(ledger.cancelled) cancelled, \(ledger.open) open; "
            + "\(driver.actions) recognizer actions"
        print("  \(name): \(summary)")
        let result = BenchmarkResult(
            name: name, family: nil, views: driver.viewCount, queries: frames,
            engineNanosecondsPerQuery: cpuSeconds * 1e9 / Double(max(1, frames)), referenceNanosecondsPerQuery: nil,
            visitedPerQuery: nil, allocationsPerQuery: nil, bytesPerView: nil,
            note: "CPU time per frame over one run of " + summary)
        return (result, mismatches, ledger.began &+ driver.actions)
    }

    private static func mib(_ bytes: Int) -> String { Format.decimal(Double(bytes) / Double(1 << 20)) + " MiB" }

    /// Counts each responder's calls per touch; keeps only the pairs still open, so it stays small.
    final class Ledger {
        private struct Key: Hashable {
            let responder: ObjectIdentifier
            let touch: ObjectIdentifier
        }
        private var begun: Set<Key> = []
        private(set) var began = 0, ended = 0, cancelled = 0
        private(set) var violations: [String] = []
        var open: Int { begun.count }

        func note(_ responder: Responder, began touches: Set<Touch>) {
            for touch in touches {
                began += 1
                if !begun.insert(Key(responder: ObjectIdentifier(responder), touch: ObjectIdentifier(touch))).inserted {
                    violate("\(type(of: responder)) got a second began for touch \(touch.id)")
                }
            }
        }

        func note(_ responder: Responder, ended touches: Set<Touch>, cancelled isCancel: Bool) {
            for touch in touches {
                if isCancel { cancelled += 1 } else { ended += 1 }
                if begun.remove(Key(responder: ObjectIdentifier(responder), touch: ObjectIdentifier(touch))) == nil {
                    violate("\(type(of: responder)) got \(isCancel ? "cancelled" : "ended") for touch \(touch.id) without an open began")
                }
            }
        }

        private func violate(_ message: String) {
            if violations.count < 100 { violations.append(message) }
        }
    }

    /// A view that notes its touches, then passes them on (to the application's ledger too).
    final class LedgerView: View {
        var ledger: Ledger!
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { ledger.note(self, began: t); super.touchesBegan(t, with: e) }
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { ledger.note(self, ended: t, cancelled: false); super.touchesEnded(t, with: e) }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { ledger.note(self, ended: t, cancelled: true); super.touchesCancelled(t, with: e) }
    }

    /// The end of every responder chain: notes what the views passed on.
    final class LedgerApplication: Application {
        let ledger = Ledger()
        override func touchesBegan(_ t: Set<Touch>, with e: Event?) { ledger.note(self, began: t) }
        override func touchesMoved(_ t: Set<Touch>, with e: Event?) {}
        override func touchesEnded(_ t: Set<Touch>, with e: Event?) { ledger.note(self, ended: t, cancelled: false) }
        override func touchesCancelled(_ t: Set<Touch>, with e: Event?) { ledger.note(self, ended: t, cancelled: true) }
    }

    /// The scene and the seeded stream of frames.
    final class Driver {
        let application = LedgerApplication()
        var ledger: Ledger { application.ledger }
        private let window: Window
        private(set) var viewCount = 1
        /// Actions sent by recognizers and controls (a checksum: the work cannot be dropped).
        private(set) var actions = 0
        /// Frames the application refused: the stream only sends valid input, so none is expected.
        private(set) var rejections: [String] = []
        private var rng = SplitMix64(seed: 0x50A4_2026)
        private var time = 0.0
        /// Where each finger is while it is down.
        private var fingers: [Point?] = Array(repeating: nil, count: 6)
        private var touches: [TouchInput] = []
        private var pointerPresent = false
        private var trackpadScrolling = false

        init() {
            window = Window(frame: Rect(0, 0, 400, 800), in: application)
            let count = { [unowned self] (_: GestureRecognizer) in actions &+= 1 }

            // The top half: a panel with a pan (taking wheel and trackpad), a long press and a
            // hover; inside it a view with a single tap that waits for a double tap, and controls.
            let panel = ledgerView(Rect(0, 0, 400, 400), in: window)
            let pan = PanGestureRecognizer()
            pan.allowedScrollTypesMask = .all
            pan.cancelsTouchesInView = false
            let longPress = LongPressGestureRecognizer()
            let hover = HoverGestureRecognizer()
            for recognizer in [pan, longPress, hover] as [GestureRecognizer] {
                _ = recognizer.addTarget(count)
                panel.addGestureRecognizer(recognizer)
            }
            let tapArea = ledgerView(Rect(20, 20, 360, 160), in: panel)
            let tap = TapGestureRecognizer()
            let doubleTap = TapGestureRecognizer()
            doubleTap.numberOfTapsRequired = 2
            tap.require(toFail: doubleTap)
            for recognizer in [tap, doubleTap] {
                _ = recognizer.addTarget(count)
                tapArea.addGestureRecognizer(recognizer)
            }
            let controls: [Control] = [
                Button(frame: Rect(20, 200, 160, 60), in: application),
                Switch(frame: Rect(220, 200, 80, 40), in: application),
                Slider(frame: Rect(20, 300, 360, 40), in: application),
            ]
            for control in controls {
                control.addTarget(application, action: "soak", for: [.touchUpInside, .valueChanged])
                panel.addSubview(control)
                viewCount += 1
            }

            // The bottom half: a scroll view delaying its content's touches, with swipeable rows.
            let scrollView = ScrollView(frame: Rect(0, 400, 400, 400), in: application)
            scrollView.contentSize = Size(400, 2000)
            window.addSubview(scrollView)
            viewCount += 1
            for row in 0..<10 {
                let rowView = ledgerView(Rect(0, Double(row) * 200, 400, 190), in: scrollView)
                let swipe = SwipeGestureRecognizer()
                _ = swipe.addTarget(count)
                rowView.addGestureRecognizer(swipe)
            }
        }

        private func ledgerView(_ frame: Rect, in parent: View) -> LedgerView {
            let view = LedgerView(frame: frame, in: application)
            view.ledger = ledger
            view.isMultipleTouchEnabled = true
            parent.addSubview(view)
            viewCount += 1
            return view
        }

        private func randomPoint() -> Point { Point(rng.double(in: 0...400), rng.double(in: 0...800)) }

        private func send(_ frame: InputFrame) {
            do { try application.send(frame) } catch {
                if rejections.count < 20 { rejections.append("frame at \(frame.timestamp) refused: \(error)") }
            }
        }

        /// One frame: mostly touches, then hover, scrolling and timer frames.
        func step() {
            time += 1.0 / 60
            switch rng.int(below: 100) {
            case 0..<60: touchFrame()
            case 60..<75: hoverFrame()
            case 75..<90: scrollFrame()
            default:
                // A pause: the clock jumps up to 0.8 s, firing long presses and tap timeouts.
                time += rng.double(in: 0...0.8)
                do { try application.advance(to: time) } catch {
                    if rejections.count < 20 { rejections.append("advance to \(time) refused: \(error)") }
                }
            }
        }

        private func touchFrame() {
            touches.removeAll(keepingCapacity: true)
            for finger in fingers.indices where rng.int(below: 10) < 3 {
                if let at = fingers[finger] {
                    switch rng.int(below: 100) {
                    case 0..<78:
                        let to = Point(min(400, max(0, at.x + rng.double(in: -12...12))),
                                       min(800, max(0, at.y + rng.double(in: -12...12))))
                        touches.append(TouchInput(id: finger, phase: .moved, location: to))
                        fingers[finger] = to
                    case 78..<98:
                        touches.append(TouchInput(id: finger, phase: .ended, location: at))
                        fingers[finger] = nil
                    default:
                        touches.append(TouchInput(id: finger, phase: .cancelled, location: at))
                        fingers[finger] = nil
                    }
                } else {
                    let at = randomPoint()
                    touches.append(TouchInput(id: finger, phase: .began, location: at))
                    fingers[finger] = at
                }
            }
            send(InputFrame(timestamp: time, touches: touches))
        }

        private func hoverFrame() {
            // Sometimes the pointer leaves; otherwise it moves (entering if it had left).
            if pointerPresent, rng.int(below: 20) == 0 {
                var leaving = PointerInput(id: 50, location: Point(0, 0))
                leaving.hasLeft = true
                pointerPresent = false
                send(InputFrame(timestamp: time, pointer: leaving))
            } else {
                pointerPresent = true
                send(InputFrame(timestamp: time, pointer: PointerInput(id: 50, location: randomPoint())))
            }
        }

        private func scrollFrame() {
            let kind: ScrollInput.Kind
            if trackpadScrolling {
                let ends = rng.int(below: 8) == 0
                kind = .continuous(ends ? .ended : .changed)
                trackpadScrolling = !ends
            } else if rng.int(below: 2) == 0 {
                kind = .continuous(.began)
                trackpadScrolling = true
            } else {
                kind = .discrete
            }
            send(InputFrame(timestamp: time,
                            scroll: ScrollInput(location: randomPoint(), delta: Point(0, rng.double(in: -10...10)), kind: kind)))
        }

        /// Lifts every finger, ends the trackpad scroll and runs the clock past every timer, so
        /// every touch has had its end.
        func finish() {
            time += 1.0 / 60
            touches = fingers.indices.compactMap { finger in
                fingers[finger].map { TouchInput(id: finger, phase: .ended, location: $0) }
            }
            fingers = fingers.map { _ in nil }
            send(InputFrame(timestamp: time, touches: touches))
            if trackpadScrolling {
                trackpadScrolling = false
                send(InputFrame(timestamp: time, scroll: ScrollInput(location: .zero, delta: .zero, kind: .continuous(.ended))))
            }
            time += 10
            do { try application.advance(to: time) } catch {
                rejections.append("advance to \(time) refused: \(error)")
            }
            if !application.activeTouches.isEmpty {
                rejections.append("\(application.activeTouches.count) touch(es) still active after every finger lifted")
            }
        }
    }
}

/// The process's resident set size, read from `/proc/self/statm` (Linux; 0 elsewhere).
enum ResidentMemory {
    static func bytes() -> Int {
        #if canImport(Glibc)
        let file = open("/proc/self/statm", O_RDONLY)
        guard file >= 0 else { return 0 }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return 0 }
        // "size resident shared text lib data dt", in pages: the second field.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return 0
        #endif
    }
}

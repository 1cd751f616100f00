import HitTestDifferential
import Testing
@testable import HitKit

/// Behaviour A5's promises over random streams: random windows of every control HitKit has (and a
/// plain `Control`), some inside scroll views, beside tap, pan and long-press recognizers on
/// their ancestors, driven by fingers that hold, slide and lift, with controls removed, moved,
/// hidden and disabled between frames, from timers and from inside their own actions. A
/// `touchDown` is followed by exactly one of `touchUpInside`, `touchUpOutside` and `touchCancel`,
/// drags come only in between, a control tracks and is highlighted only in between, a slider's
/// and a stepper's values stay within their limits, and every tracking call pairs up.
@Suite struct ControlInvariantTests {
    /// What one control sent and was told, checked as it happens.
    final class Watch {
        weak var control: Control?
        var violations: [String] = []
        /// Between a touchDown and its end.
        var tracking = false
        /// Between a beginTracking and an endTracking or cancelTracking.
        var trackingCalls = false
        var downs = 0, ends = 0
        var sideEffect: SideEffect?

        func event(_ event: Control.Event) {
            switch event {
            case .touchDown:
                if tracking { violations.append("\(control!): touchDown while tracking") }
                tracking = true
                downs += 1
            case .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit:
                if !tracking { violations.append("\(control!): \(event) outside a touchDown…up") }
            case .touchUpInside, .touchUpOutside, .touchCancel:
                if !tracking { violations.append("\(control!): \(event) without a touchDown") }
                tracking = false
                ends += 1
            default:
                break
            }
            sideEffect?.run()
        }

        func call(_ call: Control.TrackingCall) {
            switch call {
            case .beginTracking:
                if trackingCalls { violations.append("\(control!): beginTracking while tracking") }
                trackingCalls = true
            case .continueTracking:
                if !trackingCalls { violations.append("\(control!): continueTracking outside tracking") }
            case .endTracking, .cancelTracking:
                if !trackingCalls { violations.append("\(control!): \(call) outside tracking") }
                trackingCalls = false
                // Disabled while tracking, a control stops without an event (it sends none).
                if call == .cancelTracking, control?.isEnabled == false, tracking {
                    tracking = false
                    ends += 1
                }
            }
        }

        /// What must hold between frames.
        func checkState() {
            guard let control else { return }
            if control.isTracking != tracking {
                violations.append("\(control): isTracking \(control.isTracking), but its events say \(tracking)")
            }
            if control.isHighlighted && !control.isTracking { violations.append("\(control): highlighted without tracking") }
            if let slider = control as? Slider, !(slider.minimumValue...slider.maximumValue).contains(slider.value) {
                violations.append("\(slider): value \(slider.value) outside its limits")
            }
            if let stepper = control as? Stepper, !(stepper.minimumValue...stepper.maximumValue).contains(stepper.value) {
                violations.append("\(stepper): value \(stepper.value) outside its limits")
            }
        }
    }

    /// The world's controls and views, which changes from timers and actions refer to weakly.
    final class World {
        let app = Application()
        var windows: [Window] = []
        var views: [View] = []
        var controls: [Control] = []

        func change(_ rng: inout SplitMix64) {
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: controls.randomElement(using: &rng)?.removeFromSuperview()
            case 1: controls.randomElement(using: &rng)?.isEnabled.toggle()
            case 2: (views + controls).randomElement(using: &rng)?.isHidden.toggle()
            case 3: views.randomElement(using: &rng)?.removeFromSuperview()
            default:
                guard let moved = (views + controls).randomElement(using: &rng), let window = windows.randomElement(using: &rng) else { return }
                let targets = [window as View] + views.filter { $0.window === window && !$0.isDescendant(of: moved) && $0 !== moved }
                targets.randomElement(using: &rng)!.addSubview(moved)
            }
        }
    }

    struct Stream {
        var rng: SplitMix64
        let world = World()
        var watches: [Watch] = []
        var fingers = RandomFingers()
        var time = 0.0

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let window = Window(frame: Rect(0, 0, 400, 400), in: world.app)
                world.windows.append(window)
                var containers: [View] = [window]
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let container: View
                    if rng.chance(0.4) {
                        let scroll = ScrollView(frame: randomFrame(within: 300), in: world.app)
                        scroll.contentSize = Size(600, 600)
                        scroll.delaysContentTouches = rng.chance(0.7)
                        container = scroll
                    } else {
                        container = View(frame: randomFrame(within: 300), in: world.app)
                    }
                    if rng.chance(0.3) { container.addGestureRecognizer(TapGestureRecognizer()) }
                    if rng.chance(0.3) { container.addGestureRecognizer(PanGestureRecognizer()) }
                    if rng.chance(0.2) { container.addGestureRecognizer(LongPressGestureRecognizer()) }
                    containers.randomElement(using: &rng)!.addSubview(container)
                    containers.append(container)
                    world.views.append(container)
                }
                for _ in 0..<Int.random(in: 2...6, using: &rng) {
                    let control = makeControl()
                    containers.randomElement(using: &rng)!.addSubview(control)
                }
            }
            world.windows[0].makeKey()
        }

        mutating func randomFrame(within size: Double) -> Rect {
            Rect(Double.random(in: 0..<size / 2, using: &rng), Double.random(in: 0..<size / 2, using: &rng),
                 Double.random(in: 40..<size, using: &rng), Double.random(in: 40..<size, using: &rng))
        }

        mutating func makeControl() -> Control {
            let frame = randomFrame(within: 150)
            let control: Control
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: control = Button(frame: frame, in: world.app)
            case 1: control = Switch(frame: frame, in: world.app)
            case 2:
                let slider = Slider(frame: frame, in: world.app)
                slider.isContinuous = rng.chance(0.5)
                control = slider
            case 3:
                let stepper = Stepper(frame: frame, in: world.app)
                stepper.wraps = rng.chance(0.3)
                stepper.maximumValue = 5
                control = stepper
            case 4: control = SegmentedControl(items: ["a", "b", "c"], frame: frame, in: world.app)
            case 5:
                let pages = PageControl(frame: frame, in: world.app)
                pages.numberOfPages = 4
                control = pages
            default: control = Control(frame: frame, in: world.app)
            }
            let watch = Watch()
            watch.control = control
            control.observeActions { [weak watch] _, report in watch?.event(report.controlEvent) }
            control.observeTracking { [weak watch] _, call in watch?.call(call) }
            control.addTarget(nil, action: "any", for: .allEvents)
            if rng.chance(0.15) {
                watch.sideEffect = SideEffect(seed: rng.next()) { [weak world] in world?.change(&$0) }
            }
            watches.append(watch)
            world.controls.append(control)
            return control
        }

        mutating func step() throws {
            let touches = fingers.frame(using: &rng)
            time += [0.01, 0.05, 0.1, 0.2, 0.6].randomElement(using: &rng)!
            try world.app.send(InputFrame(timestamp: time, touches: touches))
            for watch in watches { watch.checkState() }
        }

        mutating func run(frames: Int) throws {
            for _ in 0..<frames {
                if rng.chance(0.1) { world.change(&rng) }
                if rng.chance(0.05) {
                    let effect = SideEffect(seed: rng.next()) { [weak world] in world?.change(&$0) }
                    world.app.schedule(at: time + 0.03) { effect.run() }
                }
                try step()
            }
            time += 0.1
            try world.app.send(InputFrame(timestamp: time, touches: fingers.liftAll()))
            time += 5
            try world.app.advance(to: time)
            for watch in watches { watch.checkState() }
        }
    }

    @Test func everyTouchDownEndsOnceAndTrackingPairsUp() throws {
        var downs = 0, ends = 0
        for seed in TestSeeds.of(1...1500) {
            var stream = Stream(seed: seed)
            try stream.run(frames: 50)
            let violations = stream.watches.flatMap(\.violations)
            #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(3))")
            for watch in stream.watches {
                #expect(!watch.tracking && !watch.trackingCalls, "seed \(seed): \(watch.control.map { "\($0)" } ?? "a control") still tracking")
                downs += watch.downs
                ends += watch.ends
            }
            if !violations.isEmpty { break }
        }
        // The streams must track many touches (and each end counted once).
        #expect(downs == ends)
        if TestSeeds.playsEverySeed { #expect(downs > 1_000) }
    }
}

import HitTestDifferential
import Testing
@testable import HitKit

/// Behaviour A6's delegate order (UIScrollViewDelegate's) over random streams: nested scroll
/// views, some paging, zooming or with a delegate that moves the drag's target, dragged by
/// several fingers, scrolled by wheel notches and set from code (animated too), with scroll views
/// their pans disabled, resized, hidden and taken out of their windows between frames and from the delegate's
/// own calls. For each scroll view: `willBeginDragging` comes only when it is not dragging,
/// `willEndDragging` and `didEndDragging` only after it, and every drag that begins ends once
/// (`didEndDragging`); `willBeginDecelerating` never during a drag, `didEndDecelerating` only
/// after it; `isDragging` and `isDecelerating` agree with the calls;
/// every zoom that begins ends (`didEndZooming`) with a finite scale; and 10 s after the last
/// input nothing moves.
@Suite struct ScrollDelegateProtocolPropertyTests {
    final class Checker: ScrollViewDelegate {
        weak var scrollView: ScrollView?
        var violations: [String] = []
        var dragging = false, decelerationPromised = false, decelerating = false, zooming = false
        var drags = 0, dragEnds = 0, decelerations = 0, zooms = 0
        /// Moves the drag's target (a delegate's own rest), when set.
        var targetShift: Point?
        var sideEffect: SideEffect?

        /// The calls so far, each with the time it came at, for a broken promise's message.
        var calls: [String] = []
        private func note(_ call: String, _ scrollView: ScrollView) {
            calls.append("\(scrollView.application?.time ?? .nan) \(call)")
        }
        private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { violations.append("\(scrollView.map { "\($0)" } ?? "a scroll view"): \(message()) after \(calls.suffix(8))") }
        }
        private func fire() {
            sideEffect?.run()
        }

        func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
            note("willBeginDragging", scrollView)
            check(!dragging, "willBeginDragging while dragging")
            dragging = true
            decelerating = false
            drags += 1
            fire()
        }
        func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                       targetContentOffset: inout Point) {
            check(dragging, "willEndDragging outside a drag")
            check(velocity.x.isFinite && velocity.y.isFinite && targetContentOffset.x.isFinite && targetContentOffset.y.isFinite,
                  "a velocity \(velocity) or target \(targetContentOffset) not finite")
            if let targetShift {
                targetContentOffset = Point(targetContentOffset.x + targetShift.x, targetContentOffset.y + targetShift.y)
            }
        }
        func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
            note("didEndDragging willDecelerate \(decelerate)", scrollView)
            check(dragging, "didEndDragging outside a drag")
            dragging = false
            decelerationPromised = decelerate
            dragEnds += 1
            fire()
        }
        func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
            note("willBeginDecelerating", scrollView)
            // After a drag that said it would decelerate, or a spring back that a stopping touch's
            // lift or a resize starts with no drag (A6.1): never during a drag.
            check(!dragging, "willBeginDecelerating during a drag")
            decelerationPromised = false
            decelerating = true
            decelerations += 1
        }
        func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
            note("didEndDecelerating", scrollView)
            check(decelerating, "didEndDecelerating without willBeginDecelerating")
            decelerating = false
        }
        func scrollViewDidScroll(_ scrollView: ScrollView) {
            check(scrollView.contentOffset.x.isFinite && scrollView.contentOffset.y.isFinite, "an offset not finite")
            if Int(scrollView.contentOffset.y) % 7 == 0 { fire() }
        }
        func viewForZooming(in scrollView: ScrollView) -> View? { scrollView.subviews.first }
        func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
            note("willBeginZooming", scrollView)
            check(!zooming, "willBeginZooming while zooming")
            zooming = true
            zooms += 1
        }
        func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
            note("didEndZooming at \(scale)", scrollView)
            // Also outside a zoom: an interrupted zoom left past a limit bounces back with no
            // willBeginZooming and ends with a second didEndZooming (A6.2 Interruptions).
            check(scale.isFinite && scale > 0, "a zoom ended at scale \(scale)")
            zooming = false
        }

        /// What must hold between frames: the flags say what the calls said.
        func checkFlags() {
            guard let scrollView else { return }
            // Scroll input drags without the dragging calls (HitKit's documented choice).
            if !scrollView.panGestureRecognizer.isScrolling {
                check(scrollView.isDragging == dragging, "isDragging \(scrollView.isDragging), the calls say \(dragging)")
            }
            // Deceleration that a touch stopped, or a drag that began, ends it without a call.
            if !scrollView.isDecelerating { decelerating = false }
            if scrollView.isDecelerating { check(!dragging, "decelerating while dragging") }
        }
    }

    final class World {
        let app = Application()
        var windows: [Window] = []
        var scrollViews: [ScrollView] = []

        func change(_ rng: inout SplitMix64) {
            guard let scroll = scrollViews.randomElement(using: &rng) else { return }
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: scroll.removeFromSuperview()
            case 1:
                guard let window = windows.randomElement(using: &rng) else { return }
                let hosts = [window as View] + scrollViews.filter { $0.window === window && $0 !== scroll && !$0.isDescendant(of: scroll) }
                hosts.randomElement(using: &rng)!.addSubview(scroll)
            case 2: scroll.panGestureRecognizer.isEnabled.toggle()
            case 3: scroll.isHidden.toggle()
            case 4: scroll.contentSize = Size(Double.random(in: 100..<1500, using: &rng), Double.random(in: 100..<1500, using: &rng))
            case 5: scroll.setContentOffset(Point(Double.random(in: 0..<600, using: &rng), Double.random(in: 0..<600, using: &rng)), animated: rng.chance(0.5))
            case 6: scroll.frame = Rect(0, 0, Double.random(in: 100..<400, using: &rng), Double.random(in: 100..<400, using: &rng))
            default: scroll.setZoomScale(Double.random(in: 0.5..<3, using: &rng), animated: rng.chance(0.5))
            }
        }
    }

    struct Stream {
        var rng: SplitMix64
        let world = World()
        var checkers: [Checker] = []
        var fingers = RandomFingers(count: 2, chance: { $0 == 0 ? 0.6 : 0.2 }, reach: (60, 60), moves: 7, lifts: 2)
        var time = 0.0

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let window = Window(frame: Rect(0, 0, 400, 400), in: world.app)
                world.windows.append(window)
                var hosts: [View] = [window]
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let scroll = ScrollView(frame: Rect(Double.random(in: 0..<100, using: &rng), Double.random(in: 0..<100, using: &rng),
                                                        Double.random(in: 150..<400, using: &rng), Double.random(in: 150..<400, using: &rng)),
                                            in: world.app)
                    scroll.contentSize = Size(Double.random(in: 100..<1500, using: &rng), Double.random(in: 100..<1500, using: &rng))
                    scroll.isPagingEnabled = rng.chance(0.2)
                    scroll.bounces = rng.chance(0.8)
                    let content = View(frame: Rect(0, 0, 300, 300), in: world.app)
                    scroll.addSubview(content)
                    if rng.chance(0.3) {
                        try! scroll.setMinimumZoomScale(0.5)
                        try! scroll.setMaximumZoomScale(3)
                    }
                    let checker = Checker()
                    checker.scrollView = scroll
                    if rng.chance(0.2) { checker.targetShift = Point(Double.random(in: -300..<300, using: &rng), Double.random(in: -300..<300, using: &rng)) }
                    if rng.chance(0.15) {
                        checker.sideEffect = SideEffect(seed: rng.next()) { [weak world] in world?.change(&$0) }
                    }
                    scroll.delegate = checker
                    checkers.append(checker)
                    hosts.randomElement(using: &rng)!.addSubview(scroll)
                    hosts.append(scroll)
                    world.scrollViews.append(scroll)
                }
            }
        }

        mutating func step() throws {
            let touches = fingers.frame(using: &rng)
            var scroll: ScrollInput?
            if rng.chance(0.1) {
                scroll = ScrollInput(location: Point(Double.random(in: 0..<400, using: &rng), Double.random(in: 0..<400, using: &rng)),
                                     delta: Point(0, Double.random(in: -40..<40, using: &rng)), kind: .discrete)
            }
            time += [0.008, 0.016, 0.03, 0.1, 0.3].randomElement(using: &rng)!
            try world.app.send(InputFrame(timestamp: time, touches: touches, scroll: scroll))
            for checker in checkers { checker.checkFlags() }
        }

        mutating func run(frames: Int) throws {
            for _ in 0..<frames {
                if rng.chance(0.08) { world.change(&rng) }
                try step()
            }
            time += 0.05
            try world.app.send(InputFrame(timestamp: time, touches: fingers.liftAll()))
            for checker in checkers { checker.sideEffect = nil }
            time += 10
            try world.app.advance(to: time)
            for checker in checkers { checker.checkFlags() }
        }
    }

    @Test func everyDragAndZoomEndsOnceInUIKitsOrder() throws {
        var drags = 0, decelerations = 0, zooms = 0
        for seed in TestSeeds.of(1...1500) {
            var stream = Stream(seed: seed)
            try stream.run(frames: 60)
            let violations = stream.checkers.flatMap(\.violations)
            #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(3))")
            for checker in stream.checkers {
                #expect(!checker.dragging && checker.drags == checker.dragEnds, "seed \(seed): \(checker.drags) drags, \(checker.dragEnds) ends")
                #expect(!checker.zooming, "seed \(seed): a zoom never ended")
                drags += checker.drags
                decelerations += checker.decelerations
                zooms += checker.zooms
                // An offset set from code, or a size set at rest, may leave it outside its content
                // (unclamped, as UIKit's): only the motion's end is checked.
                #expect(checker.scrollView?.isMoving != true, "seed \(seed): still moving 10 s after the last input")
            }
            if !violations.isEmpty { break }
        }
        // The streams must drag, decelerate and zoom.
        if TestSeeds.playsEverySeed { #expect(drags > 1_500 && decelerations > 800 && zooms > 100) }
    }
}

import Testing
@testable import HitKit

/// Behaviour A6.2's properties over random pinches: zoom animations are pure functions of the
/// clock (bit for bit whatever the host's ticks), and every pinch, once its animations are over,
/// leaves the scale within its limits and the offset within its range.
@Suite("Scroll view zooming: properties over random pinches")
struct ZoomPropertyTests {
    /// One random pinch, of fingers or of a touchpad, on a random zoomable scroll view.
    struct RandomPinch {
        var minimum: Double
        var maximum: Double
        var bounces: Bool
        var startScale: Double
        var touchpad: Bool
        /// (time, distance, centroid) of the fingers' frames after the began, or (time, scale,
        /// pointer) of the touchpad's `changed` steps.
        var steps: [(Double, Double, Point)]

        init(using rng: inout SplitMix64) {
            minimum = [0.25, 0.5, 1].randomElement(using: &rng)!
            maximum = [1.5, 2, 4].randomElement(using: &rng)!
            bounces = rng.chance(0.8)
            startScale = [1.0, minimum, maximum, (minimum + maximum) / 2].randomElement(using: &rng)!
            touchpad = rng.chance(0.4)
            var t = 0.0, centroid = Point(200, 200)
            steps = []
            for _ in 0..<Int.random(in: 2...7, using: &rng) {
                t += Double.random(in: 0.005...0.04, using: &rng)
                centroid = Point(min(max(centroid.x + Double.random(in: -30...30, using: &rng), 60), 340),
                                 min(max(centroid.y + Double.random(in: -30...30, using: &rng), 60), 340))
                let value = touchpad ? Double.random(in: 0.2...4, using: &rng) : Double.random(in: 20...380, using: &rng)
                steps.append((t, value, centroid))
            }
        }

        /// The stage after the pinch's last frame; returns it and the time of that frame.
        func play() throws -> (ZoomStage, Double) {
            let stage = ZoomStage(minimum: minimum, maximum: maximum)
            stage.scrollView.bouncesZoom = bounces
            stage.scrollView.setZoomScale(startScale, animated: false)
            var time = 0.0
            if touchpad {
                try stage.touchpad(0, .began, 200, 200)
                for (t, scale, at) in steps { try stage.touchpad(t, .changed, at.x, at.y, scale: scale); time = t }
                time += 0.01
                try stage.touchpad(time, .ended, steps.last!.2.x, steps.last!.2.y)
            } else {
                try stage.fingers(0, began(1, 150, 200), began(2, 250, 200))
                var last = Point(200, 200), d = 100.0
                for (t, distance, at) in steps {
                    try stage.spread(at: t, to: distance, cx: at.x, cy: at.y)
                    (last, d, time) = (at, distance, t)
                }
                time += 0.01
                try stage.lift(at: time, d: d, cx: last.x, cy: last.y)
            }
            return (stage, time)
        }
    }

    /// Advances from `from` to `to` with tick pattern `pattern` (as the motion's property tests do).
    static func run(_ app: Application, from: Double, to: Double, pattern: Int, rng: inout SplitMix64) throws {
        var t = from
        while t < to {
            switch pattern {
            case 0: t += 1.0 / 120
            case 1: t += 1.0 / 60
            case 2: t += Double.random(in: 0.0005...0.08, using: &rng)
            default: t = to
            }
            try app.advance(to: min(t, to))
        }
    }

    @Test("random pinches' bounces and settles, replayed with random tick patterns, show the same values bit for bit")
    func frameRateIndependence() throws {
        var rng = SplitMix64(seed: 0x2A62)
        for _ in 0..<120 {
            let pinch = RandomPinch(using: &rng)
            var reference: [Double]?
            for pattern in 0..<4 {
                let (stage, end) = try pinch.play()
                var seen: [Double] = []
                var last = end
                for checkpoint in [0.03, 0.1, 0.2, 0.45, 1.0].map({ end + $0 }) {
                    try Self.run(stage.app, from: last, to: checkpoint, pattern: pattern, rng: &rng)
                    let o = stage.scrollView.contentOffset
                    seen += [stage.scrollView.zoomScale, o.x, o.y]
                    last = checkpoint
                }
                if let reference {
                    #expect(seen == reference, "pattern \(pattern)")
                } else {
                    reference = seen
                }
            }
        }
    }

    @Test("an animated zoom from code, sampled at random ticks, shows the same values bit for bit")
    func requestedZoomFrameRateIndependence() throws {
        var rng = SplitMix64(seed: 0x2A63)
        for _ in 0..<60 {
            let target = Double.random(in: 0.3...5, using: &rng)
            var reference: [Double]?
            for pattern in 0..<4 {
                let stage = ZoomStage(minimum: 0.25, maximum: 4)
                stage.scrollView.setZoomScale(target, animated: true)
                var seen: [Double] = [], last = 0.0
                for checkpoint in [0.02, 0.1, 0.2, 0.5] {
                    try Self.run(stage.app, from: last, to: checkpoint, pattern: pattern, rng: &rng)
                    seen += [stage.scrollView.zoomScale, stage.scrollView.contentOffset.x]
                    last = checkpoint
                }
                if let reference { #expect(seen == reference) } else { reference = seen }
            }
        }
    }

    @Test("after any pinch and its animations, the scale is within its limits and the offset within its range")
    func pinchesComeToRestInside() throws {
        var rng = SplitMix64(seed: 0x2A64)
        for _ in 0..<300 {
            let pinch = RandomPinch(using: &rng)
            let (stage, end) = try pinch.play()
            try Self.run(stage.app, from: end, to: end + 1, pattern: 2, rng: &rng)
            let scrollView = stage.scrollView
            let s = scrollView.zoomScale, o = scrollView.contentOffset, limit = scrollView.maximumContentOffset
            #expect(s >= pinch.minimum && s <= pinch.maximum, "scale \(s) in [\(pinch.minimum), \(pinch.maximum)]")
            #expect(o.x >= 0 && o.x <= limit.x && o.y >= 0 && o.y <= limit.y, "offset \(o) within \(limit)")
            #expect(!scrollView.isZooming && !scrollView.isZoomBouncing && !stage.app.hasScrollMotion)
            #expect(scrollView.contentSize == Size(width: s * 400, height: s * 400))
        }
    }

    @Test("settles, bounces and animated zooms whose scroll view is resized or whose offset is set while they run end with the scale within its limits and the offset within its range")
    func resizedWhileAnimatingComesToRestInside() throws {
        var rng = SplitMix64(seed: 0x2A66)
        var edited = 0
        for index in 0..<1000 {
            let pinch = RandomPinch(using: &rng)
            let (stage, end) = try pinch.play()
            let scrollView = stage.scrollView
            if rng.chance(0.3) { scrollView.setZoomScale(Double.random(in: 0.2...5, using: &rng), animated: true) }
            let editsEnd = end + Double.random(in: 0.02...0.4, using: &rng)
            var t = end, edits = 0
            while scrollView.isMoving && t < end + 2 {
                t += Double.random(in: 0.002...0.05, using: &rng)
                try stage.app.advance(to: t)
                guard scrollView.isMoving, t <= editsEnd, rng.chance(0.25) else { continue }
                edits += 1
                scrollView.resizeOrMoveAtRandom(using: &rng)
            }
            try stage.app.advance(to: t + 2)
            if edits > 0 { edited += 1 }
            let s = scrollView.zoomScale, o = scrollView.contentOffset, limit = scrollView.maximumContentOffset
            #expect(!scrollView.isMoving && !scrollView.isZoomBouncing, "case \(index)")
            #expect(s >= pinch.minimum && s <= pinch.maximum, "case \(index): scale \(s) in [\(pinch.minimum), \(pinch.maximum)]")
            #expect(o.x >= 0 && o.x <= limit.x && o.y >= 0 && o.y <= limit.y, "case \(index): offset \(o) within \(limit)")
        }
        #expect(edited > 400, "\(edited) cases changed while animating")
    }
}

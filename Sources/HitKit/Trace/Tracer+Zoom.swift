// The decision trace's records of zooming (Behaviour A6.2) and of a drag's velocity at its end
// (A4): what the pinch began from, when its scale was stretched or clamped at a limit, how the
// zoom ended, what stopped a zoom animation, and why a drag flung or did not.

extension Tracer {
    /// A pinch began zooming: s₀, the anchor c in the zoom view, and (for fingers) D₀, D_b, D₀′.
    func recordZoomBegan(_ scrollView: ScrollView, by pinch: PinchGestureRecognizer, view: View?, scale: Double,
                         anchor: Point, start: Double?, began: Double?, reference: Double) {
        guard let view else {
            return record(.zoomBegan, view: scrollView, recognizer: pinch,
                          "\(name(of: pinch)) began: the source answers no zoom view, nothing zooms (A6.2)")
        }
        var causes: [TraceRecord.Cause] = [.init("scale", scale), .init("cx", anchor.x), .init("cy", anchor.y)]
        var message = "\(name(of: pinch)) began zooming \(name(of: view)) at scale \(TraceFormat.number(scale)) about \(TraceFormat.point(anchor)) in it"
        if let start, let began {
            causes += [.init("D0", start), .init("Db", began), .init("reference", reference)]
            message += "; fingers \(TraceFormat.number(start)) pt apart at first, \(TraceFormat.number(began)) now: the zoom's reference is \(TraceFormat.number(reference)) pt (8 pt from the start, A6.2)"
        }
        record(.zoomBegan, view: scrollView, recognizer: pinch, causes: causes, message)
    }

    /// A pinch's raw scale past a limit: stretched by ρ with `bouncesZoom`, else clamped.
    func recordZoomLimited(_ scrollView: ScrollView, raw: Double, shown: Double, limit: Double, bounces: Bool) {
        let which = raw > limit ? "maximum" : "minimum"
        record(.zoomLimited, view: scrollView, causes: [.init("raw", raw), .init("shown", shown), .init(which, limit)],
               "raw scale \(TraceFormat.number(raw)) is past the \(which) \(TraceFormat.number(limit)): "
                   + (bounces ? "shown stretched at \(TraceFormat.number(shown)) (bouncesZoom)" : "clamped (bouncesZoom off)"))
    }

    /// How a zoom ended: inside the limits, bouncing back, waiting for a drag.
    func recordZoomEnded(_ scrollView: ScrollView, scale: Double, _ what: String, causes: [TraceRecord.Cause] = []) {
        record(.zoomEnded, view: scrollView, causes: [.init("scale", scale)] + causes,
               "the zoom ended at scale \(TraceFormat.number(scale)): \(what) (A6.2)")
    }

    /// A zoom animation stopped by input, at the scale shown.
    func recordZoomStopped(_ scrollView: ScrollView, scale: Double, by what: String) {
        record(.zoomStopped, view: scrollView, causes: [.init("scale", scale)],
               "\(name(of: scrollView))'s zoom animation stopped at scale \(TraceFormat.number(scale)) by \(what) (A6.2)")
    }

    /// A drag's velocity at its end, and the samples it spans (Behaviour A4).
    func recordPanVelocity(_ pan: PanGestureRecognizer, of scrollView: ScrollView, velocity: Point, from base: Double) {
        let now = application.time
        let still = now - base
        let why = velocity == .zero
            ? (still > 0 ? "nothing moved in the last \(TraceFormat.number(still)) s: no fling" : "lifted where it landed")
            : "measured from \(TraceFormat.number(base)) s to now"
        record(.panVelocity, view: scrollView, recognizer: pan,
               causes: [.init("vx", velocity.x), .init("vy", velocity.y), .init("from", base), .init("to", now)],
               "\(name(of: pan)) ended with velocity \(TraceFormat.point(velocity)) pt/s: \(why) (A4)")
    }
}

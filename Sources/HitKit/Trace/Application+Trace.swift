// The decision trace's public entry (see the "Tracing decisions" article).

extension Application {
    /// Calls `body` with a ``TraceRecord`` for every decision the delivery makes from now on:
    /// hit tests, the recognizers a touch collects, every recognizer state change with its
    /// cause, touches withheld, released or cancelled, control tracking, pointer and scroll
    /// routing. Observers are called in the order they were added, synchronously, as the
    /// decision is made.
    ///
    /// With no observer the trace costs one check per decision and builds nothing. With one, a
    /// hit test also walks Behaviour A2's rules a second time to explain its answer, asking
    /// the views' `hitTest`/`point(inside:)` overrides again.
    @discardableResult
    public func observeTrace(_ body: @escaping (TraceRecord) -> Void) -> ObservationToken {
        let tracer = self.tracer ?? Tracer(application: self)
        self.tracer = tracer
        // Through the views' context, not a weak reference (see observeFrameEnds).
        return tracer.observers.add(body) { [context = viewContext] token in
            guard let self = context.application, let tracer = self.tracer else { return }
            tracer.observers.remove(token)
            if tracer.observers.isEmpty { self.tracer = nil }
        }
    }

    /// Names `view` in trace records (for example by its id in a scene file). Without a name, a
    /// view is named by its class and row: `View#3`.
    public func setTraceName(_ name: String, for view: View) {
        traceNames[ObjectIdentifier(view)] = name
    }

    /// Names `recognizer` in trace records. Without a name, a recognizer is named by its class
    /// (less `GestureRecognizer`) and a number the trace gives it: `Tap#1`.
    public func setTraceName(_ name: String, for recognizer: GestureRecognizer) {
        traceNames[ObjectIdentifier(recognizer)] = name
    }
}

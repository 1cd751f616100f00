// How a recognizer tells the trace why it asks for its next state (Behaviour A4's thresholds and
// timers). Without a trace observed this is one check, and the message is never built.

extension GestureRecognizer {
    /// The application's tracer, while the recognizer takes part in touches and a trace is observed.
    var activeTracer: Tracer? { entry?.arena.tracer }

    /// Notes why the state the recognizer sets next comes (its trace record says it).
    func traceCause(_ message: @autoclosure () -> String, _ causes: @autoclosure () -> [TraceRecord.Cause] = []) {
        if let tracer = activeTracer { tracer.noteCause(of: self, message(), causes()) }
    }

    /// Notes a movement past a limit: "moved 12.3 pt > allowableMovement 10".
    func traceMovedTooFar(_ moved: Double, limit: Double, named name: String) {
        traceCause("moved \(TraceFormat.number(moved)) pt > \(name) \(TraceFormat.number(limit))",
                   [.init("moved", moved), .init(name, limit)])
    }

    /// Notes a timer's end: "0.5 s held (minimumPressDuration)".
    func traceTimer(_ seconds: Double, _ what: String, named name: String) {
        traceCause("\(TraceFormat.number(seconds)) s \(what) (\(name))", [.init(name, seconds)])
    }

    /// Notes a finger count past a limit.
    func traceTooManyFingers(_ count: Int, limit: Int, named name: String) {
        traceCause("\(count) fingers > \(name) \(limit)", [.init("fingers", Double(count)), .init(name, Double(limit))])
    }
}

extension Tracer {
    /// A pan's move while possible: the translation against its threshold, noted for when it begins.
    func notePanThreshold(_ pan: PanGestureRecognizer) {
        let moved = length(pan.translationInWindow)
        guard moved >= pan.minimumTranslation else { return }
        noteCause(of: pan, "moved \(TraceFormat.number(moved)) pt >= minimumTranslation \(TraceFormat.number(pan.minimumTranslation))",
                  [.init("moved", moved), .init("minimumTranslation", pan.minimumTranslation)])
    }
}

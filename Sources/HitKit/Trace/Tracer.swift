/// The one point through which every hook of the delivery — the dispatcher's, the arena's, the
/// recognizers', the controls', the pointer's — reaches the decision trace: one per application,
/// held by the application, its dispatcher and its arena (a hook reads a field of an object it
/// already holds, not the application through its unowned link).
///
/// ``tracer`` is set while ``Application/observeTrace(_:)`` has observers and `nil` otherwise,
/// so a hook is one `if let` and builds nothing without an observer.
final class TracePoint {
    var tracer: Tracer?
}

/// The trace's state while someone observes it: the observers, the recognizers' trace numbers
/// and the causes recognizers gave for the states they asked for.
///
/// It exists only while ``Application/observeTrace(_:)`` has observers (``TracePoint/tracer``):
/// every hook in the delivery is one `if let` on that property, and builds nothing without it.
final class Tracer {
    // An owner's back link (Links.swift): checked with the internal checks, a bare pointer otherwise.
    #if HITKIT_INTERNAL_CHECKS
    unowned let application: Application
    #else
    unowned(unsafe) let application: Application
    #endif
    var observers = ObserverList<(TraceRecord) -> Void>()
    /// Numbers given to recognizers in the order the trace first met them (from 1).
    private var recognizerNumbers = ObjectTable<Int>()
    private var lastRecognizerNumber = 0
    /// What a recognizer said when it asked for its next state, until the arena applies it.
    private var pendingCauses: [ObjectIdentifier: Cause] = [:]
    /// Recognizers waiting, with what they wait for: a wait is recorded once, not in every frame
    /// it lasts.
    var waitingFor: [ObjectIdentifier: Wait] = [:]
    /// Touches whose began or end is withheld, recorded once until released, by their
    /// `beganSequence` (unique for a touch's life; touch objects are reused).
    var withheldBegans: Set<Int> = []
    var withheldEnds: Set<Int> = []
    /// The view last recorded under the pointer.
    var lastPointerView: ObjectIdentifier?
    var hasRecordedPointer = false

    /// Why a recognizer's next state comes: in words, with its numbers and the other recognizer
    /// involved (named when noted: it may be gone when the change is applied).
    struct Cause {
        var message: String
        var causes: [TraceRecord.Cause] = []
        var other: TraceRecord.Subject?
    }

    init(application: Application) {
        self.application = application
    }

    /// Hands a record to the observers, at the application's time.
    func record(_ kind: TraceRecord.Kind, touch: Int? = nil, view: View? = nil, recognizer: GestureRecognizer? = nil,
                other: GestureRecognizer? = nil, control: Control? = nil, causes: [TraceRecord.Cause] = [],
                _ message: String) {
        record(kind, touch: touch, view: view, recognizer: recognizer, otherSubject: other.map(subject(of:)),
               control: control, causes: causes, message)
    }

    /// ``record(_:touch:view:recognizer:other:control:causes:_:)`` with the other recognizer named already.
    func record(_ kind: TraceRecord.Kind, touch: Int? = nil, view: View? = nil, recognizer: GestureRecognizer? = nil,
                otherSubject: TraceRecord.Subject?, control: Control? = nil, causes: [TraceRecord.Cause] = [],
                _ message: String) {
        let record = TraceRecord(kind: kind, time: application.time, touch: touch, view: view.map(subject(of:)),
                                 recognizer: recognizer.map(subject(of:)), otherRecognizer: otherSubject,
                                 control: control.map(subject(of:)), causes: causes, message: message)
        let observers = self.observers  // a copy: an observer may cancel itself
        observers.callEach { $0(record) }
    }

    // MARK: Names

    func subject(of view: View) -> TraceRecord.Subject {
        TraceRecord.Subject(number: Int(view.id.index) << 32 | Int(view.id.generation), name: name(of: view))
    }

    func subject(of recognizer: GestureRecognizer) -> TraceRecord.Subject {
        TraceRecord.Subject(number: number(of: recognizer), name: name(of: recognizer))
    }

    /// The name set with ``Application/setTraceName(_:for:)-(_,View)``, else the class and row: `Button#3`.
    func name(of view: View?) -> String {
        guard let view else { return "none" }
        return application.traceNames[view] ?? "\(type(of: view))#\(view.id.index)"
    }

    /// The name set for the recognizer, else its class without the common suffix and its number:
    /// `Tap#1` (a scroll view's content touch delay: the scroll view's name and `.delay`).
    func name(of recognizer: GestureRecognizer) -> String {
        if let name = application.traceNames[recognizer] { return name }
        // An interaction's participant is named after its interaction (Behaviour A11).
        if let interaction = (recognizer as? ContextMenuParticipant)?.interaction { return name(of: interaction) }
        if let interaction = (recognizer as? DragParticipant)?.interaction { return name(of: interaction) }
        // A scroll view's own recognizer of delayed content touches is named after it.
        if recognizer is ContentTouchDelayGestureRecognizer, let view = recognizer.view { return name(of: view) + ".delay" }
        if recognizer is ScrollViewPinchGestureRecognizer, let view = recognizer.view { return name(of: view) + ".pinch" }
        var type = "\(type(of: recognizer))"
        if type.hasSuffix("GestureRecognizer") && type != "GestureRecognizer" { type.removeLast("GestureRecognizer".count) }
        return "\(type)#\(number(of: recognizer))"
    }

    private func number(of recognizer: GestureRecognizer) -> Int {
        if let number = recognizerNumbers[recognizer] { return number }
        lastRecognizerNumber += 1
        recognizerNumbers[recognizer] = lastRecognizerNumber
        return lastRecognizerNumber
    }

    // MARK: Causes

    /// Remembers why `recognizer` asks for its next state (a built-in recognizer's threshold,
    /// timer…); the state change record says it.
    func noteCause(of recognizer: GestureRecognizer, _ message: String, _ causes: [TraceRecord.Cause] = [],
                   other: GestureRecognizer? = nil) {
        pendingCauses[ObjectIdentifier(recognizer)] = Cause(message: message, causes: causes, other: other.map(subject(of:)))
    }

    /// The noted cause, taken (so it explains one change only).
    func takeCause(of recognizer: GestureRecognizer) -> Cause? {
        pendingCauses.removeValue(forKey: ObjectIdentifier(recognizer))
    }

    func restoreCause(_ cause: Cause, of recognizer: GestureRecognizer) {
        pendingCauses[ObjectIdentifier(recognizer)] = cause
    }

    /// The recognizer resets: what it noted and waited for belongs to the sequence that ended.
    func forget(_ recognizer: GestureRecognizer) {
        pendingCauses.removeValue(forKey: ObjectIdentifier(recognizer))
        waitingFor.removeValue(forKey: ObjectIdentifier(recognizer))
    }
}

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
        tracePoint.tracer = tracer
        // Through the views' context, not a weak reference (see observeFrameEnds).
        return tracer.observers.add(body) { [context = viewContext] token in
            guard let self = context.application, let tracer = self.tracer else { return }
            tracer.observers.remove(token)
            if tracer.observers.isEmpty { self.tracePoint.tracer = nil }
        }
    }

    /// Names `view` in trace records (for example by its id in a scene file). Without a name, a
    /// view is named by its class and row: `View#3`.
    public func setTraceName(_ name: String, for view: View) {
        traceNames[view] = name
    }

    /// Names a responder that is not a view — a view controller, the application, its
    /// delegate — in trace records (the keyboard's records name the responders a press reaches).
    /// Without a name, one is named by its class.
    public func setTraceName(_ name: String, forResponder responder: Responder) {
        traceNames[responder] = name
    }

    /// Names `recognizer` in trace records. Without a name, a recognizer is named by its class
    /// (less `GestureRecognizer`) and a number the trace gives it: `Tap#1`.
    public func setTraceName(_ name: String, for recognizer: GestureRecognizer) {
        traceNames[recognizer] = name
    }

    /// Names `interaction` in trace records (a menu's and a drag's part in delivery takes the name
    /// too). Without a name, an interaction is named by its kind and its view: `ContextMenu(View#3)`.
    public func setTraceName(_ name: String, for interaction: Interaction) {
        traceNames[interaction] = name
    }
}

extension Tracer {
    /// What a waiting recognizer waits for, kept until the wait ends so that its cause can say so.
    enum Wait {
        /// Rule a: for a recognizer to fail (`nil`: one the trace cannot name).
        case failure(of: TraceRecord.Subject?)
        /// Behaviour A11: for a drag's lift to let long presses begin.
        case lift(of: TraceRecord.Subject)
        /// Behaviour A11: for the hold a lift put on long presses, which outlasts the lift.
        case liftHold

        /// The other subject of the trace record that ends the wait (number 0 when unnamed).
        var subject: TraceRecord.Subject {
            switch self {
            case .failure(let blocker): blocker ?? TraceRecord.Subject(number: 0, name: "another recognizer")
            case .lift(let drag): drag
            case .liftHold: TraceRecord.Subject(number: 0, name: "the lift on its touch")
            }
        }
    }
}

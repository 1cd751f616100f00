// Every touch call HitKit's delivery makes on a responder goes through `receive`, so that an
// observer can see, and if it must, consume it without subclassing: loggers (the scene files'
// `touches` modes), bindings for languages that cannot subclass Swift classes, debugging tools.

/// One of the four touch methods of a responder or a gesture recognizer.
public enum TouchMethod: String, Hashable, Sendable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
}

extension Responder {
    /// Sees each touch call HitKit's delivery is about to make on this responder — the
    /// dispatcher's, and the default implementations' passing touches on — before the method
    /// runs. Answer true to let the method run, false to consume the call (as an override that
    /// does nothing would; the default does not pass those touches on, and the responder still
    /// gets every later call of them). Calls a subclass makes itself (`super`, or calling another
    /// responder directly) are not seen.
    public typealias TouchInterceptor = (Responder, TouchMethod, Set<Touch>, Event?) -> Bool

    /// Makes one touch call on this responder on behalf of HitKit's delivery.
    func receive(_ method: TouchMethod, _ touches: Set<Touch>, with event: Event?) {
        if let touchInterceptor, !touchInterceptor(self, method, touches, event) { return }
        switch method {
        case .touchesBegan: touchesBegan(touches, with: event)
        case .touchesMoved: touchesMoved(touches, with: event)
        case .touchesEnded: touchesEnded(touches, with: event)
        case .touchesCancelled: touchesCancelled(touches, with: event)
        }
    }
}

// Every touch call HitKit's delivery makes on a responder goes through `receive`, so that an
// observer can see, and if it must, consume it without subclassing: loggers (the scene files'
// `touches` modes), bindings for languages that cannot subclass Swift classes, debugging tools.

/// One of the four touch methods of a responder or a gesture recognizer.
public enum TouchMethod: String, Hashable, Sendable {
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
}

extension Responder {
    /// An observer of a responder's touch calls (see ``observeTouches(_:)``): it gets the
    /// responder, the method, its touches and event, and answers which of the touches the call
    /// goes on with — all of them (`touches` itself) to let it run as it is, none to consume it.
    public typealias TouchObserver = (Responder, TouchMethod, Set<Touch>, Event?) -> Set<Touch>

    /// Calls `body` with each touch call HitKit's delivery is about to make on this responder —
    /// the dispatcher's, and the default implementations' passing touches on — before the method
    /// runs: the calls an override of the touch methods would receive. Calls a subclass makes
    /// itself (`super`, or calling another responder directly) are not seen.
    ///
    /// Every observer sees the whole call, in the order they were added. The method then runs with
    /// the touches every observer let through; when none are left the call is consumed, as by an
    /// override that does nothing (the default does not pass those touches on; the responder still
    /// gets every later call of them, and the observers see those too).
    @discardableResult
    public func observeTouches(_ body: @escaping TouchObserver) -> ObservationToken {
        // The token links to the responder (ResponderLink), not weakly: see ResponderLink.
        touchObservers.add(body) { [link = ResponderLink(self)] in link.object?.touchObservers.remove($0) }
    }

    /// Makes one touch call on this responder on behalf of HitKit's delivery.
    func receive(_ method: TouchMethod, _ touches: Set<Touch>, with event: Event?) {
        // Nobody observing (the usual case): one emptiness check, the touches passed as they came.
        guard !touchObservers.isEmpty else { return call(method, touches, event) }
        let passed = touchesLetThrough(method, touches, event)
        if !passed.isEmpty { call(method, passed, event) }
    }

    @inline(__always)
    private func call(_ method: TouchMethod, _ touches: Set<Touch>, _ event: Event?) {
        switch method {
        case .touchesBegan: touchesBegan(touches, with: event)
        case .touchesMoved: touchesMoved(touches, with: event)
        case .touchesEnded: touchesEnded(touches, with: event)
        case .touchesCancelled: touchesCancelled(touches, with: event)
        }
    }

    /// Shows the call to every touch observer; the touches all of them let through.
    private func touchesLetThrough(_ method: TouchMethod, _ touches: Set<Touch>, _ event: Event?) -> Set<Touch> {
        let observers = touchObservers  // a copy: an observer may cancel itself or add another
        var passed = touches
        observers.callEach { observer in
            let answer = observer(self, method, touches, event)
            // The same set back (the usual answer) compares by identity and changes nothing.
            if answer != touches { passed.formIntersection(answer) }
        }
        return passed
    }
}

// Timers of a recognizer: timer frames of its application (Behaviour A3), cancelled by the reset.

extension GestureRecognizer {
    /// Runs `body` `interval` seconds from now as a timer frame of the application (Behaviour A3);
    /// the timer is cancelled by the reset.
    @discardableResult
    public func schedule(after interval: Double, _ body: @escaping (GestureRecognizer) -> Void) -> TimerHandle? {
        guard let application = view?.application else { return nil }
        let handle = application.timers.schedule(at: application.time + interval,
                                                 .recognizer(RecognizerLink(self), body))
        fenced.timers.append(handle)
        return handle
    }

    /// Requests `failed` if the recognizer is still heading nowhere else (possible).
    func failIfPossible() {
        if requestedState == .possible { state = .failed }
    }

    /// Cancels a timer of ``schedule(after:_:)``.
    public func cancelTimer(_ handle: TimerHandle?) {
        guard let handle else { return }
        fenced.timers.removeAll { $0 == handle }
        noteArenaWork()  // its last timer may be gone (the arena's work list)
        view?.application?.cancelTimer(handle)
    }

    /// The application's time (0 when detached).
    public var currentTime: Double { view?.application?.time ?? 0 }
}

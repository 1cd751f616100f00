// Observers of the end of each frame, input or timer (a scene's `logOffset`, Behaviour B6).

extension Application {
    /// Calls `body` at the end of every input frame and every timer's frame, after its touches,
    /// hovers and scrolls were delivered. Observers are called in the order they were added.
    @discardableResult
    public func observeFrameEnds(_ body: @escaping (Application) -> Void) -> ObservationToken {
        // The token reaches the application through its views' context, not a weak reference
        // (which would put every retain and release of the application on the slow path; see
        // ViewContext): the context reads `nil` once the application is freed.
        frameEndObservers.add(body) { [context = viewContext] in context.application?.frameEndObservers.remove($0) }
    }

    func notifyFrameEnd() {
        guard !frameEndObservers.isEmpty else { return }
        let observers = frameEndObservers  // a copy: an observer may cancel itself
        observers.callEach { $0(self) }
    }
}

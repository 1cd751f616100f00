// Observers of the end of each frame, input or timer (a scene's `logOffset`, Behaviour B6).

extension Application {
    /// Calls `body` at the end of every input frame and every timer's frame, after its touches,
    /// hovers and scrolls were delivered. Observers are called in the order they were added.
    @discardableResult
    public func observeFrameEnds(_ body: @escaping (Application) -> Void) -> ObservationToken {
        frameEndObservers.add(body) { [weak self] in self?.frameEndObservers.remove($0) }
    }

    func notifyFrameEnd() {
        guard !frameEndObservers.isEmpty else { return }
        let observers = frameEndObservers  // a copy: an observer may cancel itself
        observers.callEach { $0(self) }
    }
}

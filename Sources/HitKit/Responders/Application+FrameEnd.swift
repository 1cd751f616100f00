// Observers of the end of each frame, input or timer (a scene's `logOffset`, Behaviour B6).

extension Application {
    /// Calls `body` at the end of every input frame and every timer's frame, after its touches,
    /// hovers and scrolls were delivered. Observers are called in the order they were added.
    public func observeFrameEnds(_ body: @escaping () -> Void) {
        frameEndObservers.append(body)
    }

    func notifyFrameEnd() {
        for observer in frameEndObservers { observer() }
    }
}

/// What an `observe…` method of the façade returns: the registration of one observer.
///
/// The object keeps the observer's closure until ``cancel()`` is called (or the object goes);
/// dropping the token does not end the observation, so a logger that never stops may ignore it.
public final class ObservationToken {
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false
    /// Takes the observer out of its object's list; `nil` once done.
    private var detach: ((ObservationToken) -> Void)?

    init(detach: @escaping (ObservationToken) -> Void) {
        self.detach = detach
    }

    /// Removes the observer at once: it is not called again, even by a notification that is
    /// under way, and its closure (with what it captured) is released. Calling it again does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let detach = self.detach
        self.detach = nil
        detach?(self)
    }
}

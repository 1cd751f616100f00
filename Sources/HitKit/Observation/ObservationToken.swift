/// What an `observe…` method of the façade returns: the registration of one observer.
///
/// The object keeps the observer's closure until ``cancel()`` is called (or the object goes);
/// dropping the token does not end the observation, so a logger that never stops may ignore it.
public final class ObservationToken {
    // Fenced (``ExclusivityFence``): read for each observer a notification calls, set once.
    #if HITKIT_INTERNAL_CHECKS
    /// Whether ``cancel()`` was called.
    public private(set) var isCancelled = false
    #else
    /// Whether ``cancel()`` was called.
    @exclusivity(unchecked) public private(set) var isCancelled = false
    #endif
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

// The storage behind every `observe…` method: the observers of one kind of call on one object,
// in the order they were added. Empty costs one count check on the delivery path. The package's
// other modules keep their observers in it too (a scene's delivery log).

package struct ObserverList<Body> {
    private var entries: [(token: ObservationToken, body: Body)] = []

    package init() {}

    /// Whether nobody observes (the delivery path checks this before anything else).
    package var isEmpty: Bool { entries.isEmpty }

    /// Adds `body` last; `detach` must remove the returned token from this list again.
    package mutating func add(_ body: Body, detach: @escaping (ObservationToken) -> Void) -> ObservationToken {
        let token = ObservationToken(detach: detach)
        entries.append((token, body))
        return token
    }

    package mutating func remove(_ token: ObservationToken) {
        entries.removeAll { $0.token === token }
    }

    /// Calls `notify` with each observer in the order they were added. The list is the one of
    /// the moment the call started (an observer added meanwhile waits for the next call), less
    /// those cancelled meanwhile. Call it on a local copy of the stored list: an observer may
    /// cancel itself or add another while it runs.
    package func callEach(_ notify: (Body) -> Void) {
        for entry in entries where !entry.token.isCancelled { notify(entry.body) }
    }
}

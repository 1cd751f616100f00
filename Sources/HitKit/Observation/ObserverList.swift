// The storage behind every `observe…` method: the observers of one kind of call on one object,
// in the order they were added. Empty costs one count check on the delivery path.

struct ObserverList<Body> {
    private var entries: [(token: ObservationToken, body: Body)] = []

    /// Whether nobody observes (the delivery path checks this before anything else).
    var isEmpty: Bool { entries.isEmpty }

    /// Adds `body` last; `detach` must remove the returned token from this list again.
    mutating func add(_ body: Body, detach: @escaping (ObservationToken) -> Void) -> ObservationToken {
        let token = ObservationToken(detach: detach)
        entries.append((token, body))
        return token
    }

    mutating func remove(_ token: ObservationToken) {
        entries.removeAll { $0.token === token }
    }

    /// Calls `notify` with each observer in the order they were added. The list is the one of
    /// the moment the call started (an observer added meanwhile waits for the next call), less
    /// those cancelled meanwhile. Call it on a local copy of the stored list: an observer may
    /// cancel itself or add another while it runs.
    func callEach(_ notify: (Body) -> Void) {
        for entry in entries where !entry.token.isCancelled { notify(entry.body) }
    }

}

/// A link to a recognizer that does not keep it alive and forms no weak reference to it (a weak
/// reference gives an object a side table for life, and every retain and release of it then
/// takes the runtime's slow path: see ``ViewContext``). It reads `nil` once the recognizer is
/// freed, as a weak reference would.
///
/// The links to one recognizer share its ``RecognizerAnchor``, made the first time one is
/// formed; the recognizer clears the anchor in its `deinit`.
struct RecognizerLink<Target: GestureRecognizer> {
    private let anchor: RecognizerAnchor

    init(_ recognizer: Target) {
        anchor = recognizer.anchor
    }

    /// The recognizer, while it is alive.
    @inline(__always)
    var object: Target? {
        // The anchor belongs to the very object this link was made from, so its class is `Target`.
        guard let recognizer = anchor.recognizer else { return nil }
        return unsafeDowncast(recognizer, to: Target.self)
    }
}

/// What the links to one recognizer point to: the recognizer until it is freed.
final class RecognizerAnchor {
    // `unowned(unsafe)`, lifetime rule: only the recognizer makes its anchor, and its `deinit`
    // sets this to `nil` (``GestureRecognizer/anchor``), so it is never read dangling.
    // `OwnershipLinkTests` frees recognizers under pending timers and failure requirements.
    // `@exclusivity(unchecked)`: written twice, by code that calls nothing.
    @exclusivity(unchecked) fileprivate(set) unowned(unsafe) var recognizer: GestureRecognizer?

    fileprivate init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }
}

extension GestureRecognizer {
    /// The anchor of the links to this recognizer, made on first use.
    var anchor: RecognizerAnchor {
        if let anchor = fenced.storedAnchor { return anchor }
        let made = RecognizerAnchor(self)
        fenced.storedAnchor = made
        return made
    }

    /// Called from the recognizer's `deinit`: from then on every link to it reads `nil`.
    func clearAnchor() {
        fenced.storedAnchor?.recognizer = nil
    }
}

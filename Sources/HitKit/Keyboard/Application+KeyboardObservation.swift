// What the keyboard tells a logger without subclassing (the scene replay's delivery log,
// Behaviour B6): each key command performed, each key event unhandled or rejected. Focus changes are observed with
// `observeFocus(_:)` (Focus/Application+Focus.swift), press calls per responder with
// `Responder.observePresses(_:)`.

/// A key command's action performed (``Application/observeKeyCommands(_:)``).
public struct KeyCommandReport {
    /// The key command whose action was performed.
    public let command: KeyCommand
    /// The responder that performed it: the first from the press's target up the chain that can.
    public let receiver: Responder
    /// Where the key's press went first (Behaviour A10 *Where a press goes*).
    public let target: Responder
    /// Whether a repeat of the key performed it again.
    public let isRepeat: Bool
}

extension Application {
    /// Calls `body` after each key command's action was performed (by a key down or, for a
    /// repeatable command, a repeat). Observers are called in the order they were added.
    @discardableResult
    public func observeKeyCommands(_ body: @escaping (KeyCommandReport) -> Void) -> ObservationToken {
        addKeyboardObserver(body, to: \.keyCommandObservers)
    }

    func notifyKeyCommand(_ report: KeyCommandReport) {
        notifyKeyboardObservers(keyboard.keyCommandObservers, report)
    }

    /// Adds an observer to one of the keyboard's lists. The token reaches the application
    /// through its views' context, not a weak reference (see observeFrameEnds).
    func addKeyboardObserver<Report>(_ body: @escaping (Report) -> Void,
                                     to list: ReferenceWritableKeyPath<KeyboardState, ObserverList<(Report) -> Void>>)
        -> ObservationToken
    {
        keyboard[keyPath: list].add(body) { [context = viewContext] in
            context.application?.keyboard[keyPath: list].remove($0)
        }
    }

    /// Calls `observers`, a copy of one of the keyboard's lists (an observer may cancel
    /// itself); the list itself rather than its key path, whose projection looks the list's
    /// generic types up at run time on every key.
    func notifyKeyboardObservers<Report>(_ observers: ObserverList<(Report) -> Void>, _ report: Report) {
        guard !observers.isEmpty else { return }
        observers.callEach { $0(report) }
    }
}

/// A key event that no stage took, or that was rejected (``Application/observeKeyEvents(_:)``),
/// told as it is handled, in the frame's order.
public struct KeyEventReport {
    /// What became of the event.
    public enum Fate: Hashable {
        /// A key down no stage of Behaviour A10 took.
        case unhandled
        /// A repeat of a key whose down was unhandled.
        case unhandledRepeat
        /// Bad input: the event was rejected, and the rest of the frame goes on.
        case rejected(InputError.KeyProblem)
    }

    /// The event's index in the frame's keys.
    public let index: Int
    /// The key event, as the frame gave it.
    public let input: KeyInput
    /// What became of it: unhandled, an unhandled repeat, or rejected.
    public let fate: Fate
}

extension Application {
    /// Calls `body` for each key event that no stage took or that was rejected, when it is
    /// handled: in the frame's order, among the press calls and key commands of the other keys
    /// (``send(_:)`` lists the same keys in its ``FrameOutcome`` and ``InputError``, after the
    /// frame). Observers are called in the order they were added.
    @discardableResult
    public func observeKeyEvents(_ body: @escaping (KeyEventReport) -> Void) -> ObservationToken {
        addKeyboardObserver(body, to: \.keyEventObservers)
    }

    func notifyKeyEvent(_ report: KeyEventReport) {
        notifyKeyboardObservers(keyboard.keyEventObservers, report)
    }
}

/// What a frame did that the host needs to know (``Application/send(_:)``'s answer).
public struct FrameOutcome: Hashable, Sendable {
    /// The key downs no stage of Behaviour A10 took — no responder kept the press, no key command
    /// acted, focus did not move — by index in the frame's ``InputFrame/keys``, in order. The
    /// host may do its own thing with them (as a GTK handler that returns "not handled" lets its
    /// parent see the key).
    public var unhandledKeys: [Int]
    /// The repeats (downs of a key already down) of keys whose down was unhandled, by index in
    /// the frame's keys: a host that types text for unhandled keys types them too.
    public var unhandledRepeats: [Int]

    /// An outcome with the given unhandled downs and repeats, by index in the frame's keys (none by
    /// default).
    public init(unhandledKeys: [Int] = [], unhandledRepeats: [Int] = []) {
        self.unhandledKeys = unhandledKeys
        self.unhandledRepeats = unhandledRepeats
    }
}

/// The touches down, by finger id and in the order they began.
///
/// A removal only unlinks the touch from the id table and marks it; the ordered list drops the
/// removed touches in one pass at the end of the frame (``compact()``), so a frame that lifts
/// many fingers costs O(touches), not O(touches²).
final class TouchRegistry {
    // `@exclusivity(unchecked)`: changed in place by short operations that call nothing.
    @exclusivity(unchecked) private var byID: [Int: Touch] = [:]
    /// Oldest first; may still hold touches removed during this frame (not registered any more).
    @exclusivity(unchecked) private var ordered: [Touch] = []
    @exclusivity(unchecked) private var removedSinceCompaction = 0
    @exclusivity(unchecked) private var nextSequence = 0

    /// Changes whenever a touch is added or removed: an event filled at this version still
    /// holds exactly the touches down (``TouchDispatcher``'s recycled events).
    @exclusivity(unchecked) private(set) var version = 0

    func touch(id: Int) -> Touch? {
        // A few fingers (the usual case): a scan of the ordered list beats hashing the id. It
        // skips touches removed this frame, so it finds what the table would.
        guard byID.count <= Self.scannedCount else { return byID[id] }
        for touch in ordered where touch.id == id && touch.isRegistered { return touch }
        return nil
    }

    /// Up to this many touches down, ``touch(id:)`` scans instead of hashing.
    private static let scannedCount = 16

    /// Every touch down, oldest first.
    var all: [Touch] {
        compact()
        return ordered
    }

    var isEmpty: Bool { byID.isEmpty }
    var count: Int { byID.count }

    /// A sequence number for a new touch's began.
    func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    func add(_ touch: Touch) {
        precondition(byID[touch.id] == nil, "HitKit: touch \(touch.id) is already down")
        byID[touch.id] = touch
        ordered.append(touch)
        version &+= 1
        touch.isRegistered = true
    }

    func remove(_ touch: Touch) {
        guard touch.isRegistered, byID[touch.id] === touch else { return }
        byID[touch.id] = nil
        touch.isRegistered = false
        version &+= 1
        // A lifted finger no longer holds its view, even while its end is withheld.
        TouchAdmission.uncount(touch)
        removedSinceCompaction += 1
    }

    /// Calls `body` with each touch down, oldest first.
    func forEach(_ body: (Touch) -> Void) {
        for touch in ordered where touch.isRegistered { body(touch) }
    }

    /// Drops the removed touches from the ordered list.
    func compact() {
        guard removedSinceCompaction > 0 else { return }
        ordered.removeAll { !$0.isRegistered }
        removedSinceCompaction = 0
    }
}

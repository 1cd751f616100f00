/// The touches down, by finger id and in the order they began.
///
/// A removal only unlinks the touch from the id table and marks it; the ordered list drops the
/// removed touches in one pass at the end of the frame (``compact()``), so a frame that lifts
/// many fingers costs O(touches), not O(touches²).
final class TouchRegistry {
    /// The registry's table and list (``Storage``).
    // Fenced (``ExclusivityFence``): only the registry's own methods touch it; ``forEach(_:)``
    // calls out while it iterates over a copy of the list.
    #if HITKIT_INTERNAL_CHECKS
    private var fenced = Storage()
    #else
    @exclusivity(unchecked) private var fenced = Storage()
    #endif

    /// The fingers down, in one place so that one fence covers them.
    private struct Storage {
        var byID: [Int: Touch] = [:]
        /// Oldest first; may still hold touches removed during this frame (not registered any
        /// more).
        var ordered: [Touch] = []
        var removedSinceCompaction = 0
        /// Where ``TouchRegistry/touch(id:)``'s next scan starts: after the last touch it found.
        var scanStart = 0
        var nextSequence = 0
        /// Changes whenever a touch is added or removed (``TouchRegistry/version``).
        var version = 0
    }

    /// Changes whenever a touch is added or removed: an event filled at this version still
    /// holds exactly the touches down (``TouchDispatcher``'s recycled events).
    var version: Int { fenced.version }

    /// The touch of finger `id`, if it is down.
    func touch(id: Int) -> Touch? {
        guard fenced.byID.count <= Self.scannedCount else { return fenced.byID[id] }
        guard let found = scannedIndex(ofTouch: id) else { return nil }
        return fenced.ordered[found]
    }

    /// When the touch down under `id` last reported, and whether it is a finger's, read without
    /// taking a reference to the touch: the validator asks it of every input.
    func report(ofTouch id: Int) -> InputValidator.Report? {
        guard fenced.byID.count <= Self.scannedCount else {
            return fenced.byID[id].map { .init(time: $0.timestamp, isFinger: $0.type == .direct) }
        }
        guard let found = scannedIndex(ofTouch: id) else { return nil }
        return fenced.ordered.withUnsafeBufferPointer { .init(time: $0[found].timestamp, isFinger: $0[found].type == .direct) }
    }

    /// Where finger `id`'s touch is in the ordered list, found by a scan (a few fingers, the
    /// usual case, where a scan beats hashing the id). It skips touches removed this frame, so
    /// it finds what the table would. A host sends a frame's fingers in the same order frame
    /// after frame, and a frame's passes ask for them in that order: starting after the last
    /// touch found, such a scan finds each at its first look.
    private func scannedIndex(ofTouch id: Int) -> Int? {
        let start = fenced.scanStart
        // Read in place: no reference is taken to the touches passed over.
        let found: Int? = fenced.ordered.withUnsafeBufferPointer { touches in
            var index = start < touches.count ? start : 0
            for _ in 0..<touches.count {
                if touches[index].id == id && touches[index].isRegistered { return index }
                index = index + 1 == touches.count ? 0 : index + 1
            }
            return nil
        }
        if let found { fenced.scanStart = found + 1 }
        return found
    }

    /// Up to this many touches down, ``touch(id:)`` scans instead of hashing.
    private static let scannedCount = 16

    /// Every touch down, oldest first.
    var all: [Touch] {
        compact()
        return fenced.ordered
    }

    var isEmpty: Bool { fenced.byID.isEmpty }
    var count: Int { fenced.byID.count }

    /// A sequence number for a new touch's began.
    func takeSequence() -> Int {
        defer { fenced.nextSequence += 1 }
        return fenced.nextSequence
    }

    func add(_ touch: Touch) {
        precondition(fenced.byID[touch.id] == nil, "HitKit: touch \(touch.id) is already down")
        fenced.byID[touch.id] = touch
        fenced.ordered.append(touch)
        fenced.version &+= 1
        touch.isRegistered = true
    }

    func remove(_ touch: Touch) {
        guard touch.isRegistered, fenced.byID[touch.id] === touch else { return }
        fenced.byID[touch.id] = nil
        touch.isRegistered = false
        fenced.version &+= 1
        // A lifted finger no longer holds its view, even while its end is withheld.
        TouchAdmission.uncount(touch)
        fenced.removedSinceCompaction += 1
    }

    /// Calls `body` with each touch down, oldest first.
    func forEach(_ body: (Touch) -> Void) {
        for touch in fenced.ordered where touch.isRegistered { body(touch) }
    }

    /// Drops the removed touches from the ordered list.
    func compact() {
        guard fenced.removedSinceCompaction > 0 else { return }
        fenced.ordered.removeAll { !$0.isRegistered }
        fenced.removedSinceCompaction = 0
    }
}

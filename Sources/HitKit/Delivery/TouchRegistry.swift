/// The touches down, by finger id, in the order they began.
final class TouchRegistry {
    private var byID: [Int: Touch] = [:]
    private var nextSequence = 0

    func touch(id: Int) -> Touch? { byID[id] }

    /// Every touch down, oldest first.
    var all: [Touch] { byID.values.sorted { $0.beganSequence < $1.beganSequence } }

    var isEmpty: Bool { byID.isEmpty }

    /// A sequence number for a new touch's began.
    func takeSequence() -> Int {
        defer { nextSequence += 1 }
        return nextSequence
    }

    func add(_ touch: Touch) {
        precondition(byID[touch.id] == nil, "HitKit: touch \(touch.id) is already down")
        byID[touch.id] = touch
    }

    func remove(_ touch: Touch) {
        if byID[touch.id] === touch { byID[touch.id] = nil }
    }
}

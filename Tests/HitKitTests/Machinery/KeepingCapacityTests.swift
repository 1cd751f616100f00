import Testing
@testable import HitKit

/// `Array.removeAllKeepingCapacity()`: a reused scratch list is emptied in place and keeps its buffer, whether it
/// holds a few elements (popped one by one) or many (one range replacement).
struct KeepingCapacityTests {
    final class Element {}

    @Test(arguments: [1, 2, 8, 9, 100])
    func emptyingKeepsTheCapacityAndReleasesTheElements(count: Int) {
        var list = (0..<count).map { _ in Element() }
        weak let first = list.first
        let capacity = list.capacity
        list.removeAllKeepingCapacity()
        #expect(list.isEmpty)
        #expect(list.capacity == capacity)
        #expect(first == nil, "nothing is kept alive by an emptied list")
    }
}

import Testing
@testable import HitKit

/// `Array.removeAllKeepingCapacity()`: a reused scratch list is emptied in place and keeps its buffer, whether it
/// holds a few elements (popped one by one) or many (one range replacement). `replaceAllKeepingCapacity`: a
/// reused list takes new contents, in place when the count is the same.
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

    @Test(arguments: [(4, 4), (4, 2), (2, 4), (0, 3), (3, 0), (0, 0), (9, 9)])
    func replacingGivesTheNewElementsInOrderAndReleasesTheOldOnes(before: Int, after: Int) {
        var list = (0..<before).map { _ in Element() }
        list.reserveCapacity(max(before, after))
        weak let first = list.first
        let capacity = list.capacity
        let replacements = (0..<after).map { _ in Element() }
        var asked: [Int] = []
        list.replaceAllKeepingCapacity(count: after) { index in
            asked.append(index)
            return replacements[index]
        }
        #expect(asked == Array(0..<after), "each element is made once, in order")
        #expect(list.count == after)
        #expect(zip(list, replacements).allSatisfy { $0 === $1 })
        #expect(list.capacity == capacity, "a list with room keeps its buffer")
        #expect(first == nil, "the replaced elements are not kept alive")
    }

    @Test func replacingInPlaceLeavesACopyAsItWas() {
        var list = [1, 2, 3]
        let copy = list
        list.replaceAllKeepingCapacity(count: 3) { $0 * 10 }
        #expect(list == [0, 10, 20])
        #expect(copy == [1, 2, 3], "a shared buffer is copied before it is overwritten")
    }
}

import Testing
@testable import HitKit

/// `Array.forEachHeld`, `forEachHeldFromLast`, `containsHeld`, `firstIndexHeld` and `containsHeldFromLast`: every
/// element is visited in order (from the last for the `FromLast` ones), and one the loop's body removes from the list it came
/// from stays alive until the loop lets go of its array.
struct HeldElementsTests {
    final class Element {
        let number: Int
        let freed: Box
        init(_ number: Int, freed: Box) { self.number = number; self.freed = freed }
        deinit { freed.numbers.append(number) }
    }
    final class Box { var numbers: [Int] = [] }

    final class Owner {
        var elements: [Element]
        init(_ elements: [Element]) { self.elements = elements }
    }

    @Test func aBodyThatEmptiesTheOwnersListStillSeesEveryElementAlive() {
        let freed = Box()
        let owner = Owner((0..<5).map { Element($0, freed: freed) })
        var seen: [Int] = []
        do {
            let held = owner.elements
            held.forEachHeld { element in
                owner.elements.removeAll()
                seen.append(element.number)
                #expect(freed.numbers.isEmpty, "the held array keeps every element alive")
            }
        }
        #expect(seen == [0, 1, 2, 3, 4])
        #expect(freed.numbers.sorted() == [0, 1, 2, 3, 4], "freed once nothing holds them")
    }

    @Test func containsHeldAsksInOrderAndStopsAtTheFirstYes() {
        let freed = Box()
        let elements = (0..<6).map { Element($0, freed: freed) }
        var asked: [Int] = []
        #expect(elements.containsHeld { asked.append($0.number); return $0.number == 3 })
        #expect(asked == [0, 1, 2, 3])
        asked = []
        #expect(!elements.containsHeld { asked.append($0.number); return false })
        #expect(asked == [0, 1, 2, 3, 4, 5])
        #expect(![Element]().containsHeld { _ in true })
    }

    @Test func firstIndexHeldAsksInOrderAndGivesTheFirstYes() {
        let freed = Box()
        let elements = (0..<5).map { Element($0 % 3, freed: freed) }  // numbers 0 1 2 0 1
        var asked: [Int] = []
        #expect(elements.firstIndexHeld { asked.append($0.number); return $0.number == 1 } == 1)
        #expect(asked == [0, 1])
        #expect(elements.firstIndexHeld { $0 === elements[4] } == 4)
        #expect(elements.firstIndexHeld { _ in false } == nil)
        #expect([Element]().firstIndexHeld { _ in true } == nil)
    }

    @Test func containsHeldFromLastAsksBackwardsAndItsBodyMayEmptyTheOwner() {
        let freed = Box()
        let owner = Owner((0..<6).map { Element($0, freed: freed) })
        var asked: [Int] = []
        var aliveThroughout = true
        do {
            let held = owner.elements
            let found = held.containsHeldFromLast { element in
                owner.elements.removeAll()
                aliveThroughout = aliveThroughout && freed.numbers.isEmpty
                asked.append(element.number)
                return element.number == 2
            }
            #expect(found)
        }
        #expect(aliveThroughout, "the held array keeps every element alive")
        #expect(asked == [5, 4, 3, 2])
        #expect(freed.numbers.sorted() == [0, 1, 2, 3, 4, 5])
        #expect(![Element]().containsHeldFromLast { _ in true })
    }

    @Test func forEachHeldFromLastVisitsBackwardsAndItsBodyMayEmptyTheOwner() {
        let freed = Box()
        let owner = Owner((0..<4).map { Element($0, freed: freed) })
        var seen: [Int] = []
        var aliveThroughout = true
        do {
            let held = owner.elements
            held.forEachHeldFromLast { element in
                owner.elements.removeAll()
                aliveThroughout = aliveThroughout && freed.numbers.isEmpty
                seen.append(element.number)
            }
        }
        #expect(aliveThroughout, "the held array keeps every element alive")
        #expect(seen == [3, 2, 1, 0])
        #expect(freed.numbers.sorted() == [0, 1, 2, 3])
        var none = 0
        [Element]().forEachHeldFromLast { _ in none += 1 }
        #expect(none == 0)
    }

    @Test func aBodyMayKeepAnElement() {
        let freed = Box()
        var kept: Element?
        do {
            let elements = [Element(7, freed: freed)]
            elements.forEachHeld { kept = $0 }
        }
        #expect(freed.numbers.isEmpty, "a kept element is retained like any stored reference")
        #expect(kept?.number == 7)
        kept = nil
        #expect(freed.numbers == [7])
    }
}

import Testing
@testable import HitKitScene

/// The id table of a built scene finds every id at the index it was added, misses what was not
/// added, and answers the same after growing as after a reservation.
@Suite struct SceneIDTableTests {
    @Test func everyIDIsFoundAtItsIndexAcrossGrowth() {
        var grown = SceneIDTable()
        var reserved = SceneIDTable()
        reserved.reserveCapacity(5_000)
        for number in 0..<5_000 {
            #expect(grown.append("v\(number)") == Int32(number))
            reserved.append("v\(number)")
        }
        for number in 0..<5_000 {
            #expect(grown.index(of: "v\(number)") == Int32(number))
            #expect(reserved.index(of: "v\(number)") == Int32(number))
            #expect(grown[number] == "v\(number)")
        }
        #expect(grown.index(of: "v5000") == nil && grown.index(of: "") == nil)
        // Long ids (not stored inline in the String) and ids differing in one character.
        let long = String(repeating: "a-rather-long-identifier-", count: 4)
        grown.append(long + "1")
        grown.append(long + "2")
        #expect(grown.index(of: long + "1") == 5_000 && grown.index(of: long + "2") == 5_001)
        #expect(grown.index(of: long) == nil)
    }

    @Test func anEmptyTableFindsNothing() {
        #expect(SceneIDTable().index(of: "w") == nil)
        var table = SceneIDTable()
        table.reserveCapacity(0)
        #expect(table.index(of: "w") == nil)
    }

    @Test func anIDAddedAgainFindsTheLaterIndexAsADictionaryWould() {
        var table = SceneIDTable()
        table.append("a")
        table.append("b")
        table.append("a")
        #expect(table.index(of: "a") == 2 && table.index(of: "b") == 1)
        table.reserveCapacity(100)  // a rehash keeps the later one
        #expect(table.index(of: "a") == 2 && table[0] == "a")
    }
}

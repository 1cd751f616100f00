import HitTestCore
import Testing

/// ``ViewID``'s layout, which the C library relies on: it writes the engine's answer to an
/// `hk_view` (`{int32 index; uint32 generation}`) as the ID's one word.
@Suite("ViewID layout")
struct ViewIDLayoutTests {
    @Test("A ViewID is one 8-byte word: the index in its low half, the generation in its high half")
    func oneWord() {
        #expect(MemoryLayout<ViewID>.size == 8 && MemoryLayout<ViewID>.alignment <= 8)
        #expect(MemoryLayout<ViewID>.offset(of: \.index) == 0)
        #expect(MemoryLayout<ViewID>.offset(of: \.generation) == 4)
        let id = ViewID(index: -2, generation: 0x8000_0001)
        #if _endian(little)
        #expect(unsafeBitCast(id, to: UInt64.self) == 0x8000_0001_FFFF_FFFE)
        #endif
    }
}

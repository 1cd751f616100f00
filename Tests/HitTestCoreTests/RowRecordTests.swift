import Testing
@testable import HitTestCore

/// The row record's layout, which the store's field views (``RowField``) address by constant.
@Suite("Row record layout")
struct RowRecordTests {
    @Test("Each field's constant offset is its offset in the record, and a record is 64 bytes")
    func offsets() {
        let fields: [(Int, Int?, String)] = [
            (RowRecord.Offset.geometry, MemoryLayout<RowRecord>.offset(of: \.geometry), "geometry"),
            (RowRecord.Offset.size, MemoryLayout<RowRecord>.offset(of: \.geometry.width), "size"),
            (RowRecord.Offset.flags, MemoryLayout<RowRecord>.offset(of: \.flags), "flags"),
            (RowRecord.Offset.parent, MemoryLayout<RowRecord>.offset(of: \.parentLink), "parent"),
            (RowRecord.Offset.firstChild, MemoryLayout<RowRecord>.offset(of: \.firstChildLink), "firstChild"),
            (RowRecord.Offset.lastChild, MemoryLayout<RowRecord>.offset(of: \.lastChildLink), "lastChild"),
            (RowRecord.Offset.nextSibling, MemoryLayout<RowRecord>.offset(of: \.nextSiblingLink), "nextSibling"),
            (RowRecord.Offset.previousSibling, MemoryLayout<RowRecord>.offset(of: \.previousSiblingLink), "previousSibling"),
            (RowRecord.Offset.generation, MemoryLayout<RowRecord>.offset(of: \.generation), "generation"),
            (RowRecord.Offset.firstSideUnit, MemoryLayout<RowRecord>.offset(of: \.firstSideUnit), "firstSideUnit"),
        ]
        for (constant, actual, name) in fields {
            #expect(constant == actual, "\(name)")
        }
        #expect(MemoryLayout<RowRecord>.stride == 64)
    }
}

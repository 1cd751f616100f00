import Testing
@testable import HitKit

/// `UnsafeBufferPointer.address(of:)`: the element at an index, read where it lies.
struct ElementAddressTests {
    @Test func theAddressReadsTheElementAtItsIndex() {
        let inputs = (0..<4).map { TouchInput(id: $0, phase: .moved, location: Point(Double($0), 0)) }
        inputs.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                #expect(buffer.address(of: index).pointee.id == index)
                #expect(buffer.address(of: index).pointee.location == Point(Double(index), 0))
            }
        }
    }
}

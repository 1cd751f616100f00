import Testing
@testable import HitKit

/// The identity hash that sets of touches and identity-keyed tables use in place of SipHash must
/// still spread: objects sit at 16-byte-aligned addresses, close together, and a table picks its
/// bucket from the hash's low bits.
@Suite struct IdentityHashTests {
    final class Object {}

    @Test func neighbouringObjectsSpreadOverTheLowBits() {
        let objects = (0..<4096).map { _ in Object() }
        let lowBytes = Set(objects.map { UInt8(truncatingIfNeeded: identityHash(ObjectIdentifier($0), seed: 0)) })
        // An unmixed address would give at most 16 low bytes; 4,096 random ones miss about 2 % of 256.
        #expect(lowBytes.count >= 240)
    }

    @Test func theSeedChangesTheHash() {
        let object = Object()
        let hashes = Set((0..<64).map { identityHash(ObjectIdentifier(object), seed: $0) })
        #expect(hashes.count == 64)
    }

    @Test func keysAndTouchesHashByIdentity() {
        let a = Object(), b = Object()
        var table: [IdentityKey: String] = [IdentityKey(a): "a"]
        table[IdentityKey(b)] = "b"
        #expect(table[IdentityKey(a)] == "a" && table[IdentityKey(b)] == "b" && table.count == 2)
        let touches = (0..<100).map { Touch(id: $0, at: .zero, time: 0, view: nil, tapCount: 1, sequence: $0) }
        let set = Set(touches)
        #expect(set.count == 100 && touches.allSatisfy(set.contains))
        #expect(touches[7]._rawHashValue(seed: 5) == identityHash(ObjectIdentifier(touches[7]), seed: 5))
    }
}

// Hashing by identity without SipHash: the delivery builds a set of touches for every touch method
// it calls and looks touches and views up by identity on every frame, and the standard hasher
// costs more than the lookups it serves. An address is not chosen by whoever sends input, so a
// keyed hash buys nothing here; mixing the address with the table's seed so that every bit of
// the result, the low ones a table's buckets use included, depends on every bit of both, does
// all that is needed.

/// `id` and a hash table's `seed`, mixed by MurmurHash3's 64-bit finalizer.
@inline(__always)
func identityHash(_ id: ObjectIdentifier, seed: Int) -> Int {
    var x = UInt64(UInt(bitPattern: id)) ^ UInt64(UInt(bitPattern: seed))
    x = (x ^ (x >> 33)) &* 0xff51_afd7_ed55_8ccd
    x = (x ^ (x >> 33)) &* 0xc4ce_b9fe_1a85_ec53
    return Int(truncatingIfNeeded: x ^ (x >> 33))
}

/// An object's identity as a dictionary key, hashed by ``identityHash(_:seed:)``. It keeps the
/// object neither alive nor reachable: it only tells one object from another while both live.
struct IdentityKey: Hashable {
    let id: ObjectIdentifier

    init(_ object: AnyObject) { id = ObjectIdentifier(object) }

    // The standard library's hook for a type's own hash: what `Set` and `Dictionary` call.
    func _rawHashValue(seed: Int) -> Int { identityHash(id, seed: seed) }
}

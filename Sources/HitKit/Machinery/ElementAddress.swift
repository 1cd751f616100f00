// Reading a large element of a buffer where it lies.
//
// A frame's inputs are read through an `UnsafeBufferPointer`, and a `TouchInput` is large (two
// sample arrays and a dozen optionals): passing one by value copies it whole, arrays retained,
// for every finger of every frame. Its readers take its address instead and read the fields they
// need through it.

extension UnsafeBufferPointer {
    /// The address of the element at `index`, which must be one of the buffer's indices (checked
    /// in a build with `HITKIT_INTERNAL_CHECKS`). The address is valid while the buffer is.
    @inline(__always)
    func address(of index: Int) -> UnsafePointer<Element> {
        #if HITKIT_INTERNAL_CHECKS
        precondition(indices.contains(index), "index \(index) outside the buffer's \(count) elements")
        #endif
        return baseAddress.unsafelyUnwrapped + index
    }
}

/// A generation-checked handle on one view of a ``ViewStore``.
///
/// A view's row is recycled once the view is destroyed; the generation makes an old handle on
/// that row a ``ViewStoreError/staleHandle(_:)`` instead of silently naming the newcomer.
///
/// Its layout is a promise: `index` then `generation`, one 8-byte word, which the C library
/// writes as its `hk_view` answer in one store (`ViewIDLayoutTests` checks it).
public struct ViewID: Hashable, Sendable {
    /// The view's row in the store.
    public let index: Int32
    /// The row's generation when this handle was issued.
    public let generation: UInt32

    /// The handle of row `index` at `generation`, as a host that kept the two parts rebuilds it. It is
    /// checked only when used: a store throws ``ViewStoreError/staleHandle(_:)`` unless it names a live
    /// view of that store.
    @inlinable
    public init(index: Int32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
}

extension ViewID: CustomStringConvertible {
    public var description: String { "#\(index).\(generation)" }
}

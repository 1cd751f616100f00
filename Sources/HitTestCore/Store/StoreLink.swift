/// The store, reached without retaining it: by a live query's host (``LiveHitHost``) and by the
/// row fields (``RowField``), which live no longer than one of the store's own calls (the lifetime
/// promise, Promises.swift, promise 3). Retaining it would cost a retain and a release per field
/// written, nine pairs per new row.
///
/// The normal build keeps it unmanaged and lends it as a guaranteed reference; the checked build
/// keeps it `unowned`, which traps instead of reading a store that is gone.
@usableFromInline
struct StoreLink {
    #if HITKIT_INTERNAL_CHECKS
    @usableFromInline unowned let store: ViewStore

    @inlinable @inline(__always)
    init(_ store: ViewStore) { self.store = store }

    /// Runs `body` with the store.
    @inlinable @inline(__always)
    func with<Result>(_ body: (ViewStore) -> Result) -> Result { body(store) }
    #else
    // Fence: the lifetime promise (Promises.swift, promise 3).
    @usableFromInline let store: Unmanaged<ViewStore>

    @inlinable @inline(__always)
    init(_ store: ViewStore) { self.store = .passUnretained(store) }

    /// Runs `body` with the store.
    @inlinable @inline(__always)
    func with<Result>(_ body: (ViewStore) -> Result) -> Result { store._withUnsafeGuaranteedRef { body($0) } }
    #endif
}

// The opaque handles C holds: `hk_store *` and `hk_app *` are the addresses of boxes kept alive by
// a registry, so that every call can check its handle before touching it (a freed or foreign
// pointer is refused, never dereferenced). Views travel as (index, generation) pairs and are
// checked by the engine itself.

import HitTestCore

/// The live stores and apps, by the address handed to C.
final class HandleRegistry: @unchecked Sendable {
    private let lock = Lock()
    private var objects: [UnsafeRawPointer: AnyObject] = [:]

    /// Keeps `object` alive and returns its C handle.
    func register(_ object: AnyObject) -> UnsafeMutableRawPointer {
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        lock.withLock { objects[UnsafeRawPointer(pointer)] = object }
        return pointer
    }

    func unregister(_ pointer: UnsafeRawPointer) {
        lock.withLock { objects[pointer] = nil }
    }

    /// The live object of type `T` behind `pointer`, or the failure to report.
    func object<T: AnyObject>(_ pointer: UnsafeRawPointer?, as type: T.Type, named name: String) throws(CFailure) -> T {
        guard let pointer else { throw CFailure(.invalidArgument, "the \(name) is NULL") }
        let object = lock.withLock { objects[pointer] }
        guard let object else { throw CFailure(.staleHandle, "the \(name) \(pointer) is not live (destroyed or never created)") }
        guard let typed = object as? T else { throw CFailure(.invalidArgument, "\(pointer) is not an \(name)") }
        return typed
    }
}

let handles = HandleRegistry()

/// What an `hk_store *` points at: a store owned by C, or an app's store lent to C.
final class StoreBox {
    let store: ViewStore
    /// Set for an app's store: its views' creation and hierarchy go through the app.
    let isBorrowed: Bool

    init(store: ViewStore, isBorrowed: Bool) {
        self.store = store
        self.isBorrowed = isBorrowed
    }

    /// Refuses structural edits on a borrowed store, which would bypass the app's objects.
    func checkOwned(_ operation: String) throws(CFailure) {
        if isBorrowed {
            throw CFailure(.invalidArgument, "\(operation) is refused on an app's store: use the hk_app_ function")
        }
    }
}

func storeBox(_ pointer: UnsafeRawPointer?) throws(CFailure) -> StoreBox {
    try handles.object(pointer, as: StoreBox.self, named: "hk_store")
}

func appBox(_ pointer: UnsafeRawPointer?) throws(CFailure) -> AppBox {
    try handles.object(pointer, as: AppBox.self, named: "hk_app")
}

// MARK: Values crossing the boundary

/// The view handle C passed as two scalars. A negative index is "no view".
func viewID(_ index: Int32, _ generation: UInt32) -> ViewID? {
    index < 0 ? nil : ViewID(index: index, generation: generation)
}

/// The view handle C passed, which must name a view.
func requiredViewID(_ index: Int32, _ generation: UInt32, _ role: String = "view") throws(CFailure) -> ViewID {
    guard let id = viewID(index, generation) else { throw CFailure(.invalidArgument, "the \(role) is hk_no_view()") }
    return id
}

/// Checks an out-pointer before the call does anything.
func required<P>(_ pointer: P?, _ name: String = "out") throws(CFailure) -> P {
    guard let pointer else { throw CFailure(.invalidArgument, "the \(name) pointer is NULL") }
    return pointer
}

func requireFinite(_ values: Double..., what: String) throws(CFailure) {
    if values.contains(where: { !$0.isFinite }) { throw CFailure(.invalidArgument, "the \(what) is not finite") }
}

/// Writes an `hk_view` ({int32_t index; uint32_t generation;}): hk_no_view() for `nil`.
func write(_ id: ViewID?, to out: UnsafeMutableRawPointer) {
    out.storeBytes(of: id?.index ?? -1, toByteOffset: 0, as: Int32.self)
    out.storeBytes(of: id?.generation ?? 0, toByteOffset: 4, as: UInt32.self)
}

/// Writes consecutive doubles (hk_point, hk_rect, hk_transform... are arrays of doubles in C).
func writeDoubles(_ values: [Double], to out: UnsafeMutableRawPointer, offset: Int = 0) {
    for (i, value) in values.enumerated() {
        out.storeBytes(of: value, toByteOffset: offset + i * 8, as: Double.self)
    }
}

func readDoubles(_ count: Int, from pointer: UnsafeRawPointer) -> [Double] {
    (0..<count).map { pointer.load(fromByteOffset: $0 * 8, as: Double.self) }
}

extension Point {
    var doubles: [Double] { [x, y] }
}

extension Rect {
    var doubles: [Double] { [origin.x, origin.y, size.width, size.height] }
}

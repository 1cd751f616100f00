/// A weak reference to store in collections (side tables must not keep their objects alive).
struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}

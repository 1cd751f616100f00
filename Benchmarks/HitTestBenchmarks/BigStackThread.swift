#if canImport(Glibc)
import Glibc
#endif

/// Runs work on a thread with a large stack and waits for it.
///
/// The reference hit test recurses once per level (several frames per view), so a 100,000-deep
/// chain overflows the main thread's 8 MiB stack. The benchmarks run on a 1 GiB stack; only the
/// pages actually touched are ever committed.
enum BigStackThread {
    static let stackBytes = 1 << 30

    static func run(_ body: @escaping () -> Void) {
        #if canImport(Glibc)
        final class Context { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        precondition(pthread_attr_setstacksize(&attributes, stackBytes) == 0, "cannot set a 1 GiB stack")
        let context = Unmanaged.passRetained(Context(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { raw in
            let context = Unmanaged<Context>.fromOpaque(raw!).takeRetainedValue()
            context.body()
            return nil
        }, context)
        precondition(created == 0, "cannot start the benchmark thread")
        pthread_join(thread, nil)
        #else
        body()
        #endif
    }
}

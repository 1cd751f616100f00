#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs recursive work (parsing and decoding nested JSON; the `hitkit` command) on a thread with a
/// large stack.
///
/// Decoding recurses once per nesting level, and a debug build's frames are large: a scene a
/// few hundred views deep would overflow the 8 MiB stack of a main thread, or the smaller one of
/// a secondary thread. Delivery recurses too, as UIKit's does: a press no view keeps is passed
/// up the responder chain one call per responder that logs or overrides presses, so replaying a
/// scene thousands of views deep needs a stack in proportion (touches take a bounded stack,
/// Behaviour A3). The reserved stack is virtual memory: only the pages touched are committed.
package enum LargeStack {
    static let stackBytes = 1 << 30

    package static func run<Value>(_ body: @escaping () -> Value) -> Value {
        var result: Value?
        let job = Job { result = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Without the large stack deep scenes would crash, so failing to get one is not recoverable.
        precondition(pthread_attr_setstacksize(&attributes, stackBytes) == 0, "cannot reserve a large stack")
        // The thread owns one retain of `job` until it has run it; `pthread_join` orders its
        // write of the result before our read.
        let retained = Unmanaged.passRetained(job).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, retained)
        precondition(created == 0, "cannot start the large-stack thread")
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        pthread_join(thread!, nil)
        #endif
        return result!
    }
}

/// The work the thread runs (a class, so a C thread function can receive it as a pointer).
private final class Job {
    let body: () -> Void

    init(_ body: @escaping () -> Void) { self.body = body }
}

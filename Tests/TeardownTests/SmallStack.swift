import Glibc

/// Runs work on a new thread with a small stack, as worker threads of real toolkits and thread
/// pools have (256 KiB to 1 MiB; musl's default is 128 KiB). Work that recursed once per level
/// of a deep tree would overflow it and crash the test process.
enum SmallStack {
    /// The stack the teardown tests run on.
    static let bytes = 256 * 1024

    struct ThreadError: Error {
        var call: String
        var status: Int32
    }

    /// Runs `body` on a thread with a `bytes`-byte stack and returns its answer.
    static func run<Value: Sendable>(bytes: Int = SmallStack.bytes,
                                     _ body: @escaping @Sendable () -> Value) throws(ThreadError) -> Value {
        let job = Job(body)
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        let sized = pthread_attr_setstacksize(&attributes, bytes)
        guard sized == 0 else { throw ThreadError(call: "pthread_attr_setstacksize", status: sized) }
        var thread = pthread_t()
        // The thread owns one retain of `job` until it has run it; `pthread_join` orders its
        // write of the result before our read.
        let context = Unmanaged.passRetained(job).toOpaque()
        let created = pthread_create(&thread, &attributes, { context in
            Unmanaged<AnyJob>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged.passUnretained(job).release()
            throw ThreadError(call: "pthread_create", status: created)
        }
        pthread_join(thread, nil)
        return job.result!
    }
}

/// What the thread function sees: something to run.
private class AnyJob {
    func run() {}
}

/// The work the thread runs and its answer (a class, so a C thread function can receive it as a
/// pointer). `@unchecked Sendable`: the thread writes `result` before `pthread_join` returns,
/// and the caller reads it only after.
private final class Job<Value>: AnyJob, @unchecked Sendable {
    let body: @Sendable () -> Value
    var result: Value?

    init(_ body: @escaping @Sendable () -> Value) { self.body = body }

    override func run() { result = body() }
}

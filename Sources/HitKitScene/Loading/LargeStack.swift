import Foundation

/// Runs recursive work (parsing and decoding nested JSON) on a thread with a large stack.
///
/// Decoding recurses once per nesting level, and a debug build's frames are large: a scene a
/// few hundred views deep would overflow the 8 MiB stack of a main thread, or the smaller one of
/// a secondary thread. The reserved stack is virtual memory: only the pages touched are committed.
enum LargeStack {
    static let stackBytes = 1 << 30

    static func run<Value>(_ body: @escaping () -> Value) -> Value {
        let box = ResultBox<Value>()
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let work = body
        let thread = Thread {
            box.value = work()
            finished.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        finished.wait()
        return box.value!
    }
}

/// Carries a value from the worker thread back to the waiting caller; the semaphore orders the
/// write before the read.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

// The C calls under way on one thread. Destroy notifications (UserData.swift) wait for the
// outermost call to finish, so that C code they run never sees HitKit halfway through its work.
//
// A call that may run C code or let go of user data counts itself in (EntryPoints.swift): a
// full call finds its thread's state through a thread-specific key; a frame, and a hit test of a
// store whose views call C, through its app or store, which keeps its owner thread's (so they
// look nothing up per thread).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class CurrentCall {
    private struct State {
        /// How deeply C calls are nested (a callback calling HitKit is one level deeper).
        var nesting = 0
        /// Destroy notifications waiting for the outermost call to return.
        var pendingNotifications: [(DestroyNotify, UnsafeMutableRawPointer?)] = []
    }

    private let state = ThreadConfined(State())

    /// The calling thread's state, made on first use and freed with the thread.
    static var onThisThread: CurrentCall {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<CurrentCall>.fromOpaque(existing).takeUnretainedValue()
        }
        let call = CurrentCall()
        pthread_setspecific(key, Unmanaged.passRetained(call).toOpaque())
        return call
    }

    /// Queues `destroy(pointer)` for when the outermost C call returns.
    func notifyWhenDone(_ destroy: DestroyNotify, _ pointer: UnsafeMutableRawPointer?) {
        state.value.pendingNotifications.append((destroy, pointer))
    }

    /// Runs `body` as one C call. The caller then runs the notifications due
    /// (`runNotificationsDue`).
    @inline(__always)
    func run(_ body: () -> Int32) -> Int32 {
        state.value.nesting += 1
        let status = body()
        state.value.nesting -= 1
        return status
    }

    /// Whether the outermost call just returned with notifications queued.
    var hasNotificationsDue: Bool {
        state.value.nesting == 0 && !state.value.pendingNotifications.isEmpty
    }

    /// Runs the queued notifications once the outermost call is over (each may call HitKit and
    /// queue more, which run in turn).
    func runNotificationsDue() {
        while hasNotificationsDue {
            let (destroy, pointer) = state.value.pendingNotifications.removeFirst()
            destroy(pointer)
        }
    }
}

/// The thread-specific slot of `CurrentCall.onThisThread`; its destructor releases a finished
/// thread's state.
private let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<CurrentCall>.fromOpaque(pointer).release() }
    }
    return key
}()

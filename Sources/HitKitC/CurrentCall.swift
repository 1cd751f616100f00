// The C call under way on each thread. Two things need to know about it:
// - destroy notifications (UserData.swift) wait for the outermost call to finish, so that C code
//   they run never sees HitKit halfway through its work;
// - view-handle owner checks (ViewHandles.swift) compare the tags of the handles a call decodes
//   with the tag of the store or app it looked up, and each call, a callback's nested one
//   included, has its own.

import Glibc

/// The view-handle checks of one C call: the owner tag of the store or app it looked up, the tags
/// of handles decoded before that lookup, and what went wrong.
struct HandleOwnerCheck {
    var tag: Int32?
    var tagsBeforeLookup: [Int32] = []
    var foreignTag: Int32?
    var overLimit = false
}

/// Per thread: how deeply C calls are nested (a callback calling HitKit is one level deeper), the
/// destroy notifications waiting for the outermost call to return, and the handle checks of the
/// innermost call.
final class CurrentCall {
    private var nesting = 0
    private var pendingNotifications: [(DestroyNotify, UnsafeMutableRawPointer?)] = []
    var handleCheck = HandleOwnerCheck()

    /// The calling thread's state, made on first use and freed with the thread.
    static var onThisThread: CurrentCall {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<CurrentCall>.fromOpaque(existing).takeUnretainedValue()
        }
        let state = CurrentCall()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Queues `destroy(pointer)` for when the outermost C call returns.
    func notifyWhenDone(_ destroy: DestroyNotify, _ pointer: UnsafeMutableRawPointer?) {
        pendingNotifications.append((destroy, pointer))
    }

    /// Runs `body` as one C call, with handle checks of its own (a callback's nested call must not
    /// see or change its caller's); the outermost call then runs the queued notifications (each
    /// may call HitKit and queue more, which run in turn).
    static func run<T>(_ body: () -> T) -> T {
        let state = onThisThread
        // Tags decoded just before (an entry point reading its arguments) belong to this call.
        let callerCheck = state.handleCheck
        state.handleCheck = HandleOwnerCheck(tagsBeforeLookup: callerCheck.tagsBeforeLookup)
        state.nesting += 1
        let result = body()
        state.nesting -= 1
        state.handleCheck = callerCheck
        state.handleCheck.tagsBeforeLookup = []
        if state.nesting == 0 {
            while !state.pendingNotifications.isEmpty {
                let (destroy, pointer) = state.pendingNotifications.removeFirst()
                destroy(pointer)
            }
        }
        return result
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

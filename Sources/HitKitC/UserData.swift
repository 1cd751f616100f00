// The `user_data` pointers C hands over with an `hk_destroy_notify`: HitKit calls the notify
// exactly once, when it lets go of the pointer — the callback is replaced or cleared, or the
// object it belongs to (view, recognizer, control action, controller, app, store) is destroyed.
//
// The notify never runs in the middle of HitKit's own work: a release can happen deep inside an
// edit (a view freed while its app tears down, under the handle registry's lock), where a C call
// back into HitKit would deadlock or see half-changed state. So a released `UserData` only queues
// its notify on the calling thread, and the outermost C entry point runs the queue just before it
// returns (`CallDepth`). A notify may therefore call HitKit, like any C code outside a callback.

import Glibc

/// `hk_destroy_notify`: called with the user data it was registered with.
public typealias DestroyNotify = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// A C user-data pointer and its destroy notification, alive as long as HitKit holds the pointer.
final class UserData {
    let pointer: UnsafeMutableRawPointer?
    private let destroy: DestroyNotify?

    init(_ pointer: UnsafeMutableRawPointer?, destroy: DestroyNotify?) {
        self.pointer = pointer
        self.destroy = destroy
    }

    deinit {
        if let destroy { CallDepth.current.pending.append((destroy, pointer)) }
    }
}

/// Per thread: how deep the C entry points are nested (a callback calling HitKit again is one
/// level deeper) and the destroy notifications waiting for the outermost one to finish.
final class CallDepth {
    var depth = 0
    var pending: [(DestroyNotify, UnsafeMutableRawPointer?)] = []
    /// The current call's view-handle checks (ViewHandles.swift): the owner tag of the store or
    /// app it looked up, tags decoded before that, and what went wrong.
    var tag: Int32?
    var pendingTags: [Int32] = []
    var foreignTag: Int32?
    var overLimit = false

    /// The calling thread's state, made on first use and freed with the thread.
    static var current: CallDepth {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<CallDepth>.fromOpaque(existing).takeUnretainedValue()
        }
        let state = CallDepth()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Runs `body` as one C call, with handle checks of its own (a callback's nested call must not
    /// see or change its caller's); the outermost call then runs the queued notifications (each
    /// may call HitKit and queue more, which run in turn).
    static func entering<T>(_ body: () -> T) -> T {
        let state = current
        // Tags decoded just before (an entry point reading its arguments) belong to this call.
        let saved = (state.tag, state.foreignTag, state.overLimit)
        (state.tag, state.foreignTag, state.overLimit) = (nil, nil, false)
        state.depth += 1
        let result = body()
        state.depth -= 1
        (state.tag, state.foreignTag, state.overLimit) = saved
        state.pendingTags = []
        if state.depth == 0 {
            while !state.pending.isEmpty {
                let (destroy, pointer) = state.pending.removeFirst()
                destroy(pointer)
            }
        }
        return result
    }
}

/// The thread-specific slot of `CallDepth.current`; its destructor releases a finished thread's state.
private let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
        if let pointer { Unmanaged<CallDepth>.fromOpaque(pointer).release() }
    }
    return key
}()

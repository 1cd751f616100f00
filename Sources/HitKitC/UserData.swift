// The `user_data` pointers C hands over with an `hk_destroy_notify`: HitKit calls the notify
// exactly once, when it lets go of the pointer — the callback is replaced or cleared, or the
// object it belongs to (view, recognizer, control action, controller, app, store) is destroyed.
//
// The notify never runs in the middle of HitKit's own work: a release can happen deep inside an
// edit (a view freed while its app tears down, under the handle registry's lock), where a C call
// back into HitKit would deadlock or see half-changed state. So a released `UserData` only queues
// its notify on the calling thread, and the outermost C entry point runs the queue just before it
// returns (`CurrentCall`). A notify may therefore call HitKit, like any C code outside a callback.

import HitKit

/// `hk_destroy_notify`: called with the user data it was registered with.
public typealias DestroyNotify = @convention(c) (UnsafeMutableRawPointer?) -> Void

/// A C user-data pointer and its destroy notification, alive as long as HitKit holds the pointer.
final class UserData {
    let pointer: UnsafeMutableRawPointer?
    private var destroy: DestroyNotify?
    /// Whether the callback holding it was replaced, cleared or destroyed (``CObservation/end()``):
    /// a delivery calling C once per touch or press of a set then tells it no more of the set,
    /// though the set's loop still holds it. Thread-confined, as a plain property (the promise in
    /// ThreadConfined.swift): read before each call out, written by the owner thread's calls.
    #if HITKIT_INTERNAL_CHECKS
    var isLetGo = false
    #else
    @exclusivity(unchecked) var isLetGo = false
    #endif

    init(_ pointer: UnsafeMutableRawPointer?, destroy: DestroyNotify?) {
        self.pointer = pointer
        self.destroy = destroy
    }

    /// Hands the pointer back to C without a notification: the call that was to keep it was
    /// refused, and a refused call takes nothing (Docs/CAPI.md, "Callbacks and user data").
    func giveBack() {
        destroy = nil
    }

    deinit {
        if let destroy { CurrentCall.onThisThread.notifyWhenDone(destroy, pointer) }
    }
}

/// Runs `body`, the step that hands `data` to HitKit; if it is refused, gives `data` back.
func keeping(_ data: UserData?, _ body: () throws(CFailure) -> Void) throws(CFailure) {
    do {
        try body()
    } catch {
        data?.giveBack()
        throw error
    }
}

/// A C callback installed as an observer of a view's or responder's calls, with the user data it
/// holds: ended, it tells the user data first, for a loop of the delivery under way that may
/// be calling C about the next touch or press of its set.
struct CObservation {
    let token: ObservationToken
    let userData: UserData

    func end() {
        userData.isLetGo = true
        token.cancel()
    }
}

// An app's delivery as C sees it: whether a frame or callback is under way (callbacks must not
// re-enter the delivery or free the app), what the last frame rejected, and the event of the
// touch callback running now.

import HitKit

struct DeliveryState {
    /// Above 0 while the app delivers (a frame, an advance, a removal that cancels touches) or
    /// runs one of its C callbacks (`callingOut`).
    var depth = 0
    /// The touches rejected by the last frame or advance.
    var rejections: [InputError.Rejection] = []
    /// Touches of the last frame refused here for a phase outside HK_PHASE_ (never sent on).
    var badPhaseTouches: [Int] = []
    /// Key events of the last key frame refused here for a phase outside HK_KEY_, by index.
    var badPhaseKeys: [Int] = []
    /// The C indices of the last frame's key events sent on (an event with a bad phase is not):
    /// the façade names a key by its index among these. Written with ``rejections``, after the
    /// frame's delivery, so that a callback reading the last frame's rejections during the next
    /// frame reads them through the table of the frame they belong to.
    var sentKeys: [Int] = []
    /// What the last frame did (its unhandled keys): arrays of its own, copied from the
    /// keyboard's, which the next frame empties in place (sharing them would copy them then).
    var outcome = FrameOutcome()
    /// The event of the touch callback under way, for its touches' samples (Samples.swift).
    var eventInCallback: Event?
}

extension ThreadConfined where Value == DeliveryState {
    /// Runs a call out to one of the app's C callbacks. The app counts as delivering meanwhile,
    /// so the callback's frame, advance or destroying of the app is refused (HK_ERR_BUSY),
    /// whichever of the app's calls ran it.
    @inline(__always) @discardableResult
    func callingOut<T>(_ body: () -> T) -> T {
        value.depth += 1
        defer { value.depth -= 1 }
        return body()
    }
}

/// The frame an app's C calls fill and send: one per app, reused, so that a stream of frames
/// copies, retains and allocates nothing on the C side (Input.swift).
///
/// Its promise, written once: only the app's owner thread touches it, and only while the app
/// is not delivering (a frame call from one of its callbacks is refused with HK_ERR_BUSY before
/// it touches the scratch), so the frame the façade is reading is never written meanwhile.
/// Under HITKIT_INTERNAL_CHECKS `reset` checks both.
final class FrameScratch {
    struct Frame {
        var input = InputFrame(timestamp: 0)
        /// Touches of the frame refused here for a phase outside HK_PHASE_ (never sent on).
        var badPhases: [Int] = []
        /// Key events of the frame refused here for a phase outside HK_KEY_, by C index.
        var badKeyPhases: [Int] = []
        /// The C index of each key event of the frame sent on, in order (DeliveryState.sentKeys).
        var sentKeys: [Int] = []
        /// The last pointer frame's pointer, kept for the next to fill in place (``setPointer``):
        /// nil while ``input``'s pointer is not.
        var sparePointer: PointerInput?
    }

    private let frame = UnsafeMutablePointer<Frame>.allocate(capacity: 1)
    #if HITKIT_INTERNAL_CHECKS
    private let thread = currentThread()
    #endif

    init() {
        frame.initialize(to: Frame())
    }

    deinit {
        frame.deinitialize(count: 1)
        frame.deallocate()
    }

    /// The frame for a call at `timestamp`, emptied of everything but its touches (which the
    /// call overwrites in place).
    func reset(timestamp: Double, delivering: Bool) -> UnsafeMutablePointer<Frame> {
        #if HITKIT_INTERNAL_CHECKS
        precondition(thread == currentThread() && !delivering, "the frame scratch is in use")
        #endif
        frame.pointee.input.timestamp = timestamp
        if case .some = frame.pointee.input.pointer { swap(&frame.pointee.input.pointer, &frame.pointee.sparePointer) }
        frame.pointee.input.scroll = nil
        frame.pointee.input.touchpadGesture = nil
        if !frame.pointee.input.keys.isEmpty { frame.pointee.input.keys.removeAllKeepingCapacity() }
        if !frame.pointee.badPhases.isEmpty { frame.pointee.badPhases.removeAllKeepingCapacity() }
        if !frame.pointee.badKeyPhases.isEmpty { frame.pointee.badKeyPhases.removeAllKeepingCapacity() }
        if !frame.pointee.sentKeys.isEmpty { frame.pointee.sentKeys.removeAllKeepingCapacity() }
        return frame
    }

    /// Lends the frame to `body` (the façade's send): it moves out of the scratch for the call
    /// and back after it, so it is borrowed from a local, not copied (and retained) for the call.
    func lend<R>(_ body: (Frame) -> R) -> R {
        let lent = frame.move()
        let result = body(lent)
        frame.initialize(to: consume lent)
        return result
    }
}

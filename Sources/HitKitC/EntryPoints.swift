// How an entry point runs. Each catches every failure and returns its status (HK_OK or the code,
// with the message kept for hk_last_error_message), so no Swift error or trap crosses into C.
// There are three kinds:
// - a full call (`guarded`): counts itself in on its thread (CurrentCall) so that destroy
//   notifications wait for the outermost call, and looks its store or app up under the
//   registry's lock. Every entry point that may let go of user data or call C is one.
// - a query on a store or snapshot (`storeQuery`, `snapshotQuery`): calls no C and lets go of
//   nothing, so it needs no per-thread state; it finds its box through the lock-free tables and
//   borrows it. A store whose views have had C hit-test callbacks is queried as a full call.
// - an input frame (`frameCall`): calls C, so it counts itself in, on the call state its app
//   keeps for its owner thread.
// A lookup that fails takes the full call's path, whose locked lookup says why (NULL, stale,
// wrong thread, wrong kind): the status does not depend on the path. That path is out of line,
// so the fast one keeps few registers; a query passes its body as an `@inline(__always)` local
// function, which the compiler inlines where a closure literal used on both paths stays a call.

import HitTestCore

/// Runs a full call.
func guarded(_ body: () throws(CFailure) -> Void) -> Int32 {
    let call = CurrentCall.onThisThread
    let status = call.run { statusOf(body) }
    if call.hasNotificationsDue { call.runNotificationsDue() }
    return status
}

/// A query of the store behind `pointer`.
@inline(__always)
func storeQuery(_ pointer: UnsafeRawPointer?, _ body: (StoreBox) throws(CFailure) -> Void) -> Int32 {
    if let slot = HandleTable.objects.liveSlot(pointer), slot.isOwned(as: .store) {
        checkLookup(pointer, .store)
        return slot.withObject(as: StoreBox.self) { box in statusOf { () throws(CFailure) in try body(box) } }
    }
    return fullStoreQuery(pointer, body)
}

/// A store query that needs the full call's path: its lookup failed, or it may call C.
@inline(never)
func fullStoreQuery(_ pointer: UnsafeRawPointer?, _ body: (StoreBox) throws(CFailure) -> Void) -> Int32 {
    guarded { () throws(CFailure) in try body(try storeBox(pointer)) }
}

/// A query of the snapshot behind `pointer`, from any thread: while it runs, the snapshot's
/// release (on another thread) waits for it.
@inline(__always)
func snapshotQuery(_ pointer: UnsafeRawPointer?, _ body: (SnapshotBox) throws(CFailure) -> Void) -> Int32 {
    let token = UInt(bitPattern: pointer)
    if let slot = HandleTable.snapshots.slot(named: token), slot.enterReader(token) {
        defer { slot.leaveReader() }
        checkSnapshotLookup(pointer)
        return slot.withObject(as: SnapshotBox.self) { box in statusOf { () throws(CFailure) in try body(box) } }
    }
    return fullSnapshotQuery(pointer, body)
}

@inline(never)
private func fullSnapshotQuery(_ pointer: UnsafeRawPointer?, _ body: (SnapshotBox) throws(CFailure) -> Void) -> Int32 {
    guarded { () throws(CFailure) in try body(try handles.snapshot(pointer)) }
}

/// An input frame (or an advance of time) of the app behind `pointer`. Callbacks cannot
/// destroy the app while it delivers (HK_ERR_BUSY), so it is borrowed for the whole call.
@inline(__always)
func frameCall(_ pointer: UnsafeRawPointer?, _ body: (AppBox) throws(CFailure) -> Void) -> Int32 {
    if let slot = HandleTable.objects.liveSlot(pointer), slot.isOwned(as: .app) {
        checkLookup(pointer, .app)
        var notificationsDue = false
        let status = slot.withObject(as: AppBox.self) { box in
            let status = box.ownerCall.run { statusOf { () throws(CFailure) in try body(box) } }
            notificationsDue = box.ownerCall.hasNotificationsDue
            return status
        }
        // Outside the borrow: a notification may destroy the app.
        if notificationsDue { CurrentCall.onThisThread.runNotificationsDue() }
        return status
    }
    return fullFrameCall(pointer, body)
}

@inline(never)
private func fullFrameCall(_ pointer: UnsafeRawPointer?, _ body: (AppBox) throws(CFailure) -> Void) -> Int32 {
    guarded { () throws(CFailure) in try body(try appBox(pointer)) }
}

/// HK_OK, or the body's failure as the thread's last error and its code.
@inline(__always)
func statusOf(_ body: () throws(CFailure) -> Void) -> Int32 {
    do throws(CFailure) {
        try body()
        return Status.ok.code
    } catch {
        return report(error)
    }
}

/// Records a failure as the calling thread's last error and returns its code.
@inline(never)
func report(_ failure: CFailure) -> Int32 {
    LastError.set(failure.message)
    return failure.status.code
}

/// Runs an engine call, translating its typed error.
@inline(__always)
func engine<T>(_ body: () throws(ViewStoreError) -> T) throws(CFailure) -> T {
    do {
        return try body()
    } catch {
        throw CFailure(error)
    }
}

/// Under HITKIT_INTERNAL_CHECKS, the lock-free lookup must agree with the registry's.
@inline(__always)
func checkLookup(_ pointer: UnsafeRawPointer?, _ kind: HandleKind) {
    #if HITKIT_INTERNAL_CHECKS
    precondition(handles.isLive(pointer, as: kind), "the lock-free lookup found a handle the registry does not have")
    #endif
}

/// Under HITKIT_INTERNAL_CHECKS, a snapshot query counted in must find what the registry says it
/// may read: the live handle, or one whose release waits for the queries counted in.
@inline(__always)
private func checkSnapshotLookup(_ pointer: UnsafeRawPointer?) {
    #if HITKIT_INTERNAL_CHECKS
    precondition(handles.isReadableSnapshot(pointer), "a snapshot query read a handle its release had let go of")
    #endif
}

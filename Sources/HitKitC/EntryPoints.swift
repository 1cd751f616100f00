// How an entry point runs. Each catches every failure and returns its status (HK_OK or the code,
// with the message kept for hk_last_error_message), so no Swift error or trap crosses into C.
// There are three kinds:
// - a full call (`guarded`): counts itself in on its thread (CurrentCall) so that destroy
//   notifications wait for the outermost call, and looks its store or app up under the
//   registry's lock. Every entry point that may let go of user data is one, and every one that
//   may call C but a query and a frame.
// - a query on a store or snapshot (`storeQuery`, `snapshotQuery`): calls no C and lets go of
//   nothing, so it needs no per-thread state; it finds its box through the lock-free tables and
//   borrows it. A query of a store whose views have had C hit-test or point-inside callbacks
//   may call C: it counts itself in as a frame does. A call that cannot call C whatever the
//   store's views do (`storeRead`, `viewCall`: conversions, a view's geometry, flags and
//   neighbours, edits of them included) skips that, as a read of an app does (`appRead`: its
//   getters, from inside its store's callbacks too).
// - an input frame (`frameCall`): calls C, so it counts itself in, on the call state its app
//   keeps for its owner thread (`countedIn`).
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

/// Runs `body` on the store or app behind `pointer`, borrowed through the lock-free table with
/// nothing counted in, if it is this thread's and of `Box`'s kind and, unless `anyStore`, not a
/// store whose queries may call C; else returns nil, for the caller's other path.
@inline(__always)
private func lockFreeCall<Box: HandleBox>(_ pointer: UnsafeRawPointer?, _ type: Box.Type, anyStore: Bool,
                                          _ body: (Box) throws(CFailure) -> Void) -> Int32? {
    guard let slot = HandleTable.objects.liveSlot(pointer),
          anyStore ? slot.isOwnedByThisThread(as: Box.kind) : slot.isOwned(as: Box.kind) else { return nil }
    checkLookup(pointer, Box.kind)
    return slot.withObject(as: Box.self) { box in statusOf { () throws(CFailure) in try body(box) } }
}

/// A query of the store behind `pointer`.
@inline(__always)
func storeQuery(_ pointer: UnsafeRawPointer?, _ body: (StoreBox) throws(CFailure) -> Void) -> Int32 {
    if let status = lockFreeCall(pointer, StoreBox.self, anyStore: false, body) { return status }
    return fullStoreQuery(pointer, body)
}

/// A call on the store behind `pointer` that never calls C, whatever its views do, and lets go
/// of nothing (a conversion; a view's geometry, flags and neighbours, edits included): the
/// lock-free lookup, even for a store whose hit tests call C, with nothing counted in.
@inline(__always)
func storeRead(_ pointer: UnsafeRawPointer?, _ body: (StoreBox) throws(CFailure) -> Void) -> Int32 {
    if let status = lockFreeCall(pointer, StoreBox.self, anyStore: true, body) { return status }
    return fullStoreQuery(pointer, body)
}

/// A call that only reads the app behind `pointer` (or keeps a handle for what it reads, such as
/// a scroll view's pan): it calls no C, lets go of nothing, and works from inside a hit-test
/// callback of the app's store, so it takes the lock-free path with nothing counted in.
@inline(__always)
func appRead(_ pointer: UnsafeRawPointer?, _ body: (AppBox) throws(CFailure) -> Void) -> Int32 {
    if let status = lockFreeCall(pointer, AppBox.self, anyStore: false, body) { return status }
    return fullAppRead(pointer, body)
}

@inline(never)
private func fullAppRead(_ pointer: UnsafeRawPointer?, _ body: (AppBox) throws(CFailure) -> Void) -> Int32 {
    guarded { () throws(CFailure) in try body(try appBox(pointer, reading: true)) }
}

/// A call on the app behind `pointer`: a read (`appRead`), or a full call, which `appBox` refuses
/// from inside a hit-test callback of the app's store.
@inline(__always)
func appCall(_ pointer: UnsafeRawPointer?, reading: Bool, _ body: (AppBox) throws(CFailure) -> Void) -> Int32 {
    reading ? appRead(pointer, body) : fullAppCall(pointer, body)
}

/// A `storeRead` of one view of the store behind `pointer` (owned or borrowed), its handle checked.
@inline(__always)
func viewCall(_ pointer: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
              _ body: (ViewStore, ViewID) throws(CFailure) -> Void) -> Int32 {
    @inline(__always) func call(_ box: StoreBox) throws(CFailure) { try body(box.store, try box.viewID(vi, vg)) }
    return storeRead(pointer, call)
}

/// An edit of a view's row (a flag, its geometry, alpha or hit area): on an app's store, the
/// app's façade then follows it as it follows the same edit through its setters.
func viewEdit(_ pointer: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32,
              _ body: (ViewStore, ViewID) throws(CFailure) -> Void) -> Int32 {
    storeRead(pointer) { box throws(CFailure) in
        try body(box.store, try box.viewID(vi, vg))
        box.application?.storeWasEdited()
    }
}

/// A store query off the lock-free path: one that may call C, counted in on the store's owner
/// thread; or a failed lookup, which the full call's locked lookup explains.
@inline(never)
func fullStoreQuery(_ pointer: UnsafeRawPointer?, _ body: (StoreBox) throws(CFailure) -> Void) -> Int32 {
    if let slot = HandleTable.objects.liveSlot(pointer), slot.isOwnedByThisThread(as: .store) {
        checkLookup(pointer, .store)
        return countedIn(slot, as: StoreBox.self, body)
    }
    return guarded { () throws(CFailure) in try body(try storeBox(pointer)) }
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

/// A snapshot query off the lock-free path: a failed lookup, which the full call's locked lookup
/// explains (NULL, released, not a snapshot), or arguments an entry point's fast path refuses.
@inline(never)
func fullSnapshotQuery(_ pointer: UnsafeRawPointer?, _ body: (SnapshotBox) throws(CFailure) -> Void) -> Int32 {
    guarded { () throws(CFailure) in try body(try handles.snapshot(pointer)) }
}

/// An input frame (or an advance of time) of the app behind `pointer`. Callbacks cannot
/// destroy the app while it delivers (HK_ERR_BUSY), so it is borrowed for the whole call.
@inline(__always)
func frameCall(_ pointer: UnsafeRawPointer?, _ body: (AppBox) throws(CFailure) -> Void) -> Int32 {
    if let slot = HandleTable.objects.liveSlot(pointer), slot.isOwned(as: .app) {
        checkLookup(pointer, .app)
        return countedIn(slot, as: AppBox.self, body)
    }
    return fullAppCall(pointer, body)
}

/// A box that keeps the call state of its owner thread, the only one its calls come from.
protocol OwnerThreadCalls: HandleBox {
    var ownerCall: CurrentCall { get }
}

extension AppBox: OwnerThreadCalls {}
extension StoreBox: OwnerThreadCalls {}

/// Runs `body` on the box of an owned live slot as one C call, counted in on the owner thread's
/// call state that the box keeps (no per-thread lookup): destroy notifications queued meanwhile
/// wait for the outermost call.
@inline(__always)
func countedIn<Box: OwnerThreadCalls>(_ slot: UnsafeMutablePointer<HandleSlot>, as type: Box.Type,
                                      _ body: (Box) throws(CFailure) -> Void) -> Int32 {
    var notificationsDue = false
    let status = slot.withObject(as: Box.self) { box in
        let status = box.ownerCall.run { statusOf { () throws(CFailure) in try body(box) } }
        notificationsDue = box.ownerCall.hasNotificationsDue
        return status
    }
    // Outside the borrow: a notification may destroy the box.
    if notificationsDue { CurrentCall.onThisThread.runNotificationsDue() }
    return status
}

/// A full call on the app behind `pointer`: a frame whose lookup failed (the locked lookup says
/// why), or a call that may call C or let go of user data.
@inline(never)
private func fullAppCall(_ pointer: UnsafeRawPointer?, _ body: (AppBox) throws(CFailure) -> Void) -> Int32 {
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
func report(_ failure: consuming CFailure) -> Int32 {
    LastError.set(failure.message)
    return failure.status.code
}

/// Runs an engine call, translating its typed error.
@inline(__always)
func engine<T>(_ body: () throws(ViewStoreError) -> T) throws(CFailure) -> T {
    do {
        return try body()
    } catch {
        try throwEngineFailure(error)
    }
}

@inline(never)
private func throwEngineFailure(_ error: ViewStoreError) throws(CFailure) -> Never {
    throw CFailure(error)
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
func checkSnapshotLookup(_ pointer: UnsafeRawPointer?) {
    #if HITKIT_INTERNAL_CHECKS
    precondition(handles.isReadableSnapshot(pointer), "a snapshot query read a handle its release had let go of")
    #endif
}

// hk_store_snapshot, hk_snapshot_hit_test, hk_snapshot_convert and hk_snapshot_release: immutable
// copies of a store that any thread may query (ViewStore.snapshot()). The documented exception
// to the owner-thread rule: the snapshot functions other than hk_store_snapshot may be called
// from any thread, and a released or made-up snapshot pointer is a status, never a crash.

import CHitKit
import HitTestCore

/// The live snapshots C holds, by token. Tokens never repeat and come from their own range, so
/// a released snapshot (a token issued before) and a pointer never issued as a snapshot are told
/// apart without dereferencing either.
final class SnapshotRegistry: @unchecked Sendable {
    private struct Entry {
        let snapshot: ViewStoreSnapshot
        /// The owner tag of the store it was taken from: its view handles carry it.
        let tag: Int32
    }

    private static let firstToken: UInt = 0x2000_0000
    private static let tokenStep: UInt = 16
    private let lock = Lock()
    private var entries: [UInt: Entry] = [:]
    private var nextToken = firstToken

    func register(_ snapshot: ViewStoreSnapshot, tag: Int32) -> UnsafeMutableRawPointer {
        lock.withLock {
            let token = nextToken
            nextToken += Self.tokenStep
            entries[token] = Entry(snapshot: snapshot, tag: tag)
            return UnsafeMutableRawPointer(bitPattern: token)!
        }
    }

    /// The snapshot behind `pointer`, with its store's tag entered for the call's view handles.
    func snapshot(_ pointer: UnsafeRawPointer?) throws(CFailure) -> ViewStoreSnapshot {
        let entry = try lock.withLock { self.entry(pointer) }.get()
        ViewHandles.enter(tag: entry.tag)
        try ViewHandles.checkPending()
        return entry.snapshot
    }

    /// Lets go of a snapshot; the memory goes when no other thread's query still reads it.
    func release(_ pointer: UnsafeRawPointer?) throws(CFailure) {
        let removed = lock.withLock { () -> Result<Entry, CFailure> in
            self.entry(pointer).map { _ in self.entries.removeValue(forKey: UInt(bitPattern: pointer))! }
        }
        _ = try removed.get()  // the snapshot is released here, outside the lock
    }

    /// Must be called holding the lock.
    private func entry(_ pointer: UnsafeRawPointer?) -> Result<Entry, CFailure> {
        guard let pointer else { return .failure(CFailure(.invalidArgument, "the hk_snapshot is NULL")) }
        let token = UInt(bitPattern: pointer)
        if let entry = entries[token] { return .success(entry) }
        let issued = token >= Self.firstToken && token < nextToken && (token - Self.firstToken) % Self.tokenStep == 0
        if issued { return .failure(CFailure(.staleHandle, "the hk_snapshot \(pointer) was released")) }
        return .failure(CFailure(.foreignHandle, "\(pointer) is not an hk_snapshot (never returned by hk_store_snapshot)"))
    }
}

let snapshots = SnapshotRegistry()

@_cdecl("hk_store_snapshot")
public func hk_store_snapshot(_ store: UnsafeMutableRawPointer?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out)
        writeC(snapshots.register(box.store.snapshot(), tag: box.tag), to: out)
    }
}

/// `kind` receives HK_SNAPSHOT_HIT, HK_SNAPSHOT_MISS or HK_SNAPSHOT_ASK; `view` the view hit or
/// the view to ask about (hk_no_view() for a miss).
@_cdecl("hk__snapshot_hit_test")
public func hk__snapshot_hit_test(_ snapshot: UnsafeRawPointer?, _ x: Double, _ y: Double,
                                  _ kind: UnsafeMutableRawPointer?, _ view: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let taken = try snapshots.snapshot(snapshot)
        let kind = try required(kind, "kind"), view = try required(view, "view")
        try requireFinite(x, y, what: "point")
        switch taken.hitTest(screenPoint: Point(x, y)) {
        case .hit(let id):
            writeC(HK_SNAPSHOT_HIT, to: kind)
            write(id, to: view)
        case .miss:
            writeC(HK_SNAPSHOT_MISS, to: kind)
            write(nil, to: view)
        case .ask(let id):
            writeC(HK_SNAPSHOT_ASK, to: kind)
            write(id, to: view)
        }
    }
}

@_cdecl("hk__snapshot_convert")
public func hk__snapshot_convert(_ snapshot: UnsafeRawPointer?, _ x: Double, _ y: Double, _ fi: Int32, _ fg: UInt32,
                                 _ ti: Int32, _ tg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let taken = try snapshots.snapshot(snapshot), out = try required(out)
        try requireFinite(x, y, what: "point")
        let from = coordinateSpace(fi, fg), to = coordinateSpace(ti, tg)
        writeC(hk_point(try engine { () throws(ViewStoreError) in
            try taken.convert(Point(x, y), from: from, to: to)
        }), to: out)
    }
}

@_cdecl("hk_snapshot_release")
public func hk_snapshot_release(_ snapshot: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in try snapshots.release(snapshot) }
}

// hk_store_snapshot, hk_snapshot_hit_test, hk_snapshot_convert and hk_snapshot_release: immutable
// copies of a store that any thread may query (ViewStore.snapshot()). The documented exception
// to the owner-thread rule: the snapshot functions other than hk_store_snapshot may be called
// from any thread, and a released or made-up snapshot pointer is a status, never a crash.

import CHitKit
import HitTestCore

/// What an `hk_snapshot *` points at: the snapshot, and the owner tag of the store it was taken
/// from (its view handles carry it).
final class SnapshotBox: HandleBox {
    static let kind = HandleKind.snapshot
    let snapshot: ViewStoreSnapshot
    let tag: Int32

    init(_ snapshot: ViewStoreSnapshot, tag: Int32) {
        self.snapshot = snapshot
        self.tag = tag
    }
}

@_cdecl("hk_store_snapshot")
public func hk_store_snapshot(_ store: UnsafeMutableRawPointer?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try storeBox(store), out = try required(out)
        writeC(try handles.register(SnapshotBox(box.store.snapshot(), tag: box.tag)), to: out)
    }
}

/// `kind` receives HK_SNAPSHOT_HIT, HK_SNAPSHOT_MISS or HK_SNAPSHOT_ASK; `view` the view hit or
/// the view to ask about (hk_no_view() for a miss).
@_cdecl("hk__snapshot_hit_test")
public func hk__snapshot_hit_test(_ snapshot: UnsafeRawPointer?, _ x: Double, _ y: Double,
                                  _ kind: UnsafeMutableRawPointer?, _ view: UnsafeMutableRawPointer?) -> Int32 {
    // Written out, as hk_hit_test_screen is: its failures are calls out of line that return
    // their status, so the path of an answer keeps few registers across the engine's call.
    let token = UInt(bitPattern: snapshot)
    guard let kind, let view, let slot = HandleTable.snapshots.slot(named: token), slot.enterReader(token) else {
        // A failed lookup (the full call says why) or a NULL out pointer.
        return fullSnapshotQuery(snapshot) { box throws(CFailure) in
            let kind = try required(kind, "kind"), view = try required(view, "view")
            try requireFinite(x, y, what: "point")
            box.write(box.snapshot.hitTest(screenPoint: Point(x, y)), kind: kind, view: view)
        }
    }
    defer { slot.leaveReader() }
    checkSnapshotLookup(snapshot)
    return slot.withObject(as: SnapshotBox.self) { box in
        let answer = box.snapshot.hitTest(screenPoint: Point(x, y))
        // A point inside a view is finite, so the point's check costs the other answers alone.
        if case .hit = answer {} else if (x - x) + (y - y) != 0 { return report(notFinite("point")) }
        box.write(answer, kind: kind, view: view)
        return Status.ok.code
    }
}

@_cdecl("hk_snapshot_hit_test_points")
public func hk_snapshot_hit_test_points(_ snapshot: UnsafeRawPointer?, _ points: UnsafeRawPointer?, _ count: UInt,
                                        _ kinds: UnsafeMutableRawPointer?, _ views: UnsafeMutableRawPointer?) -> Int32 {
    // As hk_hit_test_screen_points: the lookup, the count of readers and the arrays' checks
    // happen once for the whole array, so a point costs the engine's query and a few stores.
    @inline(__always) func query(_ box: SnapshotBox) throws(CFailure) {
        guard count > 0 else { return }
        let points = try required(points, "points").assumingMemoryBound(to: hk_point.self)
        let kinds = try required(kinds, "kinds"), views = try required(views, "views")
        let owner = box.ownerTag
        try answerEachPoint(points, count, outArrays: ["kinds", "views"]) { end in
            answerSnapshotPoints(box.snapshot, points, end, kinds, views, owner)
        }
    }
    return snapshotQuery(snapshot, query)
}

/// hk_snapshot_hit_test_points' loop, out of line as hk_hit_test_screen_points' is: one index
/// for the three arrays, and no point kept across the engine's call.
@inline(never)
private func answerSnapshotPoints(_ snapshot: ViewStoreSnapshot, _ points: UnsafePointer<hk_point>, _ end: Int,
                                  _ kinds: UnsafeMutableRawPointer, _ views: UnsafeMutableRawPointer,
                                  _ owner: OwnerTag) {
    var index = 0
    while index != end {
        owner.write(snapshot.hitTest(screenPoint: Point(points[index].x, points[index].y)),
                    kind: kinds + index &* MemoryLayout<hk_snapshot_answer>.stride,
                    view: views + index &* MemoryLayout<hk_view>.stride)
        index &+= 1
    }
}

extension ViewHandleOwner {
    /// Writes a snapshot hit test's answer: its kind, and the view hit or to ask about.
    @inline(__always)
    func write(_ answer: SnapshotAnswer, kind: UnsafeMutableRawPointer, view: UnsafeMutableRawPointer) {
        switch answer {
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
    @inline(__always) func query(_ box: SnapshotBox) throws(CFailure) {
        let out = try required(out)
        try requireFinite(x, y, what: "point")
        let from = try box.coordinateSpace(fi, fg), to = try box.coordinateSpace(ti, tg)
        writeC(hk_point(try engine { () throws(ViewStoreError) in
            try box.snapshot.convert(Point(x, y), from: from, to: to)
        }), to: out)
    }
    return snapshotQuery(snapshot, query)
}

@_cdecl("hk_snapshot_release")
public func hk_snapshot_release(_ snapshot: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in try handles.releaseSnapshot(snapshot) }
}

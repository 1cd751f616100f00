// hk_hit_test_screen, hk_hit_test_screen_points, hk_hit_test_view and hk_convert_point/rect
// (Behaviour A1, A2): queries, so each costs the engine's query and a few loads and compares
// (EntryPoints.swift).

import CHitKit
import HitTestCore

@_cdecl("hk__hit_test_screen")
public func hk__hit_test_screen(_ store: UnsafeRawPointer?, _ x: Double, _ y: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    // The query a host makes for every pointer event, written out rather than through
    // `storeQuery`: its failures are calls out of line that return their status, so the path of
    // an answer keeps only the out pointer, the box and the point across the engine's call.
    guard let out, let slot = HandleTable.objects.liveSlot(store), slot.isOwned(as: .store) else {
        // A failed lookup (the full call says why), a NULL `out`, or a store whose queries may call C.
        return fullStoreQuery(store) { box throws(CFailure) in
            let out = try required(out), answer = box.store.hitTest(screenPoint: Point(x, y))
            if answer == nil { try requireFinite(x, y, what: "point") }
            box.write(answer, to: out)
        }
    }
    checkLookup(store, .store)
    return slot.withObject(as: StoreBox.self) { box in
        // Only a finite point hits a view (the engine refuses the others before any callback),
        // so the point's check costs misses alone.
        guard let answer = box.store.hitTest(screenPoint: Point(x, y)) else { return screenMiss(x, y, out) }
        box.writeAnswer(answer, to: out)
        return Status.ok.code
    }
}

/// hk_hit_test_screen's miss: no view, or a point that is not finite.
@inline(never)
private func screenMiss(_ x: Double, _ y: Double, _ out: UnsafeMutableRawPointer) -> Int32 {
    statusOf { () throws(CFailure) in
        try requireFinite(x, y, what: "point")
        writeC(hk_view(index: -1, generation: 0), to: out)
    }
}

@_cdecl("hk_hit_test_screen_points")
public func hk_hit_test_screen_points(_ store: UnsafeRawPointer?, _ points: UnsafeRawPointer?, _ count: UInt,
                                      _ out: UnsafeMutableRawPointer?) -> Int32 {
    // The lookup, the owner check and the arrays' checks happen once for the whole array, so
    // each point costs the engine's query, two loads and a store: what hk_hit_test_screen's
    // checks cost is spread over the points.
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        guard count > 0 else { return }
        let points = try required(points, "points").assumingMemoryBound(to: hk_point.self), out = try required(out)
        // The tag in a struct of its own: the box's would be read again after each engine call.
        let owner = box.ownerTag
        try answerEachPoint(points, count, outArrays: ["out"]) { end in
            answerScreenPoints(box.store, points, end, out, owner)
        }
    }
    return storeQuery(store, query)
}

/// hk_hit_test_screen_points' loop, out of line: around it the call keeps its box and its
/// current call, which inside would take registers the loop wants across the engine's calls. One
/// index for both arrays, and no point kept across the engine's call.
@inline(never)
private func answerScreenPoints(_ store: ViewStore, _ points: UnsafePointer<hk_point>, _ end: Int,
                                _ out: UnsafeMutableRawPointer, _ owner: OwnerTag) {
    var index = 0
    while index != end {
        let slot = out + index &* MemoryLayout<hk_view>.stride
        if let hit = store.hitTest(screenPoint: Point(points[index].x, points[index].y)) {
            owner.writeAnswer(hit, to: slot)
        } else {
            writeC(hk_view(index: -1, generation: 0), to: slot)
        }
        index &+= 1
    }
}

// What the calls that answer many points share (hk_hit_test_screen_points,
// hk_snapshot_hit_test_points).

/// Answers a caller's `count` points through `answer(upTo:)`, which answers the points before
/// the index it is given: all of them when every point is finite, else those before the first
/// that is not, and then the call fails naming that point and `outArrays`, whose elements from
/// there on it leaves as they were; `answer` may be given 0. Its byte offsets may use `&*`: a
/// count this lets through bounds every index to `Int.max / 16`.
@inline(__always)
func answerEachPoint(_ points: UnsafePointer<hk_point>, _ count: UInt, outArrays: @autoclosure () -> [String],
                     _ answer: (_ upTo: Int) -> Void) throws(CFailure) {
    // A point is 16 bytes: more than this many cannot be an array in memory.
    guard count <= UInt(Int.max / 16) else { throw tooManyPoints(count) }
    let end = Int(count), finite = finitePrefix(points, end)
    guard finite == end else {
        answer(finite)
        throw pointNotFinite(at: finite, answersIn: outArrays())
    }
    answer(end)
}

@inline(never)
private func tooManyPoints(_ count: UInt) -> CFailure {
    CFailure(.invalidArgument, "count \(count) is more points than memory holds")
}

/// `arrays` are the out arrays whose elements from `index` on the call leaves as they were.
@inline(never)
private func pointNotFinite(at index: Int, answersIn arrays: [String]) -> CFailure {
    let unwritten = arrays.map { "\($0)[\(index)]" }.joined(separator: ", ")
    return CFailure(.invalidArgument, "points[\(index)] is not finite; the answers before it are written, \(unwritten) and after are not")
}

@_cdecl("hk__hit_test_view")
public func hk__hit_test_view(_ store: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ x: Double, _ y: Double,
                              _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out), id = try box.viewID(vi, vg)
        try requireFinite(x, y, what: "point")
        box.write(try engine { () throws(ViewStoreError) in try box.store.hitTest(Point(x, y), in: id) }, to: out)
    }
    return storeQuery(store, query)
}

@_cdecl("hk__convert_point")
public func hk__convert_point(_ store: UnsafeRawPointer?, _ x: Double, _ y: Double, _ fi: Int32, _ fg: UInt32,
                              _ ti: Int32, _ tg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out)
        try requireFinite(x, y, what: "point")
        let from = try box.coordinateSpace(fi, fg), to = try box.coordinateSpace(ti, tg)
        writeC(hk_point(try engine { () throws(ViewStoreError) in
            try box.store.convert(Point(x, y), from: from, to: to)
        }), to: out)
    }
    return storeRead(store, query)
}

@_cdecl("hk__convert_rect")
public func hk__convert_rect(_ store: UnsafeRawPointer?, _ rect: UnsafeRawPointer?, _ fi: Int32, _ fg: UInt32,
                             _ ti: Int32, _ tg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    @inline(__always) func query(_ box: StoreBox) throws(CFailure) {
        let out = try required(out)
        let c = read(hk_rect.self, from: try required(rect, "rect"))
        let r = try frame(c.x, c.y, c.width, c.height)
        let from = try box.coordinateSpace(fi, fg), to = try box.coordinateSpace(ti, tg)
        writeC(hk_rect(try engine { () throws(ViewStoreError) in
            try box.store.convert(r, from: from, to: to)
        }), to: out)
    }
    return storeRead(store, query)
}

@testable import HitTestCore
import Testing

/// The side tables hold what each view uses: a transform takes two side units, a custom shape three
/// (the shape and its inputs: bounds origin, anchor point, hit-area modifiers); the rarely set
/// state the shape does not use (alpha, overrides, window level) lives apart, only for the views
/// that set it.
@Suite("Compact side tables")
struct SideTableTests {
    @Test("A transformed view takes a transform slot and no rare state")
    func transformOnly() throws {
        let store = ViewStore()
        let view = try store.makeView(frame: Rect(0, 0, 10, 10))
        let t = AffineTransform(rotationAngle: 0.3)
        try store.setTransform(t, of: view)
        #expect(store.firstSideUnit[view.index] != noRow)
        #expect(store.lookups.rareExtras.isEmpty)
        #expect(try store.transform(of: view) == t)
        try store.setTransform(.identity, of: view)
        #expect(try store.transform(of: view) == .identity)
    }

    @Test("Rare state takes no transform slot and reads back")
    func rareOnly() throws {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, 100, 100), level: 2)
        let view = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.setAlpha(0.5, of: view)
        try store.setPointInsideOverride({ _ in true }, of: view)
        #expect(store.firstSideUnit[view.index] == noRow)
        #expect(store.firstSideUnit[window.index] == noRow)
        #expect(try store.alpha(of: view) == 0.5)
        #expect(try store.windowLevel(of: window) == 2)
        // Another anchor point moves the anchor offset off half the size: a shape and its inputs.
        try store.setAnchorPoint(Point(0, 0), of: view)
        #expect(try store.anchorPoint(of: view) == Point(0, 0))
        #expect(store.flags[view.index].sideUnitCount == 3)
        // An inset changes the hit area: it is in the same shape units.
        try store.setHitTestInsets(EdgeInsets(top: -5, left: -5, bottom: -5, right: -5), of: view)
        #expect(store.firstSideUnit[view.index] != noRow)
        #expect(try store.hitArea(of: view) == Rect(-5, -5, 20, 20))
    }

    @Test("A bounds origin and the hit-area inputs live in the shape's units, never in the rare state")
    func shapeInputsInUnits() throws {
        let store = ViewStore()
        let view = try store.makeView(frame: Rect(10, 10, 40, 40))
        try store.setBounds(Rect(-0.0, 30, 40, 40), of: view)
        try store.setAnchorPoint(Point(0.25, 1), of: view)
        try store.setHitTestInsets(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), of: view)
        try store.setMinimumHitSize(Size(width: 50, height: 0), of: view)
        #expect(store.lookups.rareExtras.isEmpty)
        let bounds = try store.bounds(of: view)
        #expect(bounds.origin.x.sign == .minus && bounds == Rect(0, 30, 40, 40))
        #expect(try store.anchorPoint(of: view) == Point(0.25, 1))
        #expect(try store.hitTestInsets(of: view) == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(try store.minimumHitSize(of: view) == Size(width: 50, height: 0))
        // A frame keeps the origin (Behaviour A1), and a transform moves the units, keeping them.
        try store.setFrame(Rect(0, 0, 60, 60), of: view)
        try store.setTransform(AffineTransform(scaleX: 2, y: 2), of: view)
        #expect(try store.bounds(of: view) == Rect(0, 30, 60, 60))
        #expect(try store.hitTestInsets(of: view) == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        // Every input back at its default: the plain shape, no shape units.
        try store.setTransform(.identity, of: view)
        try store.setBounds(Rect(0, 0, 60, 60), of: view)
        try store.setAnchorPoint(Point(0.5, 0.5), of: view)
        try store.setHitTestInsets(.zero, of: view)
        try store.setMinimumHitSize(.zero, of: view)
        #expect(store.firstSideUnit[view.index] == noRow)
        #expect(store.lookups.rareExtras.isEmpty)
    }

    final class Token {}

    @Test("Destroying a view drops its override closures at once")
    func destroyDropsOverrides() throws {
        let store = ViewStore()
        let view = try store.makeView(frame: Rect(0, 0, 10, 10))
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            try store.setHitTestOverride({ _ in _ = token; return nil }, of: view)
        }
        #expect(weakToken != nil)
        try store.destroy(view)
        #expect(weakToken == nil)
        #expect(store.lookups.rareExtras.isEmpty)
    }

    @Test("A row holds 64 bytes; a view pays side units only for a transform (2) and a shape (3)")
    func unitsPerView() throws {
        #expect(ViewStore.bytesPerRow == 64)
        let store = ViewStore()
        let view = try store.makeView(frame: Rect(0, 0, 10, 10))
        #expect(store.flags[view.index].sideUnitCount == 0)
        try store.setTransform(AffineTransform(rotationAngle: 0.3), of: view)
        #expect(store.flags[view.index].sideUnitCount == 2)
        try store.setBounds(Rect(5, -0.0, 10, 10), of: view)
        #expect(store.flags[view.index].sideUnitCount == 5)
        #expect(try store.bounds(of: view).origin.y.sign == .minus)
        #expect(try store.transform(of: view) == AffineTransform(rotationAngle: 0.3))
        try store.setTransform(.identity, of: view)
        #expect(store.flags[view.index].sideUnitCount == 3)
        #expect(try store.bounds(of: view) == Rect(5, 0, 10, 10))
        try store.setBounds(Rect(0, 0, 10, 10), of: view)
        #expect(store.flags[view.index].sideUnitCount == 0)
        #expect(store.firstSideUnit[view.index] == noRow)
    }

    @Test("Freed side units are reused by a view that needs as many")
    func unitsAreReused() throws {
        let store = ViewStore()
        let a = try store.makeView(frame: Rect(0, 0, 10, 10))
        let b = try store.makeView(frame: Rect(0, 0, 10, 10))
        try store.setTransform(AffineTransform(scaleX: 2, y: 2), of: a)
        let inUse = store.storage.sideUnitsInUse
        try store.destroy(a)
        try store.setTransform(AffineTransform(scaleX: 3, y: 2), of: b)
        #expect(store.storage.sideUnitsInUse == inUse)
        #expect(try store.transform(of: b) == AffineTransform(scaleX: 3, y: 2))
    }

    @Test("shrinkToFit drops the chunks reserved beyond the rows and changes no answer")
    func shrinkToFit() throws {
        let store = ViewStore(capacity: 1_000)
        let window = try store.makeWindow(frame: Rect(0, 0, 100, 100))
        var views: [ViewID] = []
        for i in 0..<40 {
            let view = try store.makeView(frame: Rect(Double(i), Double(i), 20, 20))
            if i % 3 == 0 { try store.setTransform(AffineTransform(rotationAngle: Double(i) / 10), of: view) }
            try store.addSubview(view, to: window)
            views.append(view)
        }
        let points = (0..<50).map { Point(x: Double($0) * 1.7, y: Double($0) * 1.9) }
        let before = points.map { store.hitTest(screenPoint: $0) }
        let bytes = store.allocatedBytes
        try store.shrinkToFit()
        #expect(store.allocatedBytes < bytes)
        #expect(store.capacity == 41, "41 rows: one chunk, cut to size")
        #expect(points.map { store.hitTest(screenPoint: $0) } == before)
        // The store still grows afterwards.
        let late = try store.makeView(frame: Rect(0, 0, 100, 100))
        try store.setTransform(AffineTransform(scaleX: 0.5, y: 0.5), of: late)
        try store.addSubview(late, to: window)
        #expect(store.hitTest(screenPoint: Point(x: 50, y: 50)) == late)
    }

    @Test("a last chunk cut to size grows whole again, and snapshots on either side of it keep their answers")
    func lastChunkCutToSize() throws {
        let store = ViewStore(capacity: 1)
        let window = try store.makeWindow(frame: Rect(0, 0, 200, 200))
        // 1 + 99 rows: one whole chunk and one of 36, and side units (two a transformed view)
        // that end inside their second chunk too.
        for i in 0..<99 {
            let view = try store.makeView(frame: Rect(Double(i), Double(i % 50), 30, 30))
            if i % 2 == 0 { try store.setTransform(AffineTransform(rotationAngle: Double(i) / 20), of: view) }
            try store.addSubview(view, to: window)
        }
        let points = (0..<80).map { Point(x: Double($0) * 2.3, y: Double($0 * 7 % 200)) }
        let before = store.snapshot()
        let answers = points.map { store.hitTest(screenPoint: $0) }
        try store.shrinkToFit()
        #expect(store.capacity == 100, "two chunks: 64 rows and 36")
        let cut = store.snapshot()
        #expect(points.map { store.hitTest(screenPoint: $0) } == answers)
        // Growing past the cut chunk makes it whole (a copy: `cut` still holds the short one),
        // then adds chunks; every row and unit written before is still there.
        var late: [ViewID] = []
        for i in 0..<70 {
            let view = try store.makeView(frame: Rect(150, 150, 10 + Double(i % 5), 10))
            try store.setTransform(AffineTransform(scaleX: 0.9, y: 1.1), of: view)
            try store.addSubview(view, to: window)
            late.append(view)
        }
        #expect(store.capacity == 192)
        #expect(store.hitTest(screenPoint: Point(x: 155, y: 155)) == late.last)
        #expect(try store.linksAreConsistent(under: window))
        for (point, answer) in zip(points, answers) {
            let expected = answer.map(SnapshotAnswer.hit) ?? .miss
            #expect(before.hitTest(screenPoint: point) == expected)
            #expect(cut.hitTest(screenPoint: point) == expected)
            if point.x < 140 || point.y < 140 { #expect(store.hitTest(screenPoint: point) == answer) }
        }
    }

    @Test("reserveCapacity(forViews:) gives the rows at once: creating them grows nothing")
    func reserveCapacity() throws {
        let store = ViewStore(capacity: 4)
        let window = try store.makeWindow(frame: Rect(0, 0, 100, 100))
        let doomed = try store.makeView(frame: Rect(0, 0, 1, 1))
        try store.destroy(doomed)  // a freed row, used first
        store.reserveCapacity(forViews: 1_000)
        let reserved = store.capacity
        #expect(reserved == 1_024, "the live window and 1,000 more, to the next chunk of 64 rows")
        let bytes = store.storage.rows.allocatedBytes
        for i in 0..<1_000 {
            try store.addSubview(try store.makeView(frame: Rect(Double(i % 90), 0, 10, 10)), to: window)
        }
        // The rows only: from its 8th to its 63rd subview the window kept a subview reach, one
        // side unit (ViewStore+SubviewReach.swift).
        let bytesAfter = store.storage.rows.allocatedBytes
        #expect(store.capacity == reserved && bytesAfter == bytes)
        store.reserveCapacity(forViews: 100)
        #expect(store.capacity == 1_152, "1,101 rows, to the next chunk")
        store.reserveCapacity(forViews: 0)
        #expect(store.capacity == 1_152, "never shrinks")
        #expect(store.hitTest(screenPoint: Point(x: 95, y: 5))?.index != window.index)
    }
}

import CHitKit
import HitKitC
import HitTestCore
@testable import HitTestDifferential
import Testing

/// The C store against the reference, as the Swift store is checked against it: random forests
/// (windows with levels, detached trees, every attribute of Behaviour A1 and A2) built through
/// the C calls a host makes, then random edits through C — each refused with the status that
/// matches the error the reference predicts, or made on both sides — and after each, screen and
/// view hit tests, point-inside and point and rect conversions through C, answered as the
/// reference answers; and snapshots taken through C on the way answer to the end as the
/// reference did when each was taken (a view with an override named as the one to ask).
/// The hit-test and point-inside overrides are the views' C callbacks, `super` through
/// `hk_view_default_hit_test`.
@Suite("The C store against the reference")
struct StoreThroughCDifferentialTests {
    /// The C side of a ``DifferentialHarness``: the same forest, built and edited through C, with
    /// the handle of each key.
    final class CStore {
        let store = HitKitC.hk_store_create()
        var handles: [hk_view] = []

        init(_ spec: TreeSpec) {
            for node in spec.nodes {
                handles.append(create(window: node.isWindow && node.parent == nil, level: node.windowLevel))
                if let parent = node.parent { #expect(status(.addSubview(child: handles.count - 1, parent: parent)) == Int(HK_OK)) }
            }
            for (key, node) in spec.nodes.enumerated() { set(node.attributes, of: key) }
        }

        deinit { _ = HitKitC.hk_store_destroy(store) }

        static let noView = hk_view(index: Int32(HK_NO_VIEW_INDEX), generation: 0)

        /// The handle of view `key`, or hk_no_view() for `nil` (the screen).
        func handle(_ key: Int?) -> hk_view { key.map { handles[$0] } ?? Self.noView }

        /// The key of a view C answered (`nil` for hk_no_view(), `-1` for a handle never issued).
        func key(of view: hk_view) -> Int? {
            guard view.index != Int32(HK_NO_VIEW_INDEX) else { return nil }
            return handles.firstIndex { $0.index == view.index && $0.generation == view.generation } ?? -1
        }

        func create(window: Bool, level: Double) -> hk_view {
            var view = hk_view()
            let made = window ? hk__window_create(store, 0, 0, 0, 0, level, &view) : hk__view_create(store, 0, 0, 0, 0, &view)
            #expect(made == Int32(HK_OK))
            return view
        }

        /// The attributes in the harness's order (`ViewStore.setAttributes`).
        func set(_ a: ViewAttributes, of key: Int) {
            for edit: Edit in [
                .setBounds(key, a.bounds), .setCenter(key, a.center), .setTransform(key, a.transform),
                .setAnchorPoint(key, a.anchorPoint), .setFlag(key, .hidden, a.isHidden),
                .setFlag(key, .userInteractionEnabled, a.isUserInteractionEnabled), .setFlag(key, .passThrough, a.passThrough),
                .setFlag(key, .hitsOutsideBounds, a.hitsOutsideBounds), .setFlag(key, .redirectsToSuperview, a.redirectsToSuperview),
                .setAlpha(key, a.alpha), .setHitTestInsets(key, a.hitTestInsets), .setMinimumHitSize(key, a.minimumHitSize),
                .setPointInsideRule(key, a.pointInsideRule), .setHitTestRule(key, a.hitTestRule),
            ] {
                #expect(status(edit) == Int(HK_OK), "\(edit)")
            }
        }

        /// Makes `edit` through C; returns its status (an `Int` to compare with the header's names).
        func status(_ edit: Edit) -> Int {
            func v(_ key: Int) -> (Int32, UInt32) { (handles[key].index, handles[key].generation) }
            let status: Int32
            switch edit {
            case .addSubview(let child, let parent):
                status = hk__view_add_subview(store, v(child).0, v(child).1, v(parent).0, v(parent).1)
            case .insertSubview(let child, let parent, let index):
                status = hk__view_insert_subview(store, v(child).0, v(child).1, v(parent).0, v(parent).1, Int64(index))
            case .insertAbove(let child, let sibling):
                status = hk__view_insert_above(store, v(child).0, v(child).1, v(sibling).0, v(sibling).1)
            case .insertBelow(let child, let sibling):
                status = hk__view_insert_below(store, v(child).0, v(child).1, v(sibling).0, v(sibling).1)
            case .removeFromSuperview(let key): status = hk__view_remove_from_superview(store, v(key).0, v(key).1)
            case .bringToFront(let key): status = hk__view_bring_to_front(store, v(key).0, v(key).1)
            case .sendToBack(let key): status = hk__view_send_to_back(store, v(key).0, v(key).1)
            case .exchangeSubviews(let parent, let first, let second):
                status = hk__view_exchange_subviews(store, v(parent).0, v(parent).1, Int64(first), Int64(second))
            case .destroy(let key): status = hk__view_destroy(store, v(key).0, v(key).1)
            case .setCenter(let key, let p): status = hk__view_set_center(store, v(key).0, v(key).1, p.x, p.y)
            case .setBounds(let key, let r):
                status = hk__view_set_bounds(store, v(key).0, v(key).1, r.origin.x, r.origin.y, r.size.width, r.size.height)
            case .setFrame(let key, let r):
                status = hk__view_set_frame(store, v(key).0, v(key).1, r.origin.x, r.origin.y, r.size.width, r.size.height)
            case .setTransform(let key, let t):
                var c = hk_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
                status = withUnsafeBytes(of: &c) { hk__view_set_transform(store, v(key).0, v(key).1, $0.baseAddress) }
            case .setAnchorPoint(let key, let p): status = hk__view_set_anchor_point(store, v(key).0, v(key).1, p.x, p.y)
            case .setFlag(let key, let flag, let value):
                let raw: Int32 = switch flag {
                case .hidden: Int32(HK_FLAG_HIDDEN)
                case .userInteractionEnabled: Int32(HK_FLAG_USER_INTERACTION_ENABLED)
                case .passThrough: Int32(HK_FLAG_PASS_THROUGH)
                case .hitsOutsideBounds: Int32(HK_FLAG_HITS_OUTSIDE_BOUNDS)
                case .redirectsToSuperview: Int32(HK_FLAG_REDIRECTS_TO_SUPERVIEW)
                case .clipsToBounds: Int32(HK_FLAG_CLIPS_TO_BOUNDS)
                case .multipleTouchEnabled: Int32(HK_FLAG_MULTIPLE_TOUCH_ENABLED)
                case .exclusiveTouch: Int32(HK_FLAG_EXCLUSIVE_TOUCH)
                }
                status = hk__view_set_flag(store, v(key).0, v(key).1, raw, value ? 1 : 0)
            case .setAlpha(let key, let alpha): status = hk__view_set_alpha(store, v(key).0, v(key).1, alpha)
            case .setHitTestInsets(let key, let i):
                status = hk__view_set_hit_test_insets(store, v(key).0, v(key).1, i.top, i.left, i.bottom, i.right)
            case .setMinimumHitSize(let key, let s): status = hk__view_set_minimum_hit_size(store, v(key).0, v(key).1, s.width, s.height)
            case .makeView(let attributes):
                handles.append(create(window: false, level: 0))
                set(attributes, of: handles.count - 1)
                status = Int32(HK_OK)
            case .makeWindow(let level, let attributes):
                handles.append(create(window: true, level: level))
                set(attributes, of: handles.count - 1)
                status = Int32(HK_OK)
            case .setWindowLevel(let key, let level): status = hk__window_set_level(store, v(key).0, v(key).1, level)
            case .orderFront(let key): status = hk__window_order_front(store, v(key).0, v(key).1)
            case .setPointInsideRule(let key, let rule): status = setPointInside(rule, of: v(key))
            case .setHitTestRule(let key, let rule): status = setHitTest(rule, of: v(key))
            }
            return Int(status)
        }

        /// What a callback of a view implements, held by the store as its user data.
        final class Rule<Value> {
            let value: Value
            init(_ value: Value) { self.value = value }
            static func retained(_ value: Value) -> UnsafeMutableRawPointer { Unmanaged.passRetained(Rule(value)).toOpaque() }
            static func of(_ userData: UnsafeMutableRawPointer?) -> Value { Unmanaged<Rule>.fromOpaque(userData!).takeUnretainedValue().value }
        }

        /// `rule` as the view's point-inside callback (`nil`: cleared).
        func setPointInside(_ rule: PointInsideRule?, of view: (Int32, UInt32)) -> Int32 {
            guard case .containedIn(let rect)? = rule else { return hk__view_set_point_inside_callback(store, view.0, view.1, nil, nil, nil) }
            let inside: PointInsideCallback = { _, _, point, userData in
                let p = point!.load(as: hk_point.self)
                return Rule<Rect>.of(userData).contains(Point(p.x, p.y)) ? 1 : 0
            }
            let release: DestroyNotify = { Unmanaged<Rule<Rect>>.fromOpaque($0!).release() }
            return hk__view_set_point_inside_callback(store, view.0, view.1, inside, Rule.retained(rect), release)
        }

        /// `rule` as the view's hit-test callback (`nil`: cleared); a fixed answer is the handle the
        /// key has now (none for a key not made yet), answered even once it is stale, as the
        /// Swift store's override keeps its `ViewID`.
        func setHitTest(_ rule: HitTestRule?, of view: (Int32, UInt32)) -> Int32 {
            guard let rule else { return hk__view_set_hit_test_callback(store, view.0, view.1, nil, nil, nil) }
            let answer: hk_view? = switch rule {
            case .defaultHitTest: nil
            case .fixed(let key): key >= 0 && key < handles.count ? handles[key] : Self.noView
            case .noAnswer: Self.noView
            }
            let hitTest: HitTestCallback = { store, view, point, out, userData in
                if let answer = Rule<hk_view?>.of(userData) {
                    out!.storeBytes(of: answer, as: hk_view.self)
                } else {
                    let v = view!.load(as: hk_view.self), p = point!.load(as: hk_point.self)
                    _ = hk__view_default_hit_test(store, v.index, v.generation, p.x, p.y, out)
                }
            }
            let release: DestroyNotify = { Unmanaged<Rule<hk_view?>>.fromOpaque($0!).release() }
            return hk__view_set_hit_test_callback(store, view.0, view.1, hitTest, Rule.retained(answer), release)
        }

        /// What C answers to `query`, as an ``Answer`` naming views by key (or the status it refused with).
        func answer(_ query: Query) -> (answer: Answer?, status: Int) {
            let v = handle
            var view = hk_view(), point = hk_point(), rect = hk_rect()
            let status: Int32
            switch query {
            case .screenHitTest(let p): status = hk__hit_test_screen(store, p.x, p.y, &view)
            case .hitTest(let p, let key): status = hk__hit_test_view(store, v(key).index, v(key).generation, p.x, p.y, &view)
            case .convertPoint(let p, let from, let to):
                status = hk__convert_point(store, p.x, p.y, v(from).index, v(from).generation, v(to).index, v(to).generation, &point)
            case .convertRect(let r, let from, let to):
                var c = hk_rect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height)
                status = withUnsafeBytes(of: &c) {
                    hk__convert_rect(store, $0.baseAddress, v(from).index, v(from).generation, v(to).index, v(to).generation, &rect)
                }
            case .pointInside(let p, let key):
                var inside: Int32 = -1
                status = hk__view_point_inside(store, v(key).index, v(key).generation, p.x, p.y, &inside)
                if status == Int32(HK_OK) { return (.inside(inside != 0), Int(status)) }
            }
            guard status == Int32(HK_OK) else { return (nil, Int(status)) }
            switch query {
            case .screenHitTest, .hitTest: return (.view(key(of: view)), Int(status))
            case .convertPoint: return (.point(Point(point.x, point.y)), Int(status))
            default: return (.rect(Rect(rect.x, rect.y, rect.width, rect.height)), Int(status))
            }
        }
    }

    /// A snapshot taken through C, and the answers the reference gave when it was taken.
    struct Snapshot {
        let pointer: UnsafeMutableRawPointer?
        var expected: [(query: Query, answer: Answer)] = []
    }

    /// What the snapshot answers to a screen hit test or a point conversion (``aSnapshotTakes(_:)``),
    /// or `nil` when it refuses.
    func snapshotAnswer(_ query: Query, on snapshot: UnsafeMutableRawPointer?, _ c: CStore) -> Answer? {
        let v = c.handle
        switch query {
        case .screenHitTest(let p):
            var kind = hk_snapshot_answer(rawValue: 99), view = hk_view()
            guard hk__snapshot_hit_test(snapshot, p.x, p.y, &kind, &view) == Int32(HK_OK) else { return nil }
            switch kind {
            case HK_SNAPSHOT_MISS: return .view(nil)
            case HK_SNAPSHOT_HIT: return .view(c.key(of: view))
            default: return .ask(c.key(of: view) ?? -1)
            }
        case .convertPoint(let p, let from, let to):
            var point = hk_point()
            let status = hk__snapshot_convert(snapshot, p.x, p.y, v(from).index, v(from).generation, v(to).index, v(to).generation, &point)
            return status == Int32(HK_OK) ? .point(Point(point.x, point.y)) : nil
        default:
            return nil
        }
    }

    /// The status C gives for the refusal the reference predicts.
    static func status(of error: ViewStoreError) -> Int {
        switch error {
        case .staleHandle, .madeAfterSnapshot: Int(HK_ERR_STALE_HANDLE)
        case .cycle: Int(HK_ERR_CYCLE)
        case .windowCannotBeSubview: Int(HK_ERR_WINDOW_AS_SUBVIEW)
        case .notAWindow: Int(HK_ERR_NOT_A_WINDOW)
        case .notASubview: Int(HK_ERR_NOT_A_SUBVIEW)
        case .indexOutOfRange: Int(HK_ERR_INDEX_OUT_OF_RANGE)
        case .unrelatedViews: Int(HK_ERR_UNRELATED_VIEWS)
        case .notInWindow: Int(HK_ERR_NOT_IN_WINDOW)
        case .editDuringHitTest: Int(HK_ERR_BUSY)
        case .tooManyViews: Int(HK_ERR_LIMIT)
        }
    }

    /// Attributes as a C host can give them: defaults for the values that are not finite (C's
    /// setters refuse them).
    static func asCGivesThem(_ a: ViewAttributes) -> ViewAttributes {
        var a = a
        let defaults = ViewAttributes()
        if !allFinite([a.center.x, a.center.y]) { a.center = defaults.center }
        if !allFinite([a.bounds.origin.x, a.bounds.origin.y, a.bounds.size.width, a.bounds.size.height]) { a.bounds = defaults.bounds }
        if !allFinite([a.transform.a, a.transform.b, a.transform.c, a.transform.d, a.transform.tx, a.transform.ty]) { a.transform = defaults.transform }
        if !allFinite([a.anchorPoint.x, a.anchorPoint.y]) { a.anchorPoint = defaults.anchorPoint }
        if !a.alpha.isFinite { a.alpha = defaults.alpha }
        if !allFinite([a.hitTestInsets.top, a.hitTestInsets.left, a.hitTestInsets.bottom, a.hitTestInsets.right]) { a.hitTestInsets = defaults.hitTestInsets }
        if !allFinite([a.minimumHitSize.width, a.minimumHitSize.height]) { a.minimumHitSize = defaults.minimumHitSize }
        return a
    }

    static func allFinite(_ values: [Double]) -> Bool { values.allSatisfy(\.isFinite) }

    /// Whether `edit` sets a value that is not finite.
    static func hasNonFiniteValue(_ edit: Edit) -> Bool {
        switch edit {
        case .setCenter(_, let p), .setAnchorPoint(_, let p): !allFinite([p.x, p.y])
        case .setBounds(_, let r), .setFrame(_, let r): !allFinite([r.origin.x, r.origin.y, r.size.width, r.size.height])
        case .setTransform(_, let t): !allFinite([t.a, t.b, t.c, t.d, t.tx, t.ty])
        case .setAlpha(_, let alpha): !alpha.isFinite
        case .setHitTestInsets(_, let i): !allFinite([i.top, i.left, i.bottom, i.right])
        case .setMinimumHitSize(_, let s): !allFinite([s.width, s.height])
        case .setWindowLevel(_, let level): !level.isFinite
        default: false
        }
    }

    /// Whether a C snapshot takes `query`: a screen hit test or a point conversion.
    static func aSnapshotTakes(_ query: Query) -> Bool {
        switch query {
        case .screenHitTest, .convertPoint: true
        default: false
        }
    }

    /// Whether the C side may refuse a query the Swift side answers: C takes no point that is not finite.
    static func hasNonFinite(_ query: Query) -> Bool {
        switch query {
        case .screenHitTest(let p), .hitTest(let p, _), .convertPoint(let p, _, _), .pointInside(let p, _):
            !p.x.isFinite || !p.y.isFinite
        case .convertRect(let r, _, _):
            ![r.origin.x, r.origin.y, r.size.width, r.size.height].allSatisfy(\.isFinite)
        }
    }

    @Test func randomForestsAndEditsThroughCAnswerAsTheReference() {
        var queries = 0, edits = 0, refusals = 0, snapshotQueries = 0
        for seed in TestSeeds.of(1...600) {
            var source = SplitMix64(seed: seed)
            var spec = TreeSpec.random(seed: seed, viewCount: 1 + Int(seed % 40))
            for index in spec.nodes.indices { spec.nodes[index].attributes = Self.asCGivesThem(spec.nodes[index].attributes) }
            let harness = DifferentialHarness(spec: spec)
            let c = CStore(spec)
            func ask(_ count: Int) {
                for _ in 0..<count {
                    let query = harness.randomQuery(using: &source)
                    let expected = harness.referenceAnswer(query)
                    let (answer, status) = c.answer(query)
                    if Self.hasNonFinite(query) {
                        #expect(status == Int(HK_ERR_INVALID_ARGUMENT), "seed \(seed): \(query)")
                    } else if case .error(let error) = expected {
                        #expect(status == Self.status(of: error), "seed \(seed): \(query): C \(status), reference \(error)")
                    } else {
                        #expect(answer == expected, "seed \(seed): \(query): C \(answer.map { "\($0)" } ?? "status \(status)"), reference \(expected)")
                    }
                    queries += 1
                }
            }
            ask(20)
            // Snapshots taken along the way answer, to the end, as the reference did when each was taken.
            var snapshots: [Snapshot] = []
            func takeSnapshot() {
                var pointer: UnsafeMutableRawPointer?
                #expect(hk_store_snapshot(c.store, &pointer) == Int32(HK_OK))
                var snapshot = Snapshot(pointer: pointer)
                for _ in 0..<8 {
                    let query = harness.randomQuery(using: &source)
                    guard Self.aSnapshotTakes(query), !Self.hasNonFinite(query),
                          let answer = harness.referenceSnapshotAnswer(query) else { continue }
                    if case .error = answer { continue }
                    snapshot.expected.append((query, answer))
                }
                snapshots.append(snapshot)
            }
            func checkSnapshots() {
                for snapshot in snapshots {
                    for (query, expected) in snapshot.expected {
                        let answer = snapshotAnswer(query, on: snapshot.pointer, c)
                        #expect(answer == expected, "seed \(seed): snapshot \(query): C \(String(describing: answer)), reference then \(expected)")
                        snapshotQueries += 1
                    }
                }
            }
            takeSnapshot()
            for round in 0..<15 {
                if round % 5 == 4 { takeSnapshot() }
                checkSnapshots()
                var edit = harness.randomEdit(using: &source)
                switch edit {
                case .makeView(let attributes): edit = .makeView(Self.asCGivesThem(attributes))
                case .makeWindow(let level, let attributes): edit = .makeWindow(level: level.isFinite ? level : 0, Self.asCGivesThem(attributes))
                default: break
                }
                let status = c.status(edit)
                if Self.hasNonFiniteValue(edit) {
                    // Refused by C before the handle is looked at, a stale one too; the reference is not asked.
                    #expect(status == Int(HK_ERR_INVALID_ARGUMENT), "seed \(seed): \(edit): C \(status)")
                    refusals += 1
                    continue
                }
                let expected = harness.expectedError(of: edit)
                #expect(status == (expected.map(Self.status) ?? Int(HK_OK)), "seed \(seed): \(edit): C \(status), reference \(expected.map { "\($0)" } ?? "success")")
                #expect(harness.apply(edit) == nil, "seed \(seed): \(edit)")
                edits += 1
                if expected != nil { refusals += 1 }
                ask(5)
            }
            checkSnapshots()
            for snapshot in snapshots { #expect(hk_snapshot_release(snapshot.pointer) == Int32(HK_OK)) }
        }
        // What the worlds reach is the generator's property: held on the full run alone.
        guard TestSeeds.playsEverySeed else { return }
        #expect(queries > 40_000 && edits > 7_000 && refusals > 1_500 && snapshotQueries > 20_000,
                "\(queries) queries, \(edits) edits, \(refusals) refused, \(snapshotQueries) asked of snapshots")
    }
}

import CHitKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HitKitC
import Testing

/// hk_hit_test_screen_points answers each point as hk_hit_test_screen does, on either of its
/// paths (a plain store, and one whose views have C hit-test callbacks); its checks are made
/// once, and fail as a single call's would; a point that is not finite stops it at its index.
@Suite("hk_hit_test_screen_points", .serialized)
struct ScreenPointsTests {
    /// Two overlapping windows, nested views (one scaled) and points on a grid that reaches
    /// past both windows, so that the answers include every window, nested views and misses.
    struct Setup {
        let store = HitKitC.hk_store_create()
        var views: [hk_view] = []
        var points: [hk_point] = []

        init() {
            var back = hk_view(), front = hk_view()
            #expect(hk__window_create(store, 0, 0, 200, 200, 0, &back) == Int32(HK_OK))
            #expect(hk__window_create(store, 100, 100, 200, 200, 1, &front) == Int32(HK_OK))
            views = [back, front]
            for (parent, frame) in [(0, (10.0, 10.0, 80.0, 80.0)), (2, (5.0, 5.0, 30.0, 30.0)), (1, (20.0, 20.0, 60.0, 60.0)),
                                    (4, (0.0, 0.0, 20.0, 20.0))] {
                var view = hk_view()
                #expect(hk__view_create(store, frame.0, frame.1, frame.2, frame.3, &view) == Int32(HK_OK))
                #expect(hk__view_add_subview(store, view.index, view.generation, views[parent].index, views[parent].generation)
                        == Int32(HK_OK))
                views.append(view)
            }
            var transform = hk_transform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
            #expect(hk__view_set_transform(store, views[4].index, views[4].generation, &transform) == Int32(HK_OK))
            for y in stride(from: -5.0, through: 320, by: 7.5) {
                for x in stride(from: -5.0, through: 320, by: 7.5) { points.append(hk_point(x: x, y: y)) }
            }
        }

        func singleAnswers() -> [hk_view] {
            points.map { point in
                var answer = hk_view()
                #expect(hk__hit_test_screen(store, point.x, point.y, &answer) == Int32(HK_OK))
                return answer
            }
        }

        func batchAnswers(_ points: [hk_point]? = nil, status expected: Int32 = Int32(HK_OK)) -> [hk_view] {
            let points = points ?? self.points
            var answers = [hk_view](repeating: hk_view(index: 12345, generation: 678), count: points.count)
            let status = points.withUnsafeBufferPointer { p in
                answers.withUnsafeMutableBufferPointer { hk_hit_test_screen_points(store, p.baseAddress, UInt(p.count), $0.baseAddress) }
            }
            #expect(status == expected, "\(String(cString: hk_last_error_message()))")
            return answers
        }
    }

    static func same(_ a: [hk_view], _ b: [hk_view]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.index == $1.index && $0.generation == $1.generation }
    }

    @Test func eachAnswerIsTheSingleCallsOnAPlainStore() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let singles = setup.singleAnswers()
        let distinct = Set(singles.map(\.index))
        #expect(distinct.count == setup.views.count + 1, "every view and the miss are among the answers")
        #expect(Self.same(setup.batchAnswers(), singles))
        // With a hit map for each window (built by the first query after the policy), the
        // answers come from the maps' cells.
        var eager = hk_hit_map_policy(queries_before_build: 1, minimum_views: 1, cells_per_view: 8)
        #expect(hk_store_set_hit_map_policy(setup.store, &eager) == Int32(HK_OK))
        #expect(Self.same(setup.batchAnswers(), singles))
        var maps: Int32 = 0
        #expect(hk_store_hit_map_count(setup.store, &maps) == Int32(HK_OK) && maps == 2)
    }

    static let answerNothingLeftOfFifty: HitTestCallback = { store, view, point, answer, _ in
        let p = point!.load(as: hk_point.self), v = view!.load(as: hk_view.self)
        // `answer` starts as none: left so, left of x 50; else the view's default answer.
        if p.x >= 50 { _ = hk__view_default_hit_test(store, v.index, v.generation, p.x, p.y, answer) }
    }

    @Test func eachAnswerIsTheSingleCallsWhereCallbacksAnswer() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let plain = setup.singleAnswers()
        let back = setup.views[0]
        #expect(hk__view_set_hit_test_callback(setup.store, back.index, back.generation, Self.answerNothingLeftOfFifty, nil, nil)
                == Int32(HK_OK))
        let singles = setup.singleAnswers()
        #expect(!Self.same(singles, plain), "the callback changes some answers")
        #expect(Self.same(setup.batchAnswers(), singles))
    }

    @Test func aPointThatIsNotFiniteStopsTheCallAtItsIndex() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let points = [hk_point(x: 30, y: 30), hk_point(x: 500, y: 500), hk_point(x: .nan, y: 3), hk_point(x: 150, y: 150)]
        let answers = setup.batchAnswers(points, status: Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()).hasPrefix("points[2] is not finite"))
        #expect(answers[0].index == setup.views[3].index && answers[1].index == -1, "the answers before it are written")
        #expect(answers[2].index == 12345 && answers[3].index == 12345, "the rest is left as it was")
        _ = setup.batchAnswers([hk_point(x: 1, y: .infinity)], status: Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()).hasPrefix("points[0] is not finite"))
    }

    /// Arrays of finite points (each a hit at 30, 30) with one that is not finite, wherever it
    /// lies among the finiteness pass's groups of sixteen points and the rest after them (Handles.swift's
    /// `finitePrefix`), in either coordinate; some with a second one further on, which the
    /// call never reaches. `bad` is the first one's index.
    static let pointsWithOneNotFinite: [(points: [hk_point], bad: Int)] = (1...33).flatMap { count in
        (0..<count).flatMap { bad in
            [(Double.nan, true), (.infinity, false), (-.infinity, true), (.nan, false)].map { value, inX in
                var points = Array(repeating: hk_point(x: 30, y: 30), count: count)
                points[bad] = inX ? hk_point(x: value, y: 30) : hk_point(x: 30, y: value)
                if value.isInfinite, bad + 1 < count { points[count - 1] = hk_point(x: .nan, y: .nan) }
                return (points, bad)
            }
        }
    }

    @Test func theFirstPointThatIsNotFiniteIsFoundWhereverItLies() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        for (points, bad) in Self.pointsWithOneNotFinite {
            let answers = setup.batchAnswers(points, status: Int32(HK_ERR_INVALID_ARGUMENT))
            #expect(String(cString: hk_last_error_message()).hasPrefix("points[\(bad)] is not finite"), "\(points)")
            #expect(answers[..<bad].allSatisfy { $0.index == setup.views[3].index }, "\(points)")
            #expect(answers[bad...].allSatisfy { $0.index == 12345 }, "\(points)")
        }
    }

    /// Finite points whose coordinates add up past the largest double.
    static let hugePoint = hk_point(x: .greatestFiniteMagnitude, y: -.greatestFiniteMagnitude)

    /// Finite points at the edges of what a double holds: the largest, whose sum would overflow,
    /// zeros of both signs and subnormals.
    static let extremePoints = [hugePoint, hugePoint, hk_point(x: 30, y: 30), hugePoint, hugePoint,
                                hk_point(x: 150, y: 150), hk_point(x: -0.0, y: -0.0), hk_point(x: 0, y: -0.0),
                                hk_point(x: .leastNonzeroMagnitude, y: .leastNormalMagnitude / 2),
                                hk_point(x: -.leastNonzeroMagnitude, y: 5)]

    /// The floating-point exceptions a call raised in the calling thread's flags (overflow and
    /// invalid: those the finiteness pass could raise on finite points).
    static func exceptionsRaised(by call: () -> Void) -> Int32 {
        let overflow: Int32 = FE_OVERFLOW, invalid: Int32 = FE_INVALID
        feclearexcept(overflow | invalid)
        call()
        return fetestexcept(overflow | invalid)
    }

    /// Finite points are answered, however large, and leave the caller's floating-point flags as
    /// the single calls leave them: a host that traps overflow (`feenableexcept`) is not stopped.
    @Test func finitePointsAtTheEdgesOfADoubleAreAnsweredAndRaiseNothing() {
        var setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        setup.points = Self.extremePoints
        #expect(Self.exceptionsRaised { _ = setup.singleAnswers() } == 0)
        var answers: [hk_view] = []
        #expect(Self.exceptionsRaised { answers = setup.batchAnswers() } == 0)
        #expect(Self.same(answers, setup.singleAnswers()))
        #expect(answers[..<6].map(\.index) == [-1, -1, setup.views[3].index, -1, -1, setup.views[4].index])
        #expect(answers[6...].allSatisfy { $0.index == setup.views[0].index }, "zeros and subnormals hit the back window")
        _ = setup.batchAnswers([Self.hugePoint, Self.hugePoint, hk_point(x: 30, y: 30), hk_point(x: .nan, y: 0)],
                               status: Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()).hasPrefix("points[3] is not finite"))
    }

    /// Calls `body` with a copy of `points` 8 bytes past a 16-byte boundary, as a C caller's
    /// array may be (`points + 1`, an array in a struct): Swift's arrays are 16-aligned.
    static func withPointsEightPastSixteen<R>(_ points: [hk_point], _ body: (UnsafeMutablePointer<hk_point>) -> R) -> R {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: (points.count + 1) * MemoryLayout<hk_point>.stride,
                                                   alignment: 16)
        defer { raw.deallocate() }
        let shifted = (raw + 8).bindMemory(to: hk_point.self, capacity: points.count)
        shifted.initialize(from: points, count: points.count)
        return body(shifted)
    }

    /// The pass reads points 16 bytes at a time, and must not assume those bytes aligned.
    @Test func pointsEightBytesPastSixteenAreRead() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let singles = setup.singleAnswers()
        for count in [1, 7, 15, 16, 17, 33, setup.points.count] {
            var answers = [hk_view](repeating: hk_view(index: 12345, generation: 678), count: count)
            var points = Array(setup.points[..<count])
            let status = Self.withPointsEightPastSixteen(points) { hk_hit_test_screen_points(setup.store, $0, UInt(count), &answers) }
            #expect(status == Int32(HK_OK))
            #expect(Self.same(answers, Array(singles[..<count])), "\(count) points")
            points[count - 1] = hk_point(x: 0, y: .nan)
            #expect(Self.withPointsEightPastSixteen(points) { hk_hit_test_screen_points(setup.store, $0, UInt(count), &answers) }
                    == Int32(HK_ERR_INVALID_ARGUMENT))
            #expect(String(cString: hk_last_error_message()).hasPrefix("points[\(count - 1)] is not finite"))
        }
    }

    /// Spoils the second point of the array its user data points at, then answers as the view would.
    static let spoilTheSecondPoint: HitTestCallback = { store, view, point, answer, points in
        points!.assumingMemoryBound(to: hk_point.self)[1] = hk_point(x: .nan, y: .nan)
        let p = point!.load(as: hk_point.self), v = view!.load(as: hk_view.self)
        _ = hk__view_default_hit_test(store, v.index, v.generation, p.x, p.y, answer)
    }

    /// Every point is checked before the first is answered (the header says so): a callback that
    /// makes a later point not finite while the call runs does not stop the call, and that point
    /// answers as a miss.
    @Test func everyPointIsCheckedBeforeTheFirstIsAnswered() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        var points = [hk_point(x: 30, y: 30), hk_point(x: 40, y: 40)]
        var answers = [hk_view](repeating: hk_view(index: 12345, generation: 678), count: 2)
        let back = setup.views[0]
        points.withUnsafeMutableBufferPointer { points in
            #expect(hk__view_set_hit_test_callback(setup.store, back.index, back.generation, Self.spoilTheSecondPoint,
                                                   points.baseAddress, nil) == Int32(HK_OK))
            #expect(hk_hit_test_screen_points(setup.store, points.baseAddress, 2, &answers) == Int32(HK_OK))
        }
        #expect(points[1].x.isNaN, "the callback ran for the first point")
        #expect(answers[0].index == setup.views[3].index && answers[1].index == -1)
    }

    @Test func theArraysAreCheckedOnceAndAsASingleCallsWouldBe() {
        let setup = Setup()
        var point = hk_point(x: 30, y: 30), answer = hk_view(index: 12345, generation: 678)
        #expect(hk_hit_test_screen_points(setup.store, nil, 0, nil) == Int32(HK_OK), "no points: nothing read or written")
        #expect(hk_hit_test_screen_points(setup.store, nil, 1, &answer) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()) == "the points pointer is NULL")
        #expect(hk_hit_test_screen_points(setup.store, &point, 1, nil) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(hk_hit_test_screen_points(setup.store, &point, UInt.max, &answer) == Int32(HK_ERR_INVALID_ARGUMENT))
        let pastTheBound = UInt(Int.max / MemoryLayout<hk_point>.stride) + 1
        #expect(hk_hit_test_screen_points(setup.store, &point, pastTheBound, &answer) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()) == "count \(pastTheBound) is more points than memory holds")
        #expect(answer.index == 12345, "a refused call writes nothing")
        #expect(hk_hit_test_screen_points(nil, &point, 1, &answer) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(hk_store_destroy(setup.store) == Int32(HK_OK))
        #expect(hk_hit_test_screen_points(setup.store, &point, 1, &answer) == Int32(HK_ERR_STALE_HANDLE))
        #expect(hk_hit_test_screen_points(setup.store, nil, 0, nil) == Int32(HK_ERR_STALE_HANDLE),
                "the store is checked whatever the count")
        #expect(answer.index == 12345)
    }

    @Test func anotherThreadIsRefused() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        final class Outcome: @unchecked Sendable { var status: Int32 = 0 }
        let outcome = Outcome(), done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let store = setup.store
        Thread {
            var point = hk_point(x: 30, y: 30), answer = hk_view(index: 12345, generation: 678)
            outcome.status = hk_hit_test_screen_points(store, &point, 1, &answer)
            done.signal()
        }.start()
        done.wait()
        #expect(outcome.status == Int32(HK_ERR_WRONG_THREAD))
    }
}

import CHitKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HitKitC
import Testing

/// hk_snapshot_hit_test_points answers each point as hk_snapshot_hit_test does, hits, misses and
/// views to ask about alike, from any thread; its checks are made once, and fail as a single
/// call's would; a point that is not finite stops it at its index.
@Suite("hk_snapshot_hit_test_points", .serialized)
struct SnapshotPointsTests {
    typealias Setup = ScreenPointsTests.Setup

    struct Answers {
        var kinds: [hk_snapshot_answer]
        var views: [hk_view]

        init(count: Int) {
            kinds = Array(repeating: hk_snapshot_answer(rawValue: 77), count: count)
            views = Array(repeating: hk_view(index: 12345, generation: 678), count: count)
        }

        func isUntouched(_ i: Int) -> Bool {
            kinds[i].rawValue == 77 && views[i].index == 12345 && views[i].generation == 678
        }

        static func == (a: Answers, b: Answers) -> Bool {
            a.kinds.map(\.rawValue) == b.kinds.map(\.rawValue) && ScreenPointsTests.same(a.views, b.views)
        }
    }

    static func singleAnswers(_ snapshot: UnsafeMutableRawPointer?, _ points: [hk_point]) -> Answers {
        var answers = Answers(count: points.count)
        for (i, point) in points.enumerated() {
            #expect(hk__snapshot_hit_test(snapshot, point.x, point.y, &answers.kinds[i], &answers.views[i]) == Int32(HK_OK))
        }
        return answers
    }

    static func batchAnswers(_ snapshot: UnsafeMutableRawPointer?, _ points: [hk_point], status expected: Int32 = Int32(HK_OK)) -> Answers {
        var answers = Answers(count: points.count)
        let status = points.withUnsafeBufferPointer { p in
            answers.kinds.withUnsafeMutableBufferPointer { kinds in
                answers.views.withUnsafeMutableBufferPointer { views in
                    hk_snapshot_hit_test_points(snapshot, p.baseAddress, UInt(p.count), kinds.baseAddress, views.baseAddress)
                }
            }
        }
        #expect(status == expected, "\(String(cString: hk_last_error_message()))")
        return answers
    }

    static func snapshot(of setup: Setup) -> UnsafeMutableRawPointer? {
        var snapshot: UnsafeMutableRawPointer?
        #expect(hk_store_snapshot(setup.store, &snapshot) == Int32(HK_OK))
        return snapshot
    }

    static let insideLeftOfFifty: PointInsideCallback = { _, _, point, _ in point!.load(as: hk_point.self).x < 50 ? 1 : 0 }

    @Test func eachAnswerIsTheSingleCalls() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let plain = Self.snapshot(of: setup)
        defer { _ = hk_snapshot_release(plain) }
        let singles = Self.singleAnswers(plain, setup.points)
        #expect(Set(singles.kinds.map(\.rawValue)) == [HK_SNAPSHOT_HIT.rawValue, HK_SNAPSHOT_MISS.rawValue])
        #expect(Self.batchAnswers(plain, setup.points) == singles)

        // A view with a point-inside callback makes the snapshot ask about it.
        let nested = setup.views[2]
        #expect(hk__view_set_point_inside_callback(setup.store, nested.index, nested.generation, Self.insideLeftOfFifty,
                                                   nil, nil) == Int32(HK_OK))
        let asking = Self.snapshot(of: setup)
        defer { _ = hk_snapshot_release(asking) }
        let askingSingles = Self.singleAnswers(asking, setup.points)
        #expect(askingSingles.kinds.contains(HK_SNAPSHOT_ASK), "some points need the callback")
        #expect(Self.batchAnswers(asking, setup.points) == askingSingles)
    }

    @Test func aPointThatIsNotFiniteStopsTheCallAtItsIndex() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let snapshot = Self.snapshot(of: setup)
        defer { _ = hk_snapshot_release(snapshot) }
        let points = [hk_point(x: 30, y: 30), hk_point(x: 500, y: 500), hk_point(x: .nan, y: 3), hk_point(x: 150, y: 150)]
        let answers = Self.batchAnswers(snapshot, points, status: Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message())
                == "points[2] is not finite; the answers before it are written, kinds[2], views[2] and after are not")
        #expect(answers.kinds[0] == HK_SNAPSHOT_HIT && answers.views[0].index == setup.views[3].index)
        #expect(answers.kinds[1] == HK_SNAPSHOT_MISS && answers.views[1].index == -1, "the answers before it are written")
        #expect(answers.isUntouched(2) && answers.isUntouched(3), "the rest is left as it was")
        _ = Self.batchAnswers(snapshot, [hk_point(x: 1, y: .infinity)], status: Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()).hasPrefix("points[0] is not finite"))
    }

    @Test func theFirstPointThatIsNotFiniteIsFoundWhereverItLies() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let snapshot = Self.snapshot(of: setup)
        defer { _ = hk_snapshot_release(snapshot) }
        for (points, bad) in ScreenPointsTests.pointsWithOneNotFinite {
            let answers = Self.batchAnswers(snapshot, points, status: Int32(HK_ERR_INVALID_ARGUMENT))
            #expect(String(cString: hk_last_error_message()).hasPrefix("points[\(bad)] is not finite"), "\(points)")
            #expect((0..<bad).allSatisfy { answers.kinds[$0] == HK_SNAPSHOT_HIT && answers.views[$0].index == setup.views[3].index },
                    "\(points)")
            #expect((bad..<points.count).allSatisfy(answers.isUntouched), "\(points)")
        }
    }

    /// As `ScreenPointsTests.finitePointsAtTheEdgesOfADoubleAreAnsweredAndRaiseNothing`.
    @Test func finitePointsAtTheEdgesOfADoubleAreAnsweredAndRaiseNothing() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let snapshot = Self.snapshot(of: setup)
        defer { _ = hk_snapshot_release(snapshot) }
        let points = ScreenPointsTests.extremePoints
        #expect(ScreenPointsTests.exceptionsRaised { _ = Self.singleAnswers(snapshot, points) } == 0)
        var answers = Answers(count: 0)
        #expect(ScreenPointsTests.exceptionsRaised { answers = Self.batchAnswers(snapshot, points) } == 0)
        #expect(answers == Self.singleAnswers(snapshot, points))
        #expect(answers.kinds.map(\.rawValue) == [HK_SNAPSHOT_MISS, HK_SNAPSHOT_MISS, HK_SNAPSHOT_HIT, HK_SNAPSHOT_MISS,
                                                  HK_SNAPSHOT_MISS, HK_SNAPSHOT_HIT, HK_SNAPSHOT_HIT, HK_SNAPSHOT_HIT,
                                                  HK_SNAPSHOT_HIT, HK_SNAPSHOT_HIT].map(\.rawValue))
    }

    /// As `ScreenPointsTests.pointsEightBytesPastSixteenAreRead`.
    @Test func pointsEightBytesPastSixteenAreRead() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let snapshot = Self.snapshot(of: setup)
        defer { _ = hk_snapshot_release(snapshot) }
        let singles = Self.singleAnswers(snapshot, setup.points)
        for count in [1, 7, 15, 16, 17, 33, setup.points.count] {
            var answers = Answers(count: count)
            let status = ScreenPointsTests.withPointsEightPastSixteen(Array(setup.points[..<count])) { points in
                hk_snapshot_hit_test_points(snapshot, points, UInt(count), &answers.kinds, &answers.views)
            }
            #expect(status == Int32(HK_OK))
            #expect(answers.kinds.map(\.rawValue) == singles.kinds[..<count].map(\.rawValue), "\(count) points")
            #expect(ScreenPointsTests.same(answers.views, Array(singles.views[..<count])), "\(count) points")
        }
    }

    @Test func theArraysAndTheSnapshotAreCheckedOnceAndAsASingleCallsWouldBe() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let snapshot = Self.snapshot(of: setup)
        var point = hk_point(x: 30, y: 30), kind = hk_snapshot_answer(rawValue: 77), view = hk_view(index: 12345, generation: 678)
        #expect(hk_snapshot_hit_test_points(snapshot, nil, 0, nil, nil) == Int32(HK_OK), "no points: nothing read or written")
        #expect(hk_snapshot_hit_test_points(snapshot, nil, 1, &kind, &view) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()) == "the points pointer is NULL")
        #expect(hk_snapshot_hit_test_points(snapshot, &point, 1, nil, &view) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()) == "the kinds pointer is NULL")
        #expect(hk_snapshot_hit_test_points(snapshot, &point, 1, &kind, nil) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()) == "the views pointer is NULL")
        #expect(hk_snapshot_hit_test_points(snapshot, &point, UInt.max, &kind, &view) == Int32(HK_ERR_INVALID_ARGUMENT))
        let pastTheBound = UInt(Int.max / MemoryLayout<hk_point>.stride) + 1
        #expect(hk_snapshot_hit_test_points(snapshot, &point, pastTheBound, &kind, &view) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(String(cString: hk_last_error_message()) == "count \(pastTheBound) is more points than memory holds")
        #expect(kind.rawValue == 77 && view.index == 12345, "a refused call writes nothing")
        #expect(hk_snapshot_hit_test_points(nil, &point, 1, &kind, &view) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(hk_snapshot_hit_test_points(setup.store, &point, 1, &kind, &view) == Int32(HK_ERR_FOREIGN_HANDLE))
        #expect(hk_snapshot_release(snapshot) == Int32(HK_OK))
        #expect(hk_snapshot_hit_test_points(snapshot, &point, 1, &kind, &view) == Int32(HK_ERR_STALE_HANDLE))
        #expect(hk_snapshot_hit_test_points(snapshot, nil, 0, nil, nil) == Int32(HK_ERR_STALE_HANDLE),
                "the snapshot is checked whatever the count")
        #expect(kind.rawValue == 77 && view.index == 12345)
    }

    @Test func anotherThreadGetsTheSameAnswers() {
        let setup = Setup()
        defer { _ = hk_store_destroy(setup.store) }
        let snapshot = Self.snapshot(of: setup)
        defer { _ = hk_snapshot_release(snapshot) }
        let here = Self.singleAnswers(snapshot, setup.points)
        final class Outcome: @unchecked Sendable { var answers = Answers(count: 0) }
        let outcome = Outcome(), done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let shared = snapshot
        let points = setup.points
        Thread {
            outcome.answers = Self.batchAnswers(shared, points)
            done.signal()
        }.start()
        done.wait()
        #expect(outcome.answers == here)
    }
}

import CHitKit
@testable import HitKitC
import Testing

/// A C handle is a token naming its table, its slot and the slot's generation (HandleTable.swift),
/// and a lookup compares all of it: a value that differs from a handle C was given in its table
/// bits, its low bits or its generation names nothing, even where its slot holds a live handle.
/// A store or app value is then stale (never existed), a snapshot value foreign (never returned
/// as a snapshot), and the live handle is untouched. The values are made from real handles in a
/// process of its own, where no other test's handle can take their slots meanwhile.
@Suite("Values that differ from a live handle in a few bits")
struct ForgedTokenTests {
    /// `token` with the table bits of each other table (and of none), and with each low bit set.
    static func neighbours(of token: UInt) -> [UnsafeMutableRawPointer] {
        let shift = UInt(HandleTable.tableShift), own = token >> shift
        let tables = ([0, 1, 2, 3, 15] as [UInt]).filter { $0 != own }.map { token & ~(15 << shift) | $0 << shift }
        let lowBits = (1...15).map { token | UInt($0) }
        return (tables + lowBits).map { UnsafeMutableRawPointer(bitPattern: $0)! }
    }

    /// `token` with the next generation, which no handle has been given yet.
    static func nextGeneration(of token: UInt) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(bitPattern: token &+ (1 << UInt(HandleTable.generationShift)))!
    }

    /// Whether `store`, a live store with its window at `window`, answers every query.
    static func answers(_ store: UnsafeMutableRawPointer, _ window: hk_view) -> Bool {
        var hit = hk_view(index: -1, generation: 0), center = hk_point()
        return hk__hit_test_screen(store, 5, 5, &hit) == Int32(HK_OK) && hit.index == window.index
            && hit.generation == window.generation
            && hk__view_center(store, window.index, window.generation, &center) == Int32(HK_OK)
            && HitKitC.hk_store_view_count(store) == 1
    }

    @Test func storeAndAppValuesNextToALiveHandleAreStale() async {
        await #expect(processExitsWith: .success) {
            let stale = Int32(HK_ERR_STALE_HANDLE)
            let store = HitKitC.hk_store_create()!, app = HitKitC.hk_app_create()!
            var window = hk_view(), appWindow = hk_view()
            #expect(hk__window_create(store, 0, 0, 10, 10, 0, &window) == Int32(HK_OK))
            #expect(hk__app_window_create(app, 0, 0, 10, 10, 0, &appWindow) == Int32(HK_OK))
            let storeValues = ForgedTokenTests.neighbours(of: UInt(bitPattern: store)) + [ForgedTokenTests.nextGeneration(of: UInt(bitPattern: store))]
            for value in storeValues {
                var hit = hk_view(index: 12345, generation: 678), center = hk_point(x: 7, y: 7)
                #expect(hk__hit_test_screen(value, 5, 5, &hit) == stale, "\(value)")
                #expect(hit.index == 12345 && hit.generation == 678)
                #expect(hk__view_center(value, window.index, window.generation, &center) == stale, "\(value)")
                #expect(center.x == 7 && center.y == 7)
                #expect(HitKitC.hk_store_view_count(value) == 0)
                #expect(hk__view_destroy(value, window.index, window.generation) == stale, "\(value)")
                #expect(HitKitC.hk_store_destroy(value) == stale, "\(value)")
            }
            #expect(ForgedTokenTests.answers(store, window))
            for value in ForgedTokenTests.neighbours(of: UInt(bitPattern: app)) + [ForgedTokenTests.nextGeneration(of: UInt(bitPattern: app))] {
                var hit = hk_view(index: 12345, generation: 678)
                #expect(hk__app_hit_test(value, 5, 5, &hit) == stale, "\(value)")
                #expect(hit.index == 12345 && hit.generation == 678)
                #expect(hk_app_send_frame(value, 1, nil, 0) == stale, "\(value)")
                #expect(HitKitC.hk_app_destroy(value) == stale, "\(value)")
            }
            var hit = hk_view()
            #expect(hk__app_hit_test(app, 5, 5, &hit) == Int32(HK_OK) && hit.index == appWindow.index)
            #expect(HitKitC.hk_app_destroy(app) == Int32(HK_OK))
            #expect(HitKitC.hk_store_destroy(store) == Int32(HK_OK))
        }
    }

    @Test func snapshotValuesNextToALiveOrReleasedHandleAreForeign() async {
        await #expect(processExitsWith: .success) {
            let foreign = Int32(HK_ERR_FOREIGN_HANDLE)
            let store = HitKitC.hk_store_create()!
            var window = hk_view()
            #expect(hk__window_create(store, 0, 0, 10, 10, 0, &window) == Int32(HK_OK))
            var snapshot: UnsafeMutableRawPointer?
            #expect(hk_store_snapshot(store, &snapshot) == Int32(HK_OK))
            let token = UInt(bitPattern: snapshot)
            func refusedAsForeign(_ values: [UnsafeMutableRawPointer]) {
                for value in values {
                    var kind = hk_snapshot_answer(rawValue: 77), view = hk_view(index: 12345, generation: 678)
                    #expect(hk__snapshot_hit_test(value, 5, 5, &kind, &view) == foreign, "\(value)")
                    #expect(kind.rawValue == 77 && view.index == 12345 && view.generation == 678)
                    #expect(hk_snapshot_release(value) == foreign, "\(value)")
                }
            }
            refusedAsForeign(ForgedTokenTests.neighbours(of: token) + [ForgedTokenTests.nextGeneration(of: token)])
            var kind = hk_snapshot_answer(rawValue: 77), view = hk_view()
            #expect(hk__snapshot_hit_test(snapshot, 5, 5, &kind, &view) == Int32(HK_OK))
            #expect(kind == HK_SNAPSHOT_HIT && view.index == window.index)

            // Released, the handle is stale; the values next to it, and its slot's next
            // generation (no snapshot has taken the slot again), were never snapshots.
            #expect(hk_snapshot_release(snapshot) == Int32(HK_OK))
            #expect(hk__snapshot_hit_test(snapshot, 5, 5, &kind, &view) == Int32(HK_ERR_STALE_HANDLE))
            refusedAsForeign(ForgedTokenTests.neighbours(of: token) + [ForgedTokenTests.nextGeneration(of: token)])
            #expect(HitKitC.hk_store_destroy(store) == Int32(HK_OK))
        }
    }
}

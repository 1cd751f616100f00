import CHitKit
import HitKitC
import Testing

/// A refused call takes nothing: a setter that fails never calls `destroy`, and its `user_data`
/// stays the caller's (Docs/CAPI.md, "Callbacks and user data").
@Suite("Refused setters keep no user data", .serialized)
struct RefusedSetterTests {
    /// What the C callbacks below see: they are C function pointers, so they reach it through globals.
    enum Seen {
        nonisolated(unsafe) static var notified: [Int] = []
        nonisolated(unsafe) static var store: UnsafeMutableRawPointer?
        nonisolated(unsafe) static var view = hk_view()
        nonisolated(unsafe) static var nestedStatus: Int32 = -1
    }

    static let notify: DestroyNotify = { pointer in Seen.notified.append(Int(bitPattern: pointer)) }

    /// A hit-test callback that tries to set another one on its view from inside the query.
    static let nesting: HitTestCallback = { _, _, _, _, _ in
        Seen.nestedStatus = hk__view_set_hit_test_callback(Seen.store, Seen.view.index, Seen.view.generation,
                                                           RefusedSetterTests.nesting, UnsafeMutableRawPointer(bitPattern: 3),
                                                           RefusedSetterTests.notify)
    }

    static let inside: PointInsideCallback = { _, _, _, _ in 1 }

    @Test func aHitTestCallbackRefusedForAStaleViewOrFromAQueryIsNeverNotified() throws {
        Seen.notified = []
        let store = HitKitC.hk_store_create()
        Seen.store = store
        var window = hk_view(), gone = hk_view()
        #expect(hk__window_create(store, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        #expect(hk__view_create(store, 0, 0, 10, 10, &gone) == Int32(HK_OK))
        #expect(hk__view_destroy(store, gone.index, gone.generation) == Int32(HK_OK))

        let stale = hk__view_set_hit_test_callback(store, gone.index, gone.generation, Self.nesting,
                                                   UnsafeMutableRawPointer(bitPattern: 1), Self.notify)
        #expect(stale == Int32(HK_ERR_STALE_HANDLE))
        let staleInside = hk__view_set_point_inside_callback(store, gone.index, gone.generation, Self.inside,
                                                             UnsafeMutableRawPointer(bitPattern: 1), Self.notify)
        #expect(staleInside == Int32(HK_ERR_STALE_HANDLE))
        #expect(Seen.notified.isEmpty, "a stale view's setter keeps nothing")

        Seen.view = window
        #expect(hk__view_set_hit_test_callback(store, window.index, window.generation, Self.nesting,
                                               UnsafeMutableRawPointer(bitPattern: 2), Self.notify) == Int32(HK_OK))
        var hit = hk_view()
        #expect(hk__hit_test_screen(store, 50, 50, &hit) == Int32(HK_OK))
        #expect(Seen.nestedStatus == Int32(HK_ERR_BUSY))
        #expect(Seen.notified.isEmpty, "the setter refused inside the query keeps nothing")

        #expect(hk_store_destroy(store) == Int32(HK_OK))
        #expect(Seen.notified == [2], "the one callback kept is notified once, with the store")
    }
}

import CHitKit
import HitKitC
import Testing

/// A hit-test or point-inside callback of an app's view runs while the app's store is mid-query:
/// it may read the app, but a call that would change it (and could edit the store) or deliver
/// input is refused with HK_ERR_BUSY, never a trap, whether the query is a host's or a frame's.
@Suite("An app's calls from its views' hit-test callbacks", .serialized)
struct HitTestCallbackTests {
    enum Seen {
        nonisolated(unsafe) static var app: UnsafeMutableRawPointer?
        nonisolated(unsafe) static var scrollView = hk_view()
        nonisolated(unsafe) static var statuses: [String: Int32] = [:]
        nonisolated(unsafe) static var offsetRead = hk_point()
        nonisolated(unsafe) static var touchCallbackCreated = 0
    }

    /// Tries a frame, a view's creation, a scroll and two reads, then answers its own view.
    static let busyHitTest: HitTestCallback = { _, view, _, answer, _ in
        var touch = hk_touch_input(id: 7, phase: Int32(HK_PHASE_BEGAN), has_location: 1, x: 10, y: 10)
        Seen.statuses["frame"] = hk_app_send_frame(Seen.app, 5, &touch, 1)
        var made = hk_view()
        Seen.statuses["create"] = hk__app_view_create(Seen.app, 0, 0, 5, 5, &made)
        Seen.statuses["scroll"] = hk__scroll_view_set_content_offset(Seen.app, Seen.scrollView.index, Seen.scrollView.generation, 0, 30)
        Seen.statuses["destroy app"] = hk_app_destroy(Seen.app)
        var time = -1.0
        Seen.statuses["read time"] = hk_app_next_deadline(Seen.app, &time)
        Seen.statuses["read offset"] = withUnsafeMutablePointer(to: &Seen.offsetRead) {
            hk__scroll_view_content_offset(Seen.app, Seen.scrollView.index, Seen.scrollView.generation, $0)
        }
        answer!.storeBytes(of: view!.load(as: hk_view.self), as: hk_view.self)
    }

    static let busyPointInside: PointInsideCallback = { _, _, _, _ in
        var made = hk_view()
        Seen.statuses["create"] = hk__app_view_create(Seen.app, 0, 0, 5, 5, &made)
        Seen.statuses["advance"] = hk_app_advance(Seen.app, 9)
        return 1
    }

    static let createsAView: TouchCallback = { _, _ in
        var made = hk_view()
        if hk__app_view_create(Seen.app, 0, 0, 5, 5, &made) == Int32(HK_OK) { Seen.touchCallbackCreated += 1 }
    }

    /// An app with a window, a scroll view scrolled to (0, 10) in it, and a touch callback on the
    /// window that makes a view.
    static func makeApp() -> (app: UnsafeMutableRawPointer?, window: hk_view) {
        let app = HitKitC.hk_app_create()
        Seen.app = app
        Seen.statuses = [:]
        Seen.touchCallbackCreated = 0
        var window = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        #expect(hk__scroll_view_create(app, 50, 50, 40, 40, &Seen.scrollView) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, Seen.scrollView.index, Seen.scrollView.generation, window.index, window.generation) == Int32(HK_OK))
        #expect(hk__scroll_view_set_content_size(app, Seen.scrollView.index, Seen.scrollView.generation, 40, 400) == Int32(HK_OK))
        #expect(hk__scroll_view_set_content_offset(app, Seen.scrollView.index, Seen.scrollView.generation, 0, 10) == Int32(HK_OK))
        #expect(hk__app_view_set_touch_callback(app, window.index, window.generation, Self.createsAView, nil, nil) == Int32(HK_OK))
        return (app, window)
    }

    @Test func aHostsHitTestRunsTheCallbackWhichMayOnlyReadTheApp() {
        let (app, window) = Self.makeApp()
        defer { _ = hk_app_destroy(app) }
        let store = hk_app_store(app)
        #expect(hk__view_set_hit_test_callback(store, window.index, window.generation, Self.busyHitTest, nil, nil) == Int32(HK_OK))
        var hit = hk_view()
        #expect(hk__hit_test_screen(store, 10, 10, &hit) == Int32(HK_OK))
        #expect(hit.index == window.index && hit.generation == window.generation)
        let busy = Int32(HK_ERR_BUSY), ok = Int32(HK_OK)
        #expect(Seen.statuses == ["frame": busy, "create": busy, "scroll": busy, "destroy app": busy,
                                  "read time": ok, "read offset": ok])
        #expect(Seen.offsetRead.x == 0 && Seen.offsetRead.y == 10)
        #expect(hk_app_time(app) == 0, "no frame was delivered from inside the hit test")
        #expect(Seen.touchCallbackCreated == 0)
        // Once the query is over, the same calls work.
        var made = hk_view()
        #expect(hk__app_view_create(app, 0, 0, 5, 5, &made) == ok)
    }

    @Test func aFramesHitTestRefusesTheCallbacksChangesButNotTheTouchCallbacks() {
        let (app, window) = Self.makeApp()
        defer { _ = hk_app_destroy(app) }
        #expect(hk__view_set_point_inside_callback(hk_app_store(app), window.index, window.generation, Self.busyPointInside, nil, nil)
                == Int32(HK_OK))
        var touch = hk_touch_input(id: 1, phase: Int32(HK_PHASE_BEGAN), has_location: 1, x: 10, y: 10)
        #expect(hk_app_send_frame(app, 1, &touch, 1) == Int32(HK_OK))
        #expect(Seen.statuses == ["create": Int32(HK_ERR_BUSY), "advance": Int32(HK_ERR_BUSY)])
        #expect(Seen.touchCallbackCreated == 1, "the touch went to the window, whose callback may make views")
        #expect(hk_app_time(app) == 1)
    }
}

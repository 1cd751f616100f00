import CHitKit
import HitKitC
import Testing

/// A callback that runs inside any call into its app, not only inside a frame, finds the app's
/// delivery refused (HK_ERR_BUSY): a window shown over the pointer ends a hover there.
@Suite("Re-entry from callbacks outside frames", .serialized)
struct CallbackReentryTests {
    enum Seen {
        nonisolated(unsafe) static var app: UnsafeMutableRawPointer?
        nonisolated(unsafe) static var reentries: [Int32] = []
    }

    static let tryAFrame: GestureCallback = { _, _ in
        Seen.reentries.append(hk_app_send_frame(Seen.app, 10, nil, 0))
    }

    static let tryAFrameOnScroll: ScrollCallback = { _, _, _, _ in
        Seen.reentries.append(hk_app_send_frame(Seen.app, 10, nil, 0))
    }

    static let tryAFrameOnAction: ActionCallback = { _, _ in
        Seen.reentries.append(hk_app_send_frame(Seen.app, 10, nil, 0))
    }

    @Test func aHoverEndedByANewWindowCannotSendAFrameFromItsCallback() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        Seen.app = app
        Seen.reentries = []
        var window = hk_view(), cover = hk_view(), hover: Int32 = 0
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        #expect(hk__hover_create(app, window.index, window.generation, &hover) == Int32(HK_OK))
        #expect(hk_gesture_set_callback(app, hover, Self.tryAFrame, nil, nil) == Int32(HK_OK))
        var pointer = hk_pointer_input(id: 100, has_left: 0, buttons: 0, x: 50, y: 50, modifiers: 0, reserved: 0)
        #expect(hk_app_send_pointer_frame(app, 1, nil, 0, &pointer, nil) == Int32(HK_OK))
        #expect(Seen.reentries == [Int32(HK_ERR_BUSY)], "began, inside the frame")
        // The new window covers the pointer: the hover ends inside hk_app_window_create.
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &cover) == Int32(HK_OK))
        #expect(Seen.reentries == [Int32(HK_ERR_BUSY), Int32(HK_ERR_BUSY)], "ended, inside the window's creation")
        #expect(hk_app_time(app) == 1, "no frame was delivered from inside")
    }

    @Test func aScrollOffsetCallbackRunByTheHostsOwnScrollCannotSendAFrame() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        Seen.app = app
        Seen.reentries = []
        var scrollView = hk_view()
        #expect(hk__scroll_view_create(app, 0, 0, 100, 100, &scrollView) == Int32(HK_OK))
        #expect(hk__scroll_view_set_content_size(app, scrollView.index, scrollView.generation, 100, 1000) == Int32(HK_OK))
        #expect(hk__scroll_view_set_offset_callback(app, scrollView.index, scrollView.generation, Self.tryAFrameOnScroll, nil, nil)
                == Int32(HK_OK))
        #expect(hk__scroll_view_set_content_offset(app, scrollView.index, scrollView.generation, 0, 40) == Int32(HK_OK))
        #expect(Seen.reentries == [Int32(HK_ERR_BUSY)])
        #expect(hk_app_time(app) == 0)
    }

    @Test func aControlRemovedMidTouchTellsItsCancelToAnActionThatCannotSendAFrame() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        Seen.app = app
        Seen.reentries = []
        var window = hk_view(), button = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        #expect(hk__control_create(app, Int32(HK_CONTROL_BUTTON), 10, 10, 50, 50, &button) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, button.index, button.generation, window.index, window.generation) == Int32(HK_OK))
        #expect(hk__control_set_action_callback(app, button.index, button.generation, UInt32(HK_EVENT_TOUCH_CANCEL),
                                                Self.tryAFrameOnAction, nil, nil) == Int32(HK_OK))
        var touch = hk_touch_input(id: 1, phase: Int32(HK_PHASE_BEGAN), has_location: 1, x: 20, y: 20)
        #expect(hk_app_send_frame(app, 1, &touch, 1) == Int32(HK_OK))
        #expect(Seen.reentries.isEmpty)
        // Removing the tracking button cancels its touch there: touchCancel runs inside this call.
        #expect(hk__app_view_remove_from_superview(app, button.index, button.generation) == Int32(HK_OK))
        #expect(Seen.reentries == [Int32(HK_ERR_BUSY)])
        #expect(hk_app_time(app) == 1, "no frame was delivered from inside")
    }
}

import CHitKit
import HitKit
@testable import HitKitC
import Testing

/// What the C library attaches to an app's objects follows the façade's link policy (rule 1 in
/// HitKit's Links.swift): no weak reference to a view, a window, a recognizer or the
/// application, each of which a delivery retains and releases at every step. A weak reference
/// gives its object a side table for life, and every retain and release of it then takes the
/// runtime's slow path: the app's store, lent to C, once held its application weakly, and each
/// touch frame of the C call floor cost about 940 instructions more for it (8,067 against 7,127).
@Suite("C attachments give no side table to what a delivery retains", .serialized)
struct NoSideTableThroughCTests {
    /// Whether the Swift runtime gave `object` a side table (the two top bits of its inline
    /// reference counts, UseSlowRC and SideTableMark in the runtime's 64-bit RefCount.h).
    static func hasSideTable(_ object: AnyObject) -> Bool {
        let counts = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()).load(fromByteOffset: 8, as: UInt64.self)
        return counts >> 62 == 0b11
    }

    enum Seen {
        nonisolated(unsafe) static var calls = 0
    }

    static let onAction: ActionCallback = { _, _ in Seen.calls += 1 }
    static let onScroll: ScrollCallback = { _, _, _, _ in Seen.calls += 1 }
    static let onScrollEvent: ScrollViewEvent = { _, _, _ in Seen.calls += 1 }
    static let onGesture: GestureCallback = { _, _ in Seen.calls += 1 }

    static func touch(_ id: Int64, _ phase: Int32, _ x: Double, _ y: Double) -> hk_touch_input {
        hk_touch_input(id: id, phase: phase, has_location: 1, x: x, y: y)
    }

    @Test func everyKindOfCAttachmentLeavesTheAppsObjectsWithoutOne() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        Seen.calls = 0
        var window = hk_view(), button = hk_view(), scrollView = hk_view(), tapped = hk_view()
        var tap: hk_gesture = 0, pan: hk_gesture = 0, hover: hk_gesture = 0, action: hk_action_id = 0
        #expect(hk__app_window_create(app, 0, 0, 400, 400, 0, &window) == Int32(HK_OK))
        #expect(hk__control_create(app, Int32(HK_CONTROL_BUTTON), 10, 10, 80, 40, &button) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, button.index, button.generation, window.index, window.generation) == Int32(HK_OK))
        #expect(hk__control_set_action_callback(app, button.index, button.generation, UInt32(HK_EVENT_TOUCH_UP_INSIDE),
                                                Self.onAction, nil, nil) == Int32(HK_OK))
        #expect(hk__control_add_action(app, button.index, button.generation, UInt32(HK_EVENT_TOUCH_UP_INSIDE), &action,
                                       Self.onAction, nil, nil) == Int32(HK_OK))
        #expect(hk__scroll_view_create(app, 0, 100, 400, 200, &scrollView) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, scrollView.index, scrollView.generation, window.index, window.generation)
                == Int32(HK_OK))
        #expect(hk__scroll_view_set_content_size(app, scrollView.index, scrollView.generation, 400, 2000) == Int32(HK_OK))
        #expect(hk__scroll_view_set_offset_callback(app, scrollView.index, scrollView.generation, Self.onScroll, nil, nil)
                == Int32(HK_OK))
        #expect(hk__scroll_view_set_delegate(app, scrollView.index, scrollView.generation, Self.onScrollEvent,
                                             nil, nil, nil, nil, nil, nil, nil, nil) == Int32(HK_OK))
        #expect(hk__app_view_create(app, 0, 320, 400, 80, &tapped) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, tapped.index, tapped.generation, window.index, window.generation) == Int32(HK_OK))
        #expect(hk__tap_create(app, tapped.index, tapped.generation, 1, 1, &tap) == Int32(HK_OK))
        #expect(hk__pan_create(app, window.index, window.generation, 1, 1, &pan) == Int32(HK_OK))
        #expect(hk__hover_create(app, tapped.index, tapped.generation, &hover) == Int32(HK_OK))
        for gesture in [tap, pan, hover] {
            #expect(hk_gesture_set_callback(app, gesture, Self.onGesture, nil, nil) == Int32(HK_OK))
        }
        // An edit through the app's store, which the app's façade follows.
        #expect(hk__view_set_frame(hk_app_store(app), tapped.index, tapped.generation, 0, 310, 400, 90) == Int32(HK_OK))

        var frames: [(Double, hk_touch_input)] = [
            (0, Self.touch(1, Int32(HK_PHASE_BEGAN), 50, 30)), (0.05, Self.touch(1, Int32(HK_PHASE_ENDED), 50, 30)),
            (0.1, Self.touch(2, Int32(HK_PHASE_BEGAN), 200, 280)),
        ]
        for step in 1...5 { frames.append((0.1 + Double(step) * 0.01, Self.touch(2, Int32(HK_PHASE_MOVED), 200, 280 - Double(step) * 30))) }
        frames += [(0.16, Self.touch(2, Int32(HK_PHASE_ENDED), 200, 130)),
                   (0.3, Self.touch(3, Int32(HK_PHASE_BEGAN), 200, 360)), (0.35, Self.touch(3, Int32(HK_PHASE_ENDED), 200, 360))]
        for (time, var touch) in frames {
            #expect(hk_app_send_frame(app, time, &touch, 1) == Int32(HK_OK))
        }
        var pointer = hk_pointer_input(id: 100, has_left: 0, buttons: 0, x: 200, y: 350, modifiers: 0, reserved: 0)
        #expect(hk_app_send_pointer_frame(app, 0.4, nil, 0, &pointer, nil) == Int32(HK_OK))
        #expect(hk_app_advance(app, 2) == Int32(HK_OK))
        #expect(Seen.calls > 10, "the callbacks ran: \(Seen.calls)")

        let box = try appBox(app)
        var retained: [(String, AnyObject)] = [("the application", box.application)]
        for (name, view) in [("the window", window), ("the button", button), ("the scroll view", scrollView), ("the tapped view", tapped)] {
            retained.append((name, try box.view(view.index, view.generation)))
        }
        for (name, gesture) in [("the tap", tap), ("the pan", pan), ("the hover", hover)] {
            retained.append((name, try #require(box.gestures.entries[gesture]).recognizer))
        }
        for (name, object) in retained {
            #expect(!Self.hasSideTable(object), "\(name) has a side table: something holds it weakly")
        }
    }
}

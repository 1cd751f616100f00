import CHitKit
import HitKitC
import Testing

/// A recognizer or a view controller has one handle in its app for as long as it is in the app's
/// table: every call that names it (a delegate's questions, hk_scene_gesture, a responder
/// chain's reads) names it by that handle, and a destroyed handle stays dead.
@Suite("Recognizer and controller handles through C")
struct HandleIdentityTests {
    /// What the delegate below was asked: the handles it was given.
    nonisolated(unsafe) static var asked: [(gesture: Int32, other: Int32)] = []

    func tap(_ app: UnsafeMutableRawPointer?, at time: Double) {
        var down = hk_touch_input(id: 1, phase: Int32(HK_PHASE_BEGAN), has_location: 1, x: 20, y: 20)
        var up = hk_touch_input(id: 1, phase: Int32(HK_PHASE_ENDED), has_location: 1, x: 20, y: 20)
        #expect(hk_app_send_frame(app, time, &down, 1) == Int32(HK_OK))
        #expect(hk_app_send_frame(app, time + 0.05, &up, 1) == Int32(HK_OK))
        #expect(hk_app_advance(app, time + 1) == Int32(HK_OK))
    }

    @Test func aDelegateIsAskedAboutRecognizersByTheirOwnHandles() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        var window = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        var handles: [Int32] = []
        for _ in 0..<3 {
            var handle: Int32 = 0
            #expect(hk__tap_create(app, window.index, window.generation, 1, 1, &handle) == Int32(HK_OK))
            handles.append(handle)
        }
        #expect(Set(handles).count == 3)
        let simultaneous: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Int32 = { _, gesture, other, _ in
            HandleIdentityTests.asked.append((gesture, other))
            return 0
        }
        Self.asked = []
        #expect(hk__gesture_set_delegate(app, handles[0], nil, nil, simultaneous, nil, nil, nil, nil) == Int32(HK_OK))
        tap(app, at: 1)
        tap(app, at: 3)
        // The first tap's recognizer is asked about the other two, and only by the handles
        // hk_tap_create gave: no call makes a second handle for a recognizer.
        #expect(!Self.asked.isEmpty)
        #expect(Self.asked.allSatisfy { $0.gesture == handles[0] && handles.dropFirst().contains($0.other) })
        var state: Int32 = -1
        for handle in handles { #expect(hk_gesture_state_of(app, handle, &state) == Int32(HK_OK)) }
        #expect(hk_gesture_state_of(app, handles.max()! + 1, &state) == Int32(HK_ERR_STALE_HANDLE))
    }

    @Test func aSceneRecognizerKeepsItsHandleUntilDestroyed() throws {
        var app: UnsafeMutableRawPointer?
        #expect(hk_scene_load("Fixtures/scenes/gestures-controls.json", &app) == Int32(HK_OK))
        defer { _ = hk_app_destroy(app) }
        var first: Int32 = 0, again: Int32 = 0, other: Int32 = 0
        #expect(hk_scene_gesture(app, "pan", &first) == Int32(HK_OK))
        #expect(hk_scene_gesture(app, "pan", &again) == Int32(HK_OK))
        #expect(hk_scene_gesture(app, "pinch", &other) == Int32(HK_OK))
        #expect(first == again && other != first)
        var kind: Int32 = -1
        #expect(hk_gesture_kind_of(app, first, &kind) == Int32(HK_OK) && kind == Int32(HK_GESTURE_PAN))
        // Destroyed, the handle is dead and the scene's id names nothing, as a destroyed view's.
        #expect(hk_gesture_destroy(app, first) == Int32(HK_OK))
        #expect(hk_gesture_kind_of(app, first, &kind) == Int32(HK_ERR_STALE_HANDLE))
        var after: Int32 = 0
        #expect(hk_scene_gesture(app, "pan", &after) == Int32(HK_ERR_NOT_FOUND))
        var pinchAgain: Int32 = 0
        #expect(hk_scene_gesture(app, "pinch", &pinchAgain) == Int32(HK_OK) && pinchAgain == other)
    }

    @Test func aControllerKeepsItsHandleUntilDestroyed() throws {
        var app: UnsafeMutableRawPointer?
        #expect(hk_scene_load("Fixtures/scenes/gestures-controls.json", &app) == Int32(HK_OK))
        defer { _ = hk_app_destroy(app) }
        var root = hk_view(), kind: Int32 = -1, first: Int32 = 0, again: Int32 = 0
        #expect(hk_scene_view(app, "root", &root) == Int32(HK_OK))
        // The scene's controller gets its handle when C first meets it, and keeps it.
        #expect(hk__app_next_responder(app, root.index, root.generation, 0, &kind, nil, &first) == Int32(HK_OK))
        #expect(kind == Int32(HK_RESPONDER_CONTROLLER) && first != 0)
        #expect(hk__app_next_responder(app, root.index, root.generation, 0, &kind, nil, &again) == Int32(HK_OK))
        #expect(again == first)
        // One made by C keeps the handle it was made with.
        var view = hk_view(), made: Int32 = 0, named: Int32 = 0
        #expect(hk__app_view_create(app, 0, 0, 10, 10, &view) == Int32(HK_OK))
        #expect(hk__view_controller_create(app, view.index, view.generation, &made) == Int32(HK_OK))
        #expect(hk__app_next_responder(app, view.index, view.generation, 0, &kind, nil, &named) == Int32(HK_OK))
        #expect(kind == Int32(HK_RESPONDER_CONTROLLER) && named == made && made != first)
        // Destroyed, with its view, the handle is dead; a new controller (which may well take
        // the memory the destroyed one had) gets a handle of its own that works.
        #expect(hk_view_controller_destroy(app, made) == Int32(HK_OK))
        #expect(hk__app_view_destroy(app, view.index, view.generation) == Int32(HK_OK))
        var presented: Int32 = 0
        #expect(hk_view_controller_presented(app, made, &presented) == Int32(HK_ERR_STALE_HANDLE))
        for _ in 0..<8 {
            var other = hk_view(), next: Int32 = 0, shown = hk_view()
            #expect(hk__app_view_create(app, 0, 0, 10, 10, &other) == Int32(HK_OK))
            #expect(hk__view_controller_create(app, other.index, other.generation, &next) == Int32(HK_OK))
            #expect(next != made && next != first)
            #expect(hk_view_controller_view(app, next, &shown) == Int32(HK_OK) && shown.index == other.index)
            #expect(hk_view_controller_destroy(app, next) == Int32(HK_OK))
            #expect(hk__app_view_destroy(app, other.index, other.generation) == Int32(HK_OK))
        }
    }
}

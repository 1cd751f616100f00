import CHitKit
import HitKitC
import Testing

/// `hk_app_view_destroy` keeps the header's promise, "its handle becomes stale", also for a view
/// something else of the app keeps: a scene's view or window (the scene forgets it) and a
/// controller's root view (refused until the controller is destroyed); and what C added to the
/// view goes with it, and nothing else does.
@Suite("Destroying an app's view makes its handle stale", .serialized)
struct DestroyedViewTests {
    static func isLive(_ app: UnsafeMutableRawPointer?, _ view: hk_view) -> Bool {
        var superview = hk_view()
        return hk__view_superview(hk_app_store(app), view.index, view.generation, &superview) == Int32(HK_OK)
    }

    static func sceneView(_ app: UnsafeMutableRawPointer?, _ id: String) -> hk_view {
        var view = hk_view(index: -1, generation: 0)
        #expect(hk_scene_view(app, id, &view) == Int32(HK_OK), "scene id \(id)")
        return view
    }

    @Test func aScenesViewAndWindowGoStaleAndTheirIDsNameNothing() throws {
        var app: UnsafeMutableRawPointer?
        #expect(hk_scene_load("Fixtures/scenes/child-controller.json", &app) == Int32(HK_OK))
        defer { _ = hk_app_destroy(app) }
        let cell = Self.sceneView(app, "cell"), window = Self.sceneView(app, "window")
        #expect(hk__app_view_destroy(app, cell.index, cell.generation) == Int32(HK_OK))
        #expect(!Self.isLive(app, cell))
        var found = hk_view()
        #expect(hk_scene_view(app, "cell", &found) == Int32(HK_ERR_NOT_FOUND))
        #expect(hk__app_view_destroy(app, window.index, window.generation) == Int32(HK_OK))
        #expect(!Self.isLive(app, window))
        var hit = hk_view()
        #expect(hk__app_hit_test(app, 10, 100, &hit) == Int32(HK_OK))
        #expect(hit.index == HK_NO_VIEW_INDEX, "the destroyed window is hit no more")
    }

    @Test func aControllersRootViewIsRefusedUntilTheControllerIsDestroyed() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        var root = hk_view(), controller: hk_controller = 0
        #expect(hk__app_view_create(app, 0, 0, 50, 50, &root) == Int32(HK_OK))
        #expect(hk__view_controller_create(app, root.index, root.generation, &controller) == Int32(HK_OK))
        #expect(hk__app_view_destroy(app, root.index, root.generation) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(Self.isLive(app, root), "a refused destroy leaves the view as it was")
        #expect(hk_view_controller_destroy(app, controller) == Int32(HK_OK))
        #expect(hk__app_view_destroy(app, root.index, root.generation) == Int32(HK_OK))
        #expect(!Self.isLive(app, root))
    }

    @Test func aScenesControllerLetsGoOfItsRootViewOnceDestroyed() throws {
        var app: UnsafeMutableRawPointer?
        #expect(hk_scene_load("Fixtures/scenes/child-controller.json", &app) == Int32(HK_OK))
        defer { _ = hk_app_destroy(app) }
        let childView = Self.sceneView(app, "childView")
        var kind: hk_responder_kind = 0, next = hk_view(), child: hk_controller = 0
        #expect(hk__app_next_responder(app, childView.index, childView.generation, 0, &kind, &next, &child) == Int32(HK_OK))
        #expect(kind == Int32(HK_RESPONDER_CONTROLLER) && child != 0)
        #expect(hk__app_view_destroy(app, childView.index, childView.generation) == Int32(HK_ERR_INVALID_ARGUMENT))
        #expect(hk_view_controller_destroy(app, child) == Int32(HK_OK))
        #expect(hk__app_view_destroy(app, childView.index, childView.generation) == Int32(HK_OK))
        #expect(!Self.isLive(app, childView))
    }

    /// The user data released, by tag (the pointer's value).
    nonisolated(unsafe) static var released: [Int] = []

    @Test func aViewsKeyCommandsAndInteractionsGoWithItAndNoOneElses() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        let perform: HitKitC.KeyCommandCallback = { _, _ in }
        let release: HitKitC.DestroyNotify = { DestroyedViewTests.released.append(Int(bitPattern: $0)) }
        Self.released = []
        var window = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        // Two views, each with two key commands and a context menu; user data 1x for the first
        // view's, 2x for the second's.
        var views: [hk_view] = [], commands: [[hk_key_command]] = [], menus: [hk_interaction] = []
        for owner in 1...2 {
            var view = hk_view()
            #expect(hk__app_view_create(app, 0, 0, 50, 50, &view) == Int32(HK_OK))
            #expect(hk__app_view_add_subview(app, view.index, view.generation, window.index, window.generation) == Int32(HK_OK))
            var own: [hk_key_command] = []
            for (tag, input) in [(10, "s"), (11, "t")] {
                var command: hk_key_command = 0
                #expect(HitKitC.hk__app_view_add_key_command(app, view.index, view.generation, input, 0, 0, &command, perform,
                                                     UnsafeMutableRawPointer(bitPattern: owner * tag), release) == Int32(HK_OK))
                own.append(command)
            }
            var callbacks = hk_context_menu_callbacks(), menu: hk_interaction = 0
            #expect(HitKitC.hk__app_view_add_context_menu(app, view.index, view.generation, &menu, &callbacks,
                                                  UnsafeMutableRawPointer(bitPattern: owner * 12), release) == Int32(HK_OK))
            views.append(view); commands.append(own); menus.append(menu)
        }
        #expect(hk__app_view_destroy(app, views[0].index, views[0].generation) == Int32(HK_OK))
        // The first view's commands and menu are gone, their user data released once each...
        #expect(Self.released.sorted() == [10, 11, 12])
        for command in commands[0] { #expect(hk_key_command_set_enabled(app, command, 1) == Int32(HK_ERR_STALE_HANDLE)) }
        #expect(hk_interaction_remove(app, menus[0]) == Int32(HK_ERR_STALE_HANDLE))
        // ...and the second view's are all there.
        for command in commands[1] { #expect(hk_key_command_set_enabled(app, command, 1) == Int32(HK_OK)) }
        #expect(hk_interaction_remove(app, menus[1]) == Int32(HK_OK))
        #expect(Self.released.sorted() == [10, 11, 12, 24])
        #expect(hk__app_view_destroy(app, views[1].index, views[1].generation) == Int32(HK_OK))
        #expect(Self.released.sorted() == [10, 11, 12, 20, 22, 24])
    }

    @Test func aControlsAddedActionsGoWithItAndNoOneElses() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        let act: HitKitC.ActionCallback = { _, _ in }
        let release: HitKitC.DestroyNotify = { DestroyedViewTests.released.append(Int(bitPattern: $0)) }
        Self.released = []
        var buttons: [hk_view] = [], actions: [[hk_action_id]] = []
        for owner in 1...2 {
            var button = hk_view()
            #expect(HitKitC.hk__control_create(app, Int32(HK_CONTROL_BUTTON), 0, 0, 40, 40, &button) == Int32(HK_OK))
            var own: [hk_action_id] = []
            for tag in [10, 11] {
                var id: hk_action_id = 0
                #expect(HitKitC.hk__control_add_action(app, button.index, button.generation, UInt32(HK_EVENT_TOUCH_UP_INSIDE), &id, act,
                                                       UnsafeMutableRawPointer(bitPattern: owner * tag), release) == Int32(HK_OK))
                own.append(id)
            }
            buttons.append(button); actions.append(own)
        }
        #expect(hk__app_view_destroy(app, buttons[0].index, buttons[0].generation) == Int32(HK_OK))
        #expect(Self.released.sorted() == [10, 11])
        // The other button's actions are all there: each removed once, then stale.
        for id in actions[1] {
            #expect(HitKitC.hk__control_remove_action(app, buttons[1].index, buttons[1].generation, id) == Int32(HK_OK))
            #expect(HitKitC.hk__control_remove_action(app, buttons[1].index, buttons[1].generation, id) == Int32(HK_ERR_STALE_HANDLE))
        }
        #expect(Self.released.sorted() == [10, 11, 20, 22])
        #expect(hk__app_view_destroy(app, buttons[1].index, buttons[1].generation) == Int32(HK_OK))
        #expect(Self.released.count == 4)
    }

    @Test func aControllersKeyCommandsAndPressHandlerGoWithIt() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        let perform: HitKitC.KeyCommandCallback = { _, _ in }
        let handle: HitKitC.PressHandlerCallback = { _, _ in 0 }
        let release: HitKitC.DestroyNotify = { DestroyedViewTests.released.append(Int(bitPattern: $0)) }
        Self.released = []
        var controllers: [hk_controller] = [], commands: [hk_key_command] = []
        for owner in 1...2 {
            var root = hk_view(), controller: hk_controller = 0, command: hk_key_command = 0
            #expect(hk__app_view_create(app, 0, 0, 50, 50, &root) == Int32(HK_OK))
            #expect(hk__view_controller_create(app, root.index, root.generation, &controller) == Int32(HK_OK))
            #expect(HitKitC.hk_view_controller_add_key_command(app, controller, "s", 0, 0, &command, perform,
                                                               UnsafeMutableRawPointer(bitPattern: owner * 10), release) == Int32(HK_OK))
            #expect(HitKitC.hk_view_controller_set_press_handler(app, controller, handle,
                                                                 UnsafeMutableRawPointer(bitPattern: owner * 11), release) == Int32(HK_OK))
            controllers.append(controller); commands.append(command)
        }
        #expect(hk_view_controller_destroy(app, controllers[0]) == Int32(HK_OK))
        #expect(Self.released.sorted() == [10, 11])
        #expect(hk_key_command_set_enabled(app, commands[0], 1) == Int32(HK_ERR_STALE_HANDLE))
        #expect(hk_key_command_set_enabled(app, commands[1], 1) == Int32(HK_OK))
        #expect(hk_view_controller_destroy(app, controllers[1]) == Int32(HK_OK))
        #expect(Self.released.sorted() == [10, 11, 20, 22])
    }

    @Test func aDeceleratingScrollViewsHandleGoesStaleAtOnce() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        var window = hk_view(), scroll = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 400, 400, 0, &window) == Int32(HK_OK))
        #expect(hk__scroll_view_create(app, 0, 0, 400, 400, &scroll) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, scroll.index, scroll.generation, window.index, window.generation) == Int32(HK_OK))
        #expect(hk__scroll_view_set_content_size(app, scroll.index, scroll.generation, 400, 20_000) == Int32(HK_OK))
        // A flick: the scroll view decelerates, which takes seconds.
        for (time, phase, y) in [(0.0, HK_PHASE_BEGAN, 300.0), (0.01, HK_PHASE_MOVED, 250), (0.02, HK_PHASE_ENDED, 200)] {
            var touch = hk_touch_input(id: 1, phase: Int32(phase), has_location: 1, x: 200, y: y)
            #expect(hk_app_send_frame(app, time, &touch, 1) == Int32(HK_OK))
        }
        var state: Int32 = 0
        #expect(hk__scroll_view_state(app, scroll.index, scroll.generation, &state) == Int32(HK_OK))
        #expect(state & Int32(HK_SCROLL_VIEW_DECELERATING) != 0)
        var deadline = 0.0
        #expect(hk_app_next_deadline(app, &deadline) == Int32(HK_OK) && deadline.isFinite)
        // Destroyed mid-motion, it is stale at once, as the header says, not when its motion ends.
        #expect(hk__app_view_destroy(app, scroll.index, scroll.generation) == Int32(HK_OK))
        // Nothing is left to tick for: the host is not woken for a motion that is gone.
        #expect(hk_app_next_deadline(app, &deadline) == Int32(HK_OK) && deadline == .infinity)
        #expect(hk__app_view_remove_from_superview(app, scroll.index, scroll.generation) == Int32(HK_ERR_STALE_HANDLE))
        #expect(hk__app_view_destroy(app, scroll.index, scroll.generation) == Int32(HK_ERR_STALE_HANDLE))
        #expect(hk_app_advance(app, 0.1) == Int32(HK_OK))
        #expect(!Self.isLive(app, scroll))
    }

    /// What the touch callbacks were told, view tag and phase, and what a destroy from inside
    /// one of them returned.
    nonisolated(unsafe) static var told: [(view: Int32, phase: Int32)] = []
    nonisolated(unsafe) static var destroyFromCallback: (app: UnsafeMutableRawPointer?, view: hk_view)?
    nonisolated(unsafe) static var destroyedFromCallback: [Int32] = []

    /// Destroying a view takes it out of its superview first, so the touch it loses is cancelled
    /// through its own callback (Behaviour A3: every touch a view began ends or is cancelled
    /// there), as removing it would; a callback that destroys the view again finds it already
    /// going: its handle is still live, and the call is a no-op that succeeds.
    @Test(arguments: [false, true])
    func aViewDestroyedUnderItsTouchIsToldTheCancel(destroyingItAgainFromTheCallback again: Bool) throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        Self.told = []; Self.destroyedFromCallback = []; Self.destroyFromCallback = nil
        var window = hk_view(), view = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        #expect(hk__app_view_create(app, 10, 10, 50, 50, &view) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, view.index, view.generation, window.index, window.generation) == Int32(HK_OK))
        let record: HitKitC.TouchCallback = { event, _ in
            let event = event!.assumingMemoryBound(to: hk_touch_event.self).pointee
            DestroyedViewTests.told.append((event.view.index, event.phase))
            if event.phase == Int32(HK_PHASE_CANCELLED), let (app, view) = DestroyedViewTests.destroyFromCallback {
                DestroyedViewTests.destroyedFromCallback.append(hk__app_view_destroy(app, view.index, view.generation))
            }
        }
        #expect(hk__app_view_set_touch_callback(app, view.index, view.generation, record, nil, nil) == Int32(HK_OK))
        if again { Self.destroyFromCallback = (app, view) }
        var touch = hk_touch_input(id: 1, phase: Int32(HK_PHASE_BEGAN), has_location: 1, x: 20, y: 20)
        #expect(hk_app_send_frame(app, 1, &touch, 1) == Int32(HK_OK))
        #expect(hk__app_view_destroy(app, view.index, view.generation) == Int32(HK_OK))
        #expect(Self.told.map(\.view) == [view.index, view.index])
        #expect(Self.told.map(\.phase) == [Int32(HK_PHASE_BEGAN), Int32(HK_PHASE_CANCELLED)])
        #expect(Self.destroyedFromCallback == (again ? [Int32(HK_OK)] : []))
        #expect(!Self.isLive(app, view))
        // The finger lifts later: the view is gone, nothing more is told.
        touch.phase = Int32(HK_PHASE_ENDED)
        #expect(hk_app_send_frame(app, 2, &touch, 1) == Int32(HK_OK))
        #expect(Self.told.count == 2)
    }

    nonisolated(unsafe) static var cancels = 0

    /// A button destroyed while it tracks a touch sends its touchCancel (Behaviour A5), to the
    /// action callback it still has: the callbacks go with the button after its touch is over.
    @Test func aButtonDestroyedMidTouchSendsItsCancel() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        Self.cancels = 0
        var window = hk_view(), button = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        #expect(HitKitC.hk__control_create(app, Int32(HK_CONTROL_BUTTON), 10, 10, 50, 50, &button) == Int32(HK_OK))
        #expect(hk__app_view_add_subview(app, button.index, button.generation, window.index, window.generation) == Int32(HK_OK))
        let cancelled: HitKitC.ActionCallback = { _, _ in DestroyedViewTests.cancels += 1 }
        #expect(HitKitC.hk__control_set_action_callback(app, button.index, button.generation, UInt32(HK_EVENT_TOUCH_CANCEL),
                                                        cancelled, nil, nil) == Int32(HK_OK))
        var touch = hk_touch_input(id: 1, phase: Int32(HK_PHASE_BEGAN), has_location: 1, x: 20, y: 20)
        #expect(hk_app_send_frame(app, 1, &touch, 1) == Int32(HK_OK))
        #expect(Self.cancels == 0)
        #expect(hk__app_view_destroy(app, button.index, button.generation) == Int32(HK_OK))
        #expect(Self.cancels == 1)
    }
}

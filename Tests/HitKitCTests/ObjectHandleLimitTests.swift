import CHitKit
import HitKit
@testable import HitKitC
import Testing

/// An app numbers its recognizers, controllers, key commands, interactions and added control
/// actions from 1 and never gives a number twice, so that a stale handle can never name a newer object. An app that has
/// given out the last `Int32` of a kind makes no more of it: the call is HK_ERR_LIMIT, leaves
/// `*out` and the views as they were, and every handle already given goes on working. Each test
/// moves the app's next handle (``HandleSequence/next``) near the end, so the refusal is
/// reached without two billion objects.
@Suite("The last handle an app gives to each kind of object")
struct ObjectHandleLimitTests {
    static let ok = Int32(HK_OK), limit = Int32(HK_ERR_LIMIT)
    static let last = Int32.max - 1
    /// The C actions performed in ``afterTheLastActionIDNoActionIsAdded()``.
    nonisolated(unsafe) static var actionsPerformed = 0
    /// The delegate's simultaneity questions in ``aDelegateAsksNothingAboutARecognizerThatCanGetNoHandle()``.
    nonisolated(unsafe) static var simultaneityAsked = 0

    /// An app with a window, and the window's box.
    private static func app() throws -> (app: UnsafeMutableRawPointer?, window: hk_view, box: AppBox) {
        let app = HitKitC.hk_app_create()
        var window = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == ok)
        return (app, window, try appBox(app))
    }

    private static func lastError() -> String { String(cString: hk_last_error_message()) }

    @Test func afterTheLastRecognizerHandleNoRecognizerIsMade() throws {
        let (app, window, box) = try Self.app()
        defer { _ = hk_app_destroy(app) }
        box.gestures.entries.numbering.next = Self.last
        var handle: Int32 = 0
        #expect(hk__tap_create(app, window.index, window.generation, 1, 1, &handle) == Self.ok)
        #expect(handle == Self.last)
        var refused: Int32 = 7
        #expect(hk__tap_create(app, window.index, window.generation, 1, 1, &refused) == Self.limit)
        #expect(hk__pan_create(app, window.index, window.generation, 1, 1, &refused) == Self.limit)
        #expect(refused == 7, "*out is left alone")
        #expect(Self.lastError().contains("every gesture recognizer handle"))
        #expect(try box.view(window.index, window.generation).gestureRecognizers.count == 1, "the refused ones were not attached")
        var state: Int32 = -1
        #expect(HitKitC.hk_gesture_state_of(app, handle, &state) == Self.ok)
        #expect(state == Int32(HK_STATE_POSSIBLE))
    }

    @Test func afterTheLastControllerHandleNoControllerIsMade() throws {
        let (app, _, box) = try Self.app()
        defer { _ = hk_app_destroy(app) }
        var first = hk_view(), second = hk_view()
        #expect(hk__app_view_create(app, 0, 0, 50, 50, &first) == Self.ok)
        #expect(hk__app_view_create(app, 50, 0, 50, 50, &second) == Self.ok)
        box.controllers.numbering.next = Self.last
        var controller: hk_controller = 0
        #expect(hk__view_controller_create(app, first.index, first.generation, &controller) == Self.ok)
        #expect(controller == Self.last)
        var refused: hk_controller = 7
        #expect(hk__view_controller_create(app, second.index, second.generation, &refused) == Self.limit)
        #expect(refused == 7, "*out is left alone")
        #expect(Self.lastError().contains("every view controller handle"))
        #expect(!(try box.view(second.index, second.generation).next is ViewController), "no controller took the view")
        var parent: hk_controller = 7
        #expect(HitKitC.hk_view_controller_parent(app, controller, &parent) == Self.ok, "the last handle given works")
        #expect(parent == 0)
    }

    @Test func afterTheLastKeyCommandHandleNoCommandIsAdded() throws {
        let (app, _, box) = try Self.app()
        defer { _ = hk_app_destroy(app) }
        let perform: HitKitC.KeyCommandCallback = { _, _ in }
        box.keyboard.commands.numbering.next = Self.last
        var command: hk_key_command = 0
        #expect(HitKitC.hk_app_add_key_command(app, "s", 0, 0, &command, perform, nil, nil) == Self.ok)
        #expect(command == Self.last)
        var refused: hk_key_command = 7
        #expect(HitKitC.hk_app_add_key_command(app, "t", 0, 0, &refused, perform, nil, nil) == Self.limit)
        #expect(refused == 7, "*out is left alone")
        #expect(Self.lastError().contains("every key command handle"))
        #expect(box.application.keyCommands.map(\.input) == ["s"], "the refused command was not declared")
        #expect(HitKitC.hk_key_command_set_enabled(app, command, 0) == Self.ok)
    }

    @Test func afterTheLastInteractionHandleNoInteractionIsAttached() throws {
        let (app, window, box) = try Self.app()
        defer { _ = hk_app_destroy(app) }
        var callbacks = hk_context_menu_callbacks(), menu: hk_interaction = 0
        box.interactions.entries.numbering.next = Self.last
        #expect(HitKitC.hk__app_view_add_context_menu(app, window.index, window.generation, &menu, &callbacks, nil, nil) == Self.ok)
        #expect(menu == Self.last)
        var refused: hk_interaction = 7
        #expect(HitKitC.hk__app_view_add_context_menu(app, window.index, window.generation, &refused, &callbacks, nil, nil) == Self.limit)
        #expect(refused == 7, "*out is left alone")
        #expect(Self.lastError().contains("every interaction handle"))
        #expect(try box.view(window.index, window.generation).interactions.count == 1, "the refused menu was not attached")
        var open: Int32 = -1, highlighted: Int32 = -1
        #expect(hk_context_menu_is_open(app, menu, &open, &highlighted) == Self.ok)
    }

    @Test func afterTheLastActionIDNoActionIsAdded() throws {
        let (app, _, box) = try Self.app()
        defer { _ = hk_app_destroy(app) }
        let act: HitKitC.ActionCallback = { _, _ in ObjectHandleLimitTests.actionsPerformed += 1 }
        let release: HitKitC.DestroyNotify = { _ in Issue.record("a refused call keeps no user data, so never notifies") }
        Self.actionsPerformed = 0
        var button = hk_view()
        #expect(HitKitC.hk__control_create(app, Int32(HK_CONTROL_BUTTON), 0, 0, 40, 40, &button) == Self.ok)
        let control = try #require(try box.view(button.index, button.generation) as? Control)
        box.controls.actionIDs.next = Self.last
        var id: hk_action_id = 0
        #expect(HitKitC.hk__control_add_action(app, button.index, button.generation, UInt32(HK_EVENT_TOUCH_UP_INSIDE), &id, act,
                                               nil, nil) == Self.ok)
        #expect(id == Self.last)
        var refused: hk_action_id = 7
        #expect(HitKitC.hk__control_add_action(app, button.index, button.generation, UInt32(HK_EVENT_TOUCH_UP_INSIDE), &refused, act,
                                               UnsafeMutableRawPointer(bitPattern: 1), release) == Self.limit)
        #expect(refused == 7, "*out is left alone")
        #expect(Self.lastError().contains("every added action id"))
        control.sendActions(for: .touchUpInside)
        #expect(Self.actionsPerformed == 1, "the refused action was not added to the control")
        #expect(HitKitC.hk__control_remove_action(app, button.index, button.generation, id) == Self.ok, "the last id given works")
    }

    /// A C delegate names both recognizers of a pair question by handle. One made in Swift has no
    /// handle until it is asked about; when none is left, the question is not put to C and takes
    /// the default answer (not simultaneous), and the touch goes on being delivered.
    @Test(.serialized, arguments: [true, false])
    func aDelegateAsksNothingAboutARecognizerThatCanGetNoHandle(handlesLeft: Bool) throws {
        let (app, window, box) = try Self.app()
        defer { _ = hk_app_destroy(app) }
        var tap: Int32 = 0
        #expect(hk__tap_create(app, window.index, window.generation, 1, 1, &tap) == Self.ok)
        let always: HitKitC.GesturePairQuestion = { _, _, _, _ in
            ObjectHandleLimitTests.simultaneityAsked += 1
            return 1
        }
        #expect(hk__gesture_set_delegate(app, tap, nil, nil, always, nil, nil, nil, nil) == Self.ok)
        let swiftTap = TapGestureRecognizer()
        var ended = 0
        for recognizer in [try box.gesture(tap).recognizer, swiftTap] {
            _ = recognizer.addTarget { recognizer in if recognizer.state == .ended { ended += 1 } }
        }
        try box.view(window.index, window.generation).addGestureRecognizer(swiftTap)
        if !handlesLeft { box.gestures.entries.numbering.next = Int32.max }
        Self.simultaneityAsked = 0
        for (time, phase) in [(0.0, HK_PHASE_BEGAN), (0.05, HK_PHASE_ENDED)] {
            var touch = hk_touch_input(id: 1, phase: Int32(phase), has_location: 1, x: 20, y: 20)
            #expect(hk_app_send_frame(app, time, &touch, 1) == Self.ok)
        }
        if handlesLeft {
            #expect(Self.simultaneityAsked > 0)
            #expect(ended == 2, "C said both taps recognize together")
        } else {
            #expect(Self.simultaneityAsked == 0, "C is never asked about a recognizer it cannot name")
            #expect(ended == 1, "the default answer: one tap excludes the other")
        }
    }
}

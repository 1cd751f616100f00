// The capi target's libFuzzer entry point: each input's bytes decode into a run of C API calls on
// one store and one app, as a C toolkit makes them: views made, edited, destroyed and queried,
// frames sent, recognizers added, callbacks that re-enter the app or destroy their own view, and
// handles that are stale, foreign, made up or NULL. A broken contract traps with what broke;
// libFuzzer then saves the input as a crash file. Built with AddressSanitizer (run.sh), so a
// memory error behind any entry point is a finding too.
//
// The contracts checked on every call:
// - a status is one of the header's (HK_OK ... HK_ERR_FOREIGN_HANDLE), and a failure leaves a
//   message in hk_last_error_message();
// - a NULL out pointer is HK_ERR_INVALID_ARGUMENT;
// - a destroyed view's handle, and a handle of the other owner, are never accepted;
// - a view a query answers is alive in the store it was asked of;
// - from a callback, re-entering the app's delivery or destroying the app is HK_ERR_BUSY;
// - every user_data given with a destroy notification is notified exactly once by the time the
//   app and the store are destroyed.
import CHitKit
import Glibc
import HitKitC

@_cdecl("LLVMFuzzerTestOneInput")
public func capiFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: data == nil ? 0 : size)
    var run = CapiRun(CapiBytes(bytes))
    run.play()
    return 0
}

/// The input, read a byte or a value at a time; reads past its end give zeros.
struct CapiBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A coordinate: mostly whole numbers in a 256-point screen, sometimes a non-finite or a huge one.
    mutating func coordinate() -> Double {
        let b = byte()
        switch b {
        case 250: return .nan
        case 251: return .infinity
        case 252: return -.infinity
        case 253: return 1e300
        case 254: return -Double(byte())
        default: return Double(b) + (b & 1 == 0 ? 0 : 0.5)
        }
    }

    mutating func int32() -> Int32 {
        Int32(bitPattern: UInt32(byte()) | UInt32(byte()) << 8 | UInt32(byte()) << 16 | UInt32(byte()) << 24)
    }
}

/// What the callbacks see and do: the callbacks are C function pointers, so they reach the run
/// through these globals (a libFuzzer run is one thread).
enum CapiCallbacks {
    nonisolated(unsafe) static var app: UnsafeMutableRawPointer?
    /// What the next callback does: 0 nothing, 1 re-enter the delivery, 2 destroy the app,
    /// 3 destroy its own view (the value modulo 4); from 252, move its own view's bounds and
    /// set its exclusive-touch flag through the app's store.
    nonisolated(unsafe) static var reaction: UInt8 = 0
    /// Set while the run destroys the app: its callbacks, told of their touches' cancelling,
    /// find its handle already stale (Docs/CAPI.md).
    nonisolated(unsafe) static var appGoing = false
    /// The app's store (`hk_app_store`), whose handle goes stale with the app's.
    nonisolated(unsafe) static var appStore: UnsafeMutableRawPointer?
    nonisolated(unsafe) static var registered = 0
    nonisolated(unsafe) static var notified = 0

    static let touch: TouchCallback = { event, _ in
        guard let event else { fatalError("a touch callback without its event") }
        let view = event.load(as: hk_touch_event.self).view
        react(view: view)
    }

    static let gesture: GestureCallback = { event, _ in
        guard let event else { fatalError("a gesture callback without its event") }
        react(view: event.load(as: hk_gesture_event.self).view)
    }

    static let action: ActionCallback = { event, _ in
        guard let event else { fatalError("an action callback without its event") }
        react(view: event.load(as: hk_action_event.self).control)
    }

    /// A press: it may re-enter the app or destroy its view, and keeps or passes on the key.
    static let press: PressHandlerCallback = { event, _ in
        guard let event else { fatalError("a press handler without its event") }
        calls += 1
        react(view: event.load(as: hk_press_event.self).view)
        return Int32((Int(reaction) + calls) & 1)
    }

    static let keyCommand: KeyCommandCallback = { event, _ in
        guard let event else { fatalError("a key command without its event") }
        react(view: event.load(as: hk_key_command_event.self).target)
    }

    static let focus: FocusCallback = { event, _ in
        guard let event else { fatalError("a focus callback without its event") }
        react(view: event.load(as: hk_focus_event.self).next)
    }

    static let shouldBegin: GestureQuestion = { _, _, _ in
        calls += 1
        react(view: hk_view(index: -1, generation: 0))
        return Int32((Int(reaction) + calls) & 1)
    }

    static let shouldReceive: GestureTouchQuestion = { _, _, _, x, y, _ in
        calls += 1
        check(x.isFinite && y.isFinite, "a recognizer was asked about a touch at (\(x), \(y))")
        return Int32((Int(reaction) + calls) % 3 == 0 ? 0 : 1)
    }

    static let pairQuestion: GesturePairQuestion = { _, _, _, _ in
        calls += 1
        return Int32((Int(reaction) + calls) & 1)
    }

    static let scrollViewEvent: ScrollViewEvent = { _, scrollView, _ in
        guard let scrollView else { fatalError("a scroll view delegate call without its view") }
        react(view: scrollView.load(as: hk_view.self))
    }

    /// A drag's end: the target it answers may be anywhere, or not a number.
    static let willEndDragging: ScrollViewWillEndDragging = { _, _, vx, vy, target, _ in
        guard let target else { fatalError("will-end-dragging without its target") }
        check(vx.isFinite && vy.isFinite, "a drag ended with the velocity (\(vx), \(vy))")
        calls += 1
        let targets = [hk_point(x: .nan, y: 0), hk_point(x: 1e300, y: -1e300), hk_point(x: .infinity, y: 5)]
        if (Int(reaction) + calls) % 4 != 0 { target.storeBytes(of: targets[calls % targets.count], as: hk_point.self) }
    }

    static let didEndDragging: ScrollViewDidEndDragging = { _, scrollView, _, _ in
        guard let scrollView else { fatalError("did-end-dragging without its view") }
        react(view: scrollView.load(as: hk_view.self))
    }

    /// The view to zoom: none, or any handle the run made (stale, foreign or its own).
    static let viewForZooming: ScrollViewViewForZooming = { _, scrollView, out, _ in
        guard let scrollView, let out else { fatalError("view-for-zooming without its view or out") }
        calls += 1
        switch (Int(reaction) + calls) % 3 {
        case 0: return 0
        case 1: out.storeBytes(of: scrollView.load(as: hk_view.self), as: hk_view.self)
        default: if !answers.isEmpty { out.storeBytes(of: answers[calls % answers.count], as: hk_view.self) }
        }
        return 1
    }

    static let zoomEvent: ScrollViewZoomEvent = { _, scrollView, _, _ in
        guard let scrollView else { fatalError("a zoom call without its scroll view") }
        react(view: scrollView.load(as: hk_view.self))
    }

    static let didEndZooming: ScrollViewDidEndZooming = { _, _, _, scale, _ in
        check(scale.isFinite && scale > 0, "a zoom ended at the scale \(scale)")
    }

    static let scroll: ScrollCallback = { _, scrollView, offset, _ in
        guard let scrollView, let offset else { fatalError("a scroll callback without its view or offset") }
        let point = offset.load(as: hk_point.self)
        check(point.x.isFinite && point.y.isFinite, "a scroll callback was given the offset \(point)")
        react(view: scrollView.load(as: hk_view.self))
    }

    /// Handles a hit-test callback may answer with: every view the run made, live or not.
    nonisolated(unsafe) static var answers: [hk_view] = []
    /// Varies the hit-test and point-inside callbacks' answers from call to call.
    nonisolated(unsafe) static var calls = 0

    /// A view's own hitTest from C: it answers nothing, itself, the default answer, or any handle
    /// the run made (stale or of the app: HitKit must take those as "nothing hit"); it may try
    /// to edit the store (refused while the query reads it) or hit-test again.
    static let hitTest: HitTestCallback = { store, view, point, answer, _ in
        guard let store, let view, let point, let answer else { fatalError("a hit-test callback without its arguments") }
        calls += 1
        let own = view.load(as: hk_view.self), at = point.load(as: hk_point.self)
        check(at.x.isFinite && at.y.isFinite, "a hit-test callback was given the point \(at)")
        switch (Int(reaction) + calls) % 6 {
        case 0: break
        case 1: answer.storeBytes(of: own, as: hk_view.self)
        case 2:
            var fallback = hk_view(index: -1, generation: 0)
            checkStatus(hk__view_default_hit_test(store, own.index, own.generation, at.x, at.y, &fallback), "hk_view_default_hit_test")
            answer.storeBytes(of: fallback, as: hk_view.self)
        case 3:
            let status = hk__view_set_flag(store, own.index, own.generation, Int32(HK_FLAG_HIDDEN), 1)
            let refusal = appGoing && store == appStore ? Int32(HK_ERR_STALE_HANDLE) : Int32(HK_ERR_BUSY)
            check(status == refusal, "an edit from inside a hit test gave \(status), not \(refusal)")
        case 4:
            var nested = hk_view()
            checkStatus(hk__hit_test_screen(store, at.x, at.y, &nested), "hk_hit_test_screen from inside a hit test")
        case 5 where store == appStore:
            changeAppFromAQuery(own)
        default:
            if !answers.isEmpty { answer.storeBytes(of: answers[calls % answers.count], as: hk_view.self) }
        }
    }

    static let pointInside: PointInsideCallback = { store, view, _, _ in
        calls += 1
        if let view, store == appStore, (Int(reaction) + calls) % 3 == 0 { changeAppFromAQuery(view.load(as: hk_view.self)) }
        return Int32((Int(reaction) + calls) & 1)
    }

    /// From inside a query of the app's store: every call that could change the app (and so
    /// edit the store) or deliver is refused, and a read works.
    static func changeAppFromAQuery(_ view: hk_view) {
        let refusal = appGoing ? Int32(HK_ERR_STALE_HANDLE) : Int32(HK_ERR_BUSY)
        var made = hk_view(), time = 0.0
        let changes = [
            ("hk_app_send_frame", hk_app_send_frame(app, 1e6, nil, 0)),
            ("hk_app_view_create", hk__app_view_create(app, 0, 0, 10, 10, &made)),
            ("hk_app_view_destroy", hk__app_view_destroy(app, view.index, view.generation)),
            ("hk_app_view_remove_from_superview", hk__app_view_remove_from_superview(app, view.index, view.generation)),
            ("hk_app_destroy", hk_app_destroy(app)),
        ]
        for (call, status) in changes {
            check(status == refusal, "\(call) from inside a hit test of the app's store gave \(status), not \(refusal)")
        }
        let read = hk_app_next_deadline(app, &time)
        check(read == (appGoing ? refusal : Int32(HK_OK)), "hk_app_next_deadline from inside a hit test gave \(read)")
    }

    /// A context menu's configuration from C: no menu, or items with good or non-finite frames,
    /// and a count that may be negative or past the room HitKit gave.
    static let menuConfiguration: hk_menu_configuration_callback = { _, _, location, items, capacity, count, _ in
        guard let items, let count else { fatalError("a menu configuration callback without its items or count") }
        calls += 1
        check(location.x.isFinite && location.y.isFinite, "a menu was asked at \(location)")
        check(capacity >= 0, "a menu configuration's room is \(capacity)")
        let mode = (Int(reaction) + calls) % 6
        if mode == 0 { return 0 }
        let claimed: Int32 = switch mode {
        case 4: -1
        case 5: capacity &+ 3
        default: Int32(calls % 4)
        }
        for i in 0..<max(0, min(Int(claimed), Int(capacity))) {
            items[i] = hk_menu_item(frame: hk_rect(x: Double(i * 10), y: 0, width: mode == 3 ? .nan : 40, height: 20),
                                    enabled: Int32(i & 1), identifier: nil)
        }
        count.pointee = claimed
        return 1
    }

    /// An interaction told something: it may re-enter the app, destroy it, or remove itself.
    static let interactionEvent: hk_interaction_callback = { _, interaction, _ in
        calls += 1
        switch (Int(reaction) + calls) % 4 {
        case 1: react(view: hk_view(index: -1, generation: 0))
        case 2: checkStatus(hk_interaction_remove(app, interaction), "hk_interaction_remove from its own callback")
        default: break
        }
    }

    static let menuItem: hk_menu_item_callback = { _, _, item, _ in
        check(item >= 0, "a menu item callback was given the item \(item)")
    }

    /// How many items a lift drags: none, some, or far too many.
    static let dragItems: hk_drag_items_callback = { _, _, _ in
        calls += 1
        return [0, 1, 3, -1, Int32.max][(Int(reaction) + calls) % 5]
    }

    static let dragEnd: hk_drag_end_callback = { _, _, operation, _ in
        check((0...2).contains(operation), "a drag ended with the operation \(operation)")
    }

    static let dropCanHandle: hk_drop_can_handle_callback = { _, _, _, _ in
        calls += 1
        return Int32((Int(reaction) + calls) & 1)
    }

    /// A drop's proposal: one of the four, or one HitKit does not know.
    static let dropUpdate: hk_drop_update_callback = { _, _, _, _ in
        calls += 1
        return Int32((Int(reaction) + calls) % 6) - 1
    }

    static let dropEvent: hk_drop_callback = { _, drop, _, _ in
        interactionEvent(nil, drop, nil)
    }

    static let destroyNotify: DestroyNotify = { _ in notified += 1 }

    /// A line of a scene's delivery log: it may re-enter the app, destroy it or destroy a view.
    static let sceneLog: SceneLogCallback = { line, length, _ in
        guard let line else { fatalError("a log line without its text") }
        check(strlen(line) == length, "a log line of \(length) bytes had \(strlen(line)) before its NUL")
        react(view: hk_view(index: -1, generation: 0))
    }

    static func react(view: hk_view) {
        let refusal = appGoing ? Int32(HK_ERR_STALE_HANDLE) : Int32(HK_ERR_BUSY)
        if reaction >= 252 {
            // Store edits are allowed in callbacks (not in hit tests); the app follows them at
            // the delivery's end: a scroll view's delegate and offset callback, the exclusive count.
            let moved = hk__view_set_bounds(appStore, view.index, view.generation, Double(reaction), -Double(reaction), 40, 40)
            checkStatus(moved, "hk_view_set_bounds on the app's store from a callback")
            let flagged = hk__view_set_flag(appStore, view.index, view.generation, Int32(HK_FLAG_EXCLUSIVE_TOUCH), Int32(reaction & 1))
            checkStatus(flagged, "hk_view_set_flag on the app's store from a callback")
            return
        }
        switch reaction % 4 {
        case 1:
            let status = hk_app_send_frame(app, 1e6, nil, 0)
            check(status == refusal, "re-entering the delivery from a callback gave \(status), not \(refusal)")
        case 2:
            let status = hk_app_destroy(app)
            check(status == refusal, "destroying the app from its callback gave \(status), not \(refusal)")
        case 3:
            let status = hk__app_view_destroy(app, view.index, view.generation)
            checkStatus(status, "hk_app_view_destroy from a callback")
            check(!appGoing || status == refusal, "a callback destroyed a view of an app being destroyed (\(status))")
        default:
            break
        }
    }
}

/// A handle the run made, with whose it is.
struct CapiView {
    var handle: hk_view
    var inApp: Bool
    var destroyed = false
}

struct CapiRun {
    var input: CapiBytes
    let store = HitKitC.hk_store_create()
    var app = HitKitC.hk_app_create()
    var views: [CapiView] = []
    var gestures: [Int32] = []
    var interactions: [Int32] = []
    var time = 0.0
    var activeTouches: Set<Int64> = []

    init(_ input: CapiBytes) {
        self.input = input
        CapiCallbacks.app = app
        CapiCallbacks.appStore = hk_app_store(app)
        CapiCallbacks.appGoing = false
        CapiCallbacks.registered = 0
        CapiCallbacks.answers = []
        CapiCallbacks.notified = 0
    }

    mutating func play() {
        var steps = 0
        while !input.isAtEnd && steps < 400 {
            step()
            steps += 1
        }
        destroyApp()
        checkStatus(hk_store_destroy(store), "hk_store_destroy")
        check(CapiCallbacks.notified == CapiCallbacks.registered,
              "\(CapiCallbacks.registered) destroy notifications registered, \(CapiCallbacks.notified) called")
    }

    /// Destroys the app: its callbacks, told of the touches it cancels, find its handle stale, and
    /// every handle of it goes stale.
    mutating func destroyApp() {
        CapiCallbacks.appGoing = true
        checkStatus(hk_app_destroy(app), "hk_app_destroy")
        CapiCallbacks.appGoing = false
        for index in views.indices where views[index].inApp { views[index].destroyed = true }
    }

    /// Replaces the app by one built from a shipped scene (a scene file's, or a scenario's own),
    /// whose log a callback that may re-enter the app hears, or no one: its views, found by hit
    /// tests, join the run's, and the old app's handles go stale with it.
    mutating func loadScene() {
        CapiCallbacks.reaction = input.byte()
        let scenes = CapiScenes.all
        check(scenes.count > 100, "only \(scenes.count) shipped scenes found beside \(#filePath)")
        let scene = scenes[Int(input.byte()) % scenes.count]
        var loaded: UnsafeMutableRawPointer?
        let status = scene.json.withUnsafeBytes { bytes in
            scene.name.withCString { hk_scene_load_buffer(bytes.baseAddress, UInt(bytes.count), $0, &loaded) }
        }
        checkStatus(status, "hk_scene_load_buffer")
        check(status == Int32(HK_OK), "the shipped scene \(scene.name) did not load (\(status))")
        guard let loaded else { return }
        destroyApp()
        app = loaded
        CapiCallbacks.app = loaded
        CapiCallbacks.appStore = hk_app_store(loaded)
        activeTouches = []
        for y in stride(from: 5.0, to: 800, by: 30) {
            for x in stride(from: 5.0, to: 800, by: 30) {
                var hit = hk_view(index: -1, generation: 0)
                checkStatus(hk__app_hit_test(loaded, x, y, &hit), "hk_app_hit_test")
                guard hit.index >= 0, !views.contains(where: { $0.inApp && !$0.destroyed && same($0.handle, hit) }) else { continue }
                views.append(CapiView(handle: hit, inApp: true))
                CapiCallbacks.answers.append(hit)
            }
        }
        if input.byte() & 1 == 0 {
            let heard = hk_scene_set_log_callback(loaded, CapiCallbacks.sceneLog, nil, CapiCallbacks.destroyNotify)
            checkStatus(heard, "hk_scene_set_log_callback")
            if heard == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        }
        let (view, v) = pick()
        var id: UnsafePointer<CChar>?
        let named = hk__scene_view_id(loaded, view.index, view.generation, &id)
        expect(named, for: v, inApp: true, "hk_scene_view_id")
        if named == Int32(HK_OK), let id {
            var found = hk_view()
            check(hk_scene_view(loaded, id, &found) == Int32(HK_OK) && same(found, view), "hk_scene_view did not find \(String(cString: id))")
        }
        var gesture: Int32 = 0
        checkStatus(hk_scene_gesture(loaded, "no such gesture", &gesture), "hk_scene_gesture")
        var interaction: Int32 = 0
        checkStatus(hk_scene_interaction(loaded, "no such interaction", &interaction), "hk_scene_interaction")
    }

    /// A view handle to pass: one the run made (perhaps destroyed), or one made up.
    mutating func pick() -> (hk_view, CapiView?) {
        let b = input.byte()
        if b >= 240 || views.isEmpty {
            return (hk_view(index: input.int32(), generation: UInt32(input.byte())), nil)
        }
        let made = views[Int(b) % views.count]
        return (made.handle, made)
    }

    /// Checks the status of a call given `view` (nil: a made-up handle, which may name anything).
    func expect(_ status: Int32, for view: CapiView?, inApp: Bool, _ call: String) {
        checkStatus(status, call)
        guard let view, status == Int32(HK_OK) else { return }
        check(!view.destroyed, "\(call) accepted the handle of a destroyed view (\(view.handle.index).\(view.handle.generation))")
        check(view.inApp == inApp, "\(call) accepted a handle of the other owner")
    }

    mutating func made(_ status: Int32, _ out: hk_view, inApp: Bool, _ call: String) {
        checkStatus(status, call)
        if status == Int32(HK_OK) {
            views.append(CapiView(handle: out, inApp: inApp))
            CapiCallbacks.answers.append(out)
        }
    }

    mutating func markDestroyed(_ handle: hk_view) {
        for i in views.indices where views[i].handle.index == handle.index && views[i].handle.generation == handle.generation {
            views[i].destroyed = true
        }
    }

    /// Checks that a query's answer is hk_no_view() or a live view of `owner`.
    func checkAnswer(_ answer: hk_view, of owner: UnsafeRawPointer?, _ call: String) {
        guard answer.index >= 0 else { return }
        var superview = hk_view()
        let status = hk__view_superview(owner, answer.index, answer.generation, &superview)
        check(status == Int32(HK_OK), "\(call) answered view \(answer.index).\(answer.generation), which its store refuses (\(status))")
        if superview.index >= 0 { checkSubviewWalk(of: superview, in: owner) }
    }

    /// The subviews of `parent` walked by hk_view_first_subview and hk_view_next_sibling are
    /// hk_view_subview_count of them, each the one hk_view_subview_at gives at its index.
    func checkSubviewWalk(of parent: hk_view, in owner: UnsafeRawPointer?) {
        var count: UInt = 0
        let counted = hk__view_subview_count(owner, parent.index, parent.generation, &count)
        check(counted == Int32(HK_OK), "hk_view_subview_count refused a live superview (\(counted))")
        var view = hk_view(), index: UInt = 0
        var status = hk__view_first_subview(owner, parent.index, parent.generation, &view)
        while status == Int32(HK_OK), view.index >= 0, index <= count {
            var at = hk_view()
            let found = hk__view_subview_at(owner, parent.index, parent.generation, index, &at)
            check(found == Int32(HK_OK) && at.index == view.index && at.generation == view.generation,
                  "subview \(index): the sibling walk has \(view.index).\(view.generation), hk_view_subview_at \(at.index).\(at.generation) (\(found))")
            index += 1
            status = hk__view_next_sibling(owner, view.index, view.generation, &view)
        }
        check(status == Int32(HK_OK) && index == count, "the sibling walk met \(index) subviews (status \(status)), the count is \(count)")
    }

    /// hk_hit_test_screen_points on the point a single query just answered and the point with
    /// its coordinates swapped: the same refusal for a point that is not finite (at its index,
    /// writing nothing there), answers a query may give, and the single query's answer where no
    /// callback could have answered differently. The callbacks' call count is put back after,
    /// so the rest of the run (and every committed seed) goes on as without this check.
    func checkScreenPoints(_ target: UnsafeRawPointer?, _ x: Double, _ y: Double, single: Int32, _ answer: hk_view,
                           callbacksRan: Bool) {
        let callsBefore = CapiCallbacks.calls
        defer { CapiCallbacks.calls = callsBefore }
        let points = [hk_point(x: x, y: y), hk_point(x: y, y: x)]
        var answers = [hk_view](repeating: hk_view(index: -7, generation: 7), count: 2)
        let status = hk_hit_test_screen_points(target, points, 2, &answers)
        checkStatus(status, "hk_hit_test_screen_points")
        let finite = x.isFinite && y.isFinite
        if single == Int32(HK_OK), finite {
            check(status == Int32(HK_OK), "hk_hit_test_screen_points refused (\(status)) two finite points a single query answers")
        }
        if single != Int32(HK_OK), single != Int32(HK_ERR_INVALID_ARGUMENT) || finite {
            check(status == single, "hk_hit_test_screen_points gave \(status) where hk_hit_test_screen gave \(single)")
        }
        if !finite, single == Int32(HK_ERR_INVALID_ARGUMENT), target != nil {
            check(status == single && answers[0].index == -7 && String(cString: hk_last_error_message()).hasPrefix("points[0] "),
                  "hk_hit_test_screen_points did not stop at a point that is not finite")
        }
        guard status == Int32(HK_OK) else { return }
        for answer in answers { checkAnswer(answer, of: target, "hk_hit_test_screen_points") }
        if !callbacksRan, CapiCallbacks.calls == callsBefore {
            check(answers[0].index == answer.index && answers[0].generation == answer.generation,
                  "hk_hit_test_screen_points answered \(answers[0]) where hk_hit_test_screen answered \(answer)")
        }
    }

    /// hk_snapshot_hit_test_points on the point a single snapshot query just answered and the
    /// point with its coordinates swapped: the single query's status (a point that is not finite
    /// stops it at its index, writing nothing there) and, first, its kind and view exactly (a
    /// snapshot calls no C, so nothing can answer differently).
    func checkSnapshotPoints(_ snapshot: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, single: Int32, _ kind: Int32,
                             _ view: hk_view) {
        let points = [hk_point(x: x, y: y), hk_point(x: y, y: x)]
        var kinds: [Int32] = [-1, -1], views = [hk_view](repeating: hk_view(index: -7, generation: 7), count: 2)
        let status = hk_snapshot_hit_test_points(snapshot, points, 2, &kinds, &views)
        checkStatus(status, "hk_snapshot_hit_test_points")
        check(status == single, "hk_snapshot_hit_test_points gave \(status) where hk_snapshot_hit_test gave \(single)")
        if status == Int32(HK_ERR_INVALID_ARGUMENT), snapshot != nil {
            check(kinds[0] == -1 && views[0].index == -7 && String(cString: hk_last_error_message()).hasPrefix("points[0] "),
                  "hk_snapshot_hit_test_points did not stop at a point that is not finite")
        }
        guard status == Int32(HK_OK) else { return }
        check(kinds[0] == kind && views[0].index == view.index && views[0].generation == view.generation,
              "hk_snapshot_hit_test_points answered \(kinds[0]) \(views[0]) where hk_snapshot_hit_test answered \(kind) \(view)")
    }

    mutating func step() {
        // Bytes below 232 pick among the first 29 operations as they always have, so the committed
        // seeds mostly replay the runs they were saved from; the rest pick the later ones. A new
        // scene costs as much as hundreds of other steps: 255 alone loads one.
        let opByte = input.byte()
        let op: UInt8 = switch opByte {
        case ..<232: opByte % 29
        case 255: 31
        default: [29, 30, 32][Int(opByte - 232) % 3]
        }
        switch op {
        case 0, 1:
            var out = hk_view()
            let x = input.coordinate(), y = input.coordinate(), w = input.coordinate(), h = input.coordinate()
            if op == 0 {
                made(hk__view_create(store, x, y, w, h, &out), out, inApp: false, "hk_view_create")
            } else {
                made(hk__window_create(store, x, y, w, h, input.coordinate(), &out), out, inApp: false, "hk_window_create")
            }
        case 2:
            addSubview(inApp: false)
        case 3:
            let (view, v) = pick()
            expect(hk__view_remove_from_superview(store, view.index, view.generation), for: v, inApp: false, "hk_view_remove_from_superview")
        case 4:
            let (view, v) = pick()
            let status = hk__view_destroy(store, view.index, view.generation)
            expect(status, for: v, inApp: false, "hk_view_destroy")
            if status == Int32(HK_OK) { markDestroyed(view) }
        case 5:
            let (view, v) = pick()
            let flag = Int32(input.byte() % 10)
            expect(hk__view_set_flag(store, view.index, view.generation, flag, Int32(input.byte() & 1)), for: v, inApp: false, "hk_view_set_flag")
        case 6:
            let (view, v) = pick()
            let x = input.coordinate(), y = input.coordinate(), w = input.coordinate(), h = input.coordinate()
            expect(hk__view_set_frame(store, view.index, view.generation, x, y, w, h), for: v, inApp: false, "hk_view_set_frame")
        case 7:
            let (view, v) = pick()
            var transform = hk_transform(a: input.coordinate() / 64, b: input.coordinate() / 64, c: input.coordinate() / 64,
                                         d: input.coordinate() / 64, tx: input.coordinate(), ty: input.coordinate())
            expect(hk__view_set_transform(store, view.index, view.generation, &transform), for: v, inApp: false, "hk_view_set_transform")
        case 8:
            // Of either store: a host's query of the app's runs its views' callbacks outside frames.
            var answer = hk_view(index: -7, generation: 7)
            let x = input.coordinate(), y = input.coordinate()
            let target = input.byte() & 1 == 1 ? hk_app_store(app) : store
            let callsBefore = CapiCallbacks.calls
            let status = hk__hit_test_screen(target, x, y, &answer)
            checkStatus(status, "hk_hit_test_screen")
            if status == Int32(HK_OK) { checkAnswer(answer, of: target, "hk_hit_test_screen") }
            check(hk__hit_test_screen(target, x, y, nil) == Int32(HK_ERR_INVALID_ARGUMENT), "hk_hit_test_screen took a NULL out")
            checkScreenPoints(target, x, y, single: status, answer, callbacksRan: CapiCallbacks.calls != callsBefore)
        case 9:
            let (view, v) = pick()
            var answer = hk_view(index: -7, generation: 7)
            let status = hk__hit_test_view(store, view.index, view.generation, input.coordinate(), input.coordinate(), &answer)
            expect(status, for: v, inApp: false, "hk_hit_test_view")
            if status == Int32(HK_OK) { checkAnswer(answer, of: store, "hk_hit_test_view") }
        case 10:
            let (from, f) = pick(), (to, t) = pick()
            var point = hk_point()
            let status = hk__convert_point(store, input.coordinate(), input.coordinate(), from.index, from.generation,
                                           to.index, to.generation, &point)
            expect(status, for: f, inApp: false, "hk_convert_point")
            expect(status, for: t, inApp: false, "hk_convert_point")
        case 11:
            var out = hk_view()
            let x = input.coordinate(), y = input.coordinate(), w = input.coordinate(), h = input.coordinate()
            switch input.byte() % 5 {
            case 0: made(hk__app_window_create(app, x, y, w, h, 0, &out), out, inApp: true, "hk_app_window_create")
            case 1: made(hk__app_view_create(app, x, y, w, h, &out), out, inApp: true, "hk_app_view_create")
            case 2: made(hk__scroll_view_create(app, x, y, w, h, &out), out, inApp: true, "hk_scroll_view_create")
            case 3:
                // A refused slider is not made: the app's view count stays.
                let before = hk_store_view_count(hk_app_store(app))
                let status = hk__slider_create(app, x, y, w, h, input.coordinate(), input.coordinate(), input.coordinate(), &out)
                check(status == Int32(HK_OK) || hk_store_view_count(hk_app_store(app)) == before,
                      "a refused hk_slider_create (\(status)) made a view")
                made(status, out, inApp: true, "hk_slider_create")
            default: made(hk__control_create(app, Int32(input.byte() % 9) - 1, x, y, w, h, &out), out, inApp: true, "hk_control_create")
            }
        case 12:
            addSubview(inApp: true)
        case 13:
            let (view, v) = pick()
            let destroying = input.byte() & 1 == 1
            let status = !destroying
                ? hk__app_view_remove_from_superview(app, view.index, view.generation)
                : hk__app_view_destroy(app, view.index, view.generation)
            expect(status, for: v, inApp: true, "hk_app_view_remove_from_superview or hk_app_view_destroy")
            if destroying && status == Int32(HK_OK) { markDestroyed(view) }
        case 14:
            let (view, v) = pick()
            let status = hk__app_view_set_touch_callback(app, view.index, view.generation, CapiCallbacks.touch, nil, CapiCallbacks.destroyNotify)
            expect(status, for: v, inApp: true, "hk_app_view_set_touch_callback")
            // A refused setter takes no user data, so it owes no notification.
            if status == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        case 15:
            let (view, v) = pick()
            var gesture: Int32 = 0
            let status: Int32 = switch input.byte() % 3 {
            case 0: hk__tap_create(app, view.index, view.generation, Int32(input.byte() % 4), 1, &gesture)
            case 1: hk__pan_create(app, view.index, view.generation, 1, Int32(input.byte() % 3), &gesture)
            default: hk__long_press_create(app, view.index, view.generation, input.coordinate() / 100, 1, &gesture)
            }
            expect(status, for: v, inApp: true, "a recognizer's create")
            if status == Int32(HK_OK) {
                gestures.append(gesture)
                let set = hk_gesture_set_callback(app, gesture, CapiCallbacks.gesture, nil, CapiCallbacks.destroyNotify)
                checkStatus(set, "hk_gesture_set_callback")
                if set == Int32(HK_OK) { CapiCallbacks.registered += 1 }
            }
        case 16:
            guard !gestures.isEmpty else { break }
            let gesture = input.byte() < 240 ? gestures[Int(input.byte()) % gestures.count] : input.int32()
            checkStatus(hk_gesture_destroy(app, gesture), "hk_gesture_destroy")
        case 17:
            sendFrame()
        case 18:
            CapiCallbacks.reaction = input.byte()
            time += Double(input.byte()) / 50
            checkStatus(hk_app_advance(app, input.byte() == 255 ? .nan : time), "hk_app_advance")
        case 20:
            sendPointerFrame()
        case 21:
            CapiCallbacks.reaction = input.byte()
            var step = touchpadStep()
            time += Double(input.byte() % 8) / 100
            checkStatus(hk_app_send_touchpad_frame(app, time, &step), "hk_app_send_touchpad_frame")
        case 22:
            sendKeyFrame()
        case 23:
            editScrollView()
        case 24:
            let (view, v) = pick()
            var id: Int32 = 0
            let status = hk__control_add_action(app, view.index, view.generation, UInt32(input.byte()) | UInt32(input.byte()) << 8,
                                                &id, CapiCallbacks.action, nil, CapiCallbacks.destroyNotify)
            expect(status, for: v, inApp: true, "hk_control_add_action")
            if status == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        case 25:
            // Time moves to the app's next deadline, as a host's main loop moves it.
            CapiCallbacks.reaction = input.byte()
            var deadline = 0.0
            checkStatus(hk_app_next_deadline(app, &deadline), "hk_app_next_deadline")
            check(deadline.isFinite || deadline == .infinity, "hk_app_next_deadline gave \(deadline)")
            if deadline.isFinite && deadline >= time {
                time = deadline
                checkStatus(hk_app_advance(app, time), "hk_app_advance to the deadline")
            }
        case 26:
            // A view's own hitTest or pointInside from C, set or cleared.
            CapiCallbacks.reaction = input.byte()
            let (view, v) = pick()
            let kind = input.byte() % 4
            // On either store: the app's runs its callbacks inside frames as well as queries.
            let inApp = input.byte() & 1 == 1, target = inApp ? hk_app_store(app) : store
            let status = kind & 1 == 0
                ? hk__view_set_hit_test_callback(target, view.index, view.generation, kind == 0 ? CapiCallbacks.hitTest : nil,
                                                 nil, CapiCallbacks.destroyNotify)
                : hk__view_set_point_inside_callback(target, view.index, view.generation, kind == 1 ? CapiCallbacks.pointInside : nil,
                                                     nil, CapiCallbacks.destroyNotify)
            expect(status, for: v, inApp: inApp, "a hit-test or point-inside callback's setter")
            if status == Int32(HK_OK) && kind < 2 { CapiCallbacks.registered += 1 }
        case 27:
            addInteraction()
        case 29:
            attachKeyboardCallback()
        case 30:
            attachDelegate()
        case 31:
            loadScene()
        case 32:
            sendInputFrame()
        case 28:
            CapiCallbacks.reaction = input.byte()
            switch input.byte() % 3 {
            case 0:
                let handle = interactions.isEmpty || input.byte() >= 240 ? input.int32() : interactions[Int(input.byte()) % interactions.count]
                checkStatus(hk_interaction_remove(app, handle), "hk_interaction_remove")
            case 1:
                var taken: Int32 = -1
                checkStatus(hk_app_handle_context_menu_key(app, &taken), "hk_app_handle_context_menu_key")
            default:
                var count: Int32 = -1
                checkStatus(hk_app_take_interaction_error(app, &count), "hk_app_take_interaction_error")
            }
        default:
            var answer = hk_view(index: -7, generation: 7)
            let status = hk__app_hit_test(app, input.coordinate(), input.coordinate(), &answer)
            checkStatus(status, "hk_app_hit_test")
            if status == Int32(HK_OK) { checkAnswer(answer, of: UnsafeRawPointer(hk_app_store(app)), "hk_app_hit_test") }
            var snapshot: UnsafeMutableRawPointer?
            checkStatus(hk_store_snapshot(store, &snapshot), "hk_store_snapshot")
            var kind: Int32 = 0, view = hk_view()
            let x = input.coordinate(), y = input.coordinate()
            let single = hk__snapshot_hit_test(snapshot, x, y, &kind, &view)
            checkStatus(single, "hk_snapshot_hit_test")
            checkSnapshotPoints(snapshot, x, y, single: single, kind, view)
            checkStatus(hk_snapshot_release(snapshot), "hk_snapshot_release")
        }
    }

    /// A press handler, a key command, the focus callback, a focusable view or a first
    /// responder: key frames then run the keyboard's callbacks.
    mutating func attachKeyboardCallback() {
        CapiCallbacks.reaction = input.byte()
        let (view, v) = pick()
        switch input.byte() % 5 {
        case 0:
            let status = hk__app_view_set_press_handler(app, view.index, view.generation, CapiCallbacks.press, nil,
                                                        CapiCallbacks.destroyNotify)
            expect(status, for: v, inApp: true, "hk_app_view_set_press_handler")
            if status == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        case 1:
            let inputs = ["a", "\t", "UIKeyInputEscape", "UIKeyInputUpArrow", "", "no such key"]
            let key = inputs[Int(input.byte()) % inputs.count], modifiers = UInt32(input.byte()) << 16
            let options = UInt32(input.byte() % 4)
            var command: Int32 = 0
            let status = key.withCString {
                hk__app_view_add_key_command(app, view.index, view.generation, $0, modifiers, options, &command,
                                             CapiCallbacks.keyCommand, nil, CapiCallbacks.destroyNotify)
            }
            expect(status, for: v, inApp: true, "hk_app_view_add_key_command")
            if status == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        case 2:
            let clears = input.byte() & 1 == 1
            let status = hk_app_set_focus_callback(app, clears ? nil : CapiCallbacks.focus, nil, clears ? nil : CapiCallbacks.destroyNotify)
            checkStatus(status, "hk_app_set_focus_callback")
            if status == Int32(HK_OK) && !clears { CapiCallbacks.registered += 1 }
        case 3:
            var out = hk_view()
            made(hk__app_focusable_view_create(app, input.coordinate(), input.coordinate(), input.coordinate(), input.coordinate(), &out),
                 out, inApp: true, "hk_app_focusable_view_create")
        default:
            var done: Int32 = -1
            let status = input.byte() & 1 == 0
                ? hk__app_become_first_responder(app, view.index, view.generation, &done)
                : hk__app_resign_first_responder(app, view.index, view.generation, &done)
            expect(status, for: v, inApp: true, "hk_app_become_first_responder or hk_app_resign_first_responder")
        }
    }

    /// A recognizer's delegate or a scroll view's (every call set, or some NULL): questions and
    /// motion then run C inside frames, zooms and scrolls.
    mutating func attachDelegate() {
        CapiCallbacks.reaction = input.byte()
        let some = input.byte()
        func maybe<T>(_ bit: UInt8, _ value: T) -> T? { some & (1 << bit) == 0 ? value : nil }
        if input.byte() & 1 == 0 {
            guard !gestures.isEmpty else { return }
            let gesture = input.byte() < 240 ? gestures[Int(input.byte()) % gestures.count] : input.int32()
            let status = hk__gesture_set_delegate(app, gesture, maybe(0, CapiCallbacks.shouldBegin), maybe(1, CapiCallbacks.shouldReceive),
                                                  maybe(2, CapiCallbacks.pairQuestion), maybe(3, CapiCallbacks.pairQuestion),
                                                  maybe(4, CapiCallbacks.pairQuestion), nil, CapiCallbacks.destroyNotify)
            checkStatus(status, "hk_gesture_set_delegate")
            if status == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        } else {
            let (view, v) = pick()
            let event = CapiCallbacks.scrollViewEvent
            let status = hk__scroll_view_set_delegate_zooming(
                app, view.index, view.generation, maybe(0, event), maybe(1, event), maybe(2, CapiCallbacks.willEndDragging),
                maybe(3, CapiCallbacks.didEndDragging), maybe(4, event), maybe(5, event), event, maybe(6, CapiCallbacks.viewForZooming),
                maybe(7, CapiCallbacks.zoomEvent), event, CapiCallbacks.didEndZooming, nil, CapiCallbacks.destroyNotify)
            expect(status, for: v, inApp: true, "hk_scroll_view_set_delegate_zooming")
            if status == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        }
    }

    /// The pointer's state, with a wheel or trackpad scroll now and then.
    mutating func sendPointerFrame() {
        CapiCallbacks.reaction = input.byte()
        let flags = input.byte()
        var pointer = pointerState(flags), scroll = scrollStep()
        time += flags & 4 == 0 ? 0.01 : 0
        let status = withUnsafePointer(to: &pointer) { pointerInput in
            withUnsafePointer(to: &scroll) { scrollInput in
                hk_app_send_pointer_frame(app, time, nil, 0, flags & 8 == 0 ? pointerInput : nil, flags & 16 == 0 ? nil : scrollInput)
            }
        }
        checkStatus(status, "hk_app_send_pointer_frame")
    }

    mutating func pointerState(_ flags: UInt8) -> hk_pointer_input {
        hk_pointer_input(id: 100 + Int64(flags & 1), has_left: flags & 2 == 0 ? 0 : 1, buttons: UInt32(input.byte() % 9),
                         x: input.coordinate(), y: input.coordinate(), modifiers: 0, reserved: 0)
    }

    mutating func scrollStep() -> hk_scroll_input {
        hk_scroll_input(x: input.coordinate(), y: input.coordinate(), dx: input.coordinate() - 128,
                        dy: input.coordinate() - 128, type: Int32(input.byte() % 3), phase: Int32(input.byte() % 4))
    }

    mutating func touchpadStep() -> hk_touchpad_gesture {
        hk_touchpad_gesture(kind: Int32(input.byte() % 3), phase: Int32(input.byte() % 5),
                            x: input.coordinate(), y: input.coordinate(), scale: input.coordinate() / 64,
                            rotation: input.coordinate() / 64, fingers: Int32(input.byte() % 4), reserved: 0)
    }

    /// One to three key events: codes and phases mostly plausible, sometimes not.
    mutating func sendKeyFrame() {
        CapiCallbacks.reaction = input.byte()
        let keys = keyEvents()
        time += 0.01
        var outcomes = [UInt8](repeating: 0, count: keys.count)
        let status = keys.withUnsafeBytes { hk_app_send_key_frame(app, time, $0.baseAddress, UInt(keys.count), &outcomes) }
        checkStatus(status, "hk_app_send_key_frame")
    }

    mutating func keyEvents() -> [hk_key_input] {
        (0..<Int(input.byte() % 3) + 1).map { _ in
            let wild = input.byte()
            let code = wild >= 250 ? input.int32() : Int32([4, 40, 41, 43, 44, 79, 101, 225][Int(wild) % 8])
            return hk_key_input(code: code, phase: Int32(input.byte() % 4), characters: nil,
                                characters_ignoring_modifiers: nil, modifier_flags: UInt32(input.byte()) << 16, reserved: 0)
        }
    }

    /// Touches, the pointer, a scroll, keys and a touchpad step, each there or not, in one
    /// hk_app_send_input_frame; now and then a struct size this library does not know, which
    /// must be refused.
    mutating func sendInputFrame() {
        CapiCallbacks.reaction = input.byte()
        let parts = input.byte()
        let touches = parts & 1 == 0 ? [] : touchChanges()
        let highRate = touches.map { _ in
            hk_touch_high_rate(force: input.coordinate() / 256 - 0.25, major_radius: -1, maximum_possible_force: -1,
                               major_radius_tolerance: -1, samples: nil, sample_count: 0, predicted: nil, predicted_count: 0)
        }
        var pointer = parts & 2 == 0 ? nil : pointerState(input.byte())
        var scroll = parts & 4 == 0 ? nil : scrollStep()
        let keys = parts & 8 == 0 ? [] : keyEvents()
        var step = parts & 16 == 0 ? nil : touchpadStep()
        time += input.byte() == 255 ? -1 : Double(input.byte() % 8) / 100
        let size = UInt(MemoryLayout<hk_input_frame>.stride) - (parts & 64 == 0 ? 0 : 8)
        var outcomes = [UInt8](repeating: 0xEE, count: keys.count)
        let status = touches.withUnsafeBufferPointer { touchBuffer in
            highRate.withUnsafeBufferPointer { highRateBuffer in
                keys.withUnsafeBufferPointer { keyBuffer in
                    withOptional(&pointer) { pointer in
                        withOptional(&scroll) { scroll in
                            withOptional(&step) { step in
                                var frame = hk_input_frame(
                                    timestamp: time, touches: touchBuffer.baseAddress, touch_count: touches.count,
                                    high_rate: parts & 32 == 0 ? nil : highRateBuffer.baseAddress, pointer: pointer, scroll: scroll,
                                    keys: keyBuffer.baseAddress, key_count: keys.count, touchpad: step)
                                return HitKitC.hk__app_send_input_frame(app, &frame, size, &outcomes)
                            }
                        }
                    }
                }
            }
        }
        checkStatus(status, "hk_app_send_input_frame")
        if parts & 64 != 0 {
            check(status == Int32(HK_ERR_INVALID_ARGUMENT),
                  "hk_app_send_input_frame took a struct of \(size) bytes (\(status))")
        }
        let refused = status != Int32(HK_OK) && status != Int32(HK_ERR_BAD_INPUT)
        check(!refused || outcomes.allSatisfy { $0 == 0xEE }, "a refused hk_app_send_input_frame wrote key outcomes")
        check(refused || outcomes.allSatisfy { $0 <= UInt8(HK_KEY_REJECTED) }, "hk_app_send_input_frame wrote outcomes \(outcomes)")
        noteTouches(touches)
    }

    /// A scroll view's content, offset, zoom limits, scale or zoom view, or its offset callback.
    mutating func editScrollView() {
        CapiCallbacks.reaction = input.byte()
        let (view, v) = pick()
        let status: Int32
        // From 248, the bounds or a flag through the app's store, which the app follows as the
        // scroll view's own setters.
        let kind = input.byte()
        switch kind >= 248 ? 6 + kind % 2 : kind % 6 {
        case 6:
            let x = input.coordinate(), y = input.coordinate(), w = input.coordinate(), h = input.coordinate()
            status = hk__view_set_bounds(hk_app_store(app), view.index, view.generation, x, y, w, h)
        case 7:
            let flag = Int32(input.byte() % 10)
            status = hk__view_set_flag(hk_app_store(app), view.index, view.generation, flag, Int32(input.byte() & 1))
        case 0: status = hk__scroll_view_set_content_size(app, view.index, view.generation, input.coordinate() * 4, input.coordinate() * 4)
        case 1: status = hk__scroll_view_set_content_offset(app, view.index, view.generation, input.coordinate(), input.coordinate())
        case 2: status = hk__scroll_view_set_zoom_scale_limits(app, view.index, view.generation, input.coordinate() / 64, input.coordinate() / 16)
        case 3: status = hk__scroll_view_set_zoom_scale(app, view.index, view.generation, input.coordinate() / 64, Int32(input.byte() & 1))
        case 4:
            let (zoom, _) = pick()
            status = hk__scroll_view_set_zoom_view(app, view.index, view.generation, zoom.index, zoom.generation)
        default:
            status = hk__scroll_view_set_offset_callback(app, view.index, view.generation, CapiCallbacks.scroll, nil, CapiCallbacks.destroyNotify)
            if status == Int32(HK_OK) { CapiCallbacks.registered += 1 }
        }
        expect(status, for: v, inApp: true, "a scroll view's setter")
    }

    /// A context menu, a drag or a drop on a view, with every callback set or some left NULL.
    mutating func addInteraction() {
        CapiCallbacks.reaction = input.byte()
        let (view, v) = pick()
        let full = input.byte() & 1 == 0
        var handle: Int32 = 0
        let status: Int32
        switch input.byte() % 3 {
        case 0:
            var callbacks = hk_context_menu_callbacks(
                configuration: CapiCallbacks.menuConfiguration, will_display: full ? CapiCallbacks.interactionEvent : nil,
                will_end: CapiCallbacks.interactionEvent, highlight: full ? CapiCallbacks.menuItem : nil, perform: CapiCallbacks.menuItem)
            status = hk__app_view_add_context_menu(app, view.index, view.generation, &handle, &callbacks, nil, CapiCallbacks.destroyNotify)
        case 1:
            var callbacks = hk_drag_callbacks(
                items_for_beginning: CapiCallbacks.dragItems, lift: full ? CapiCallbacks.interactionEvent : nil,
                session_will_begin: CapiCallbacks.interactionEvent, session_did_move: full ? CapiCallbacks.interactionEvent : nil,
                will_end: CapiCallbacks.dragEnd, did_end: CapiCallbacks.dragEnd)
            status = hk__app_view_add_drag(app, view.index, view.generation, &handle, &callbacks, nil, CapiCallbacks.destroyNotify)
        default:
            var callbacks = hk_drop_callbacks(
                can_handle: full ? CapiCallbacks.dropCanHandle : nil, did_enter: CapiCallbacks.dropEvent,
                did_update: CapiCallbacks.dropUpdate, did_exit: CapiCallbacks.dropEvent, perform_drop: CapiCallbacks.dropEvent,
                conclude_drop: full ? CapiCallbacks.dropEvent : nil, did_end: CapiCallbacks.dropEvent)
            status = hk__app_view_add_drop(app, view.index, view.generation, &handle, &callbacks, nil, CapiCallbacks.destroyNotify)
        }
        expect(status, for: v, inApp: true, "an interaction's add")
        if status == Int32(HK_OK) {
            CapiCallbacks.registered += 1
            interactions.append(handle)
        }
    }

    /// hk_view_add_subview on the store, or hk_app_view_add_subview on the app.
    mutating func addSubview(inApp: Bool) {
        let (child, c) = pick(), (parent, p) = pick()
        let add = inApp ? HitKitC.hk__app_view_add_subview : HitKitC.hk__view_add_subview
        let status = add(inApp ? app : store, child.index, child.generation, parent.index, parent.generation)
        expect(status, for: c, inApp: inApp, "add subview")
        expect(status, for: p, inApp: inApp, "add subview")
    }

    /// Up to four touches: mostly a plausible life (began, moved, ended), sometimes anything.
    mutating func sendFrame() {
        CapiCallbacks.reaction = input.byte()
        let touches = touchChanges()
        time += input.byte() == 255 ? -1 : Double(input.byte() % 8) / 100
        let status = touches.withUnsafeBytes { hk_app_send_frame(app, time, $0.baseAddress, UInt(touches.count)) }
        checkStatus(status, "hk_app_send_frame")
        noteTouches(touches)
    }

    mutating func touchChanges() -> [hk_touch_input] {
        (0..<Int(input.byte() % 5)).map { _ in
            let id = Int64(input.byte() % 6)
            let wild = input.byte()
            let phase: Int32 = wild >= 240 ? Int32(wild) - 245 : activeTouches.contains(id) ? (wild & 1 == 0 ? 1 : 3) : 0
            return hk_touch_input(id: id, phase: phase, has_location: wild == 239 ? 0 : 1, x: input.coordinate(), y: input.coordinate())
        }
    }

    /// The app's own account of which touches live is its business; the run only steers its
    /// next frame towards plausible phases.
    mutating func noteTouches(_ touches: [hk_touch_input]) {
        for touch in touches {
            if touch.phase == 0 { activeTouches.insert(touch.id) }
            if touch.phase >= 3 { activeTouches.remove(touch.id) }
        }
    }
}

/// Calls `body` with a pointer to `value`'s wrapped value, or `nil`.
func withOptional<T, R>(_ value: inout T?, _ body: (UnsafePointer<T>?) -> R) -> R {
    guard value != nil else { return body(nil) }
    return withUnsafePointer(to: &value!) { body($0) }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("capi: \(message())") }
}

/// A status is one of the header's, and a failure leaves its message.
func checkStatus(_ status: Int32, _ call: String) {
    check((Int32(HK_OK)...Int32(HK_ERR_FOREIGN_HANDLE)).contains(status), "\(call) returned \(status), not a status")
    if status != Int32(HK_OK) {
        check(hk_last_error_message().pointee != 0, "\(call) failed (\(status)) with no message")
    }
}

func same(_ a: hk_view, _ b: hk_view) -> Bool { a.index == b.index && a.generation == b.generation }

/// The scenes shipped with the repository, read once: every scene file, and the scene of every
/// scenario (cut out of its file as text, to keep the target free of a JSON library).
enum CapiScenes {
    struct Scene {
        var name: String
        var json: [UInt8]
    }

    static let all: [Scene] = {
        let root = String(#filePath.dropLast("Tests/Fuzz/CapiTarget.swift".count))
        var scenes: [Scene] = []
        for (folder, isScenario) in [("Fixtures/scenes", false), ("Fixtures/scenarios", true)] {
            guard let directory = opendir(root + folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                // Read in place up to its NUL: the C library allocates a record only as long as its
                // name, so copying the whole `d_name` array reads past it.
                let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
                let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
                guard name.hasSuffix(".json"), let bytes = contents(of: root + folder + "/" + name) else { continue }
                if let json = isScenario ? sceneObject(in: bytes) : bytes { scenes.append(Scene(name: name, json: json)) }
            }
        }
        return scenes.sorted { $0.name < $1.name }
    }()

    static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// The text of the object after a scenario's `"scene":`, matched brace to brace outside strings.
    static func sceneObject(in bytes: [UInt8]) -> [UInt8]? {
        let key = Array("\"scene\"".utf8)
        guard let keyAt = (0...(bytes.count - key.count)).first(where: { bytes[$0..<$0 + key.count].elementsEqual(key) }),
              let start = bytes[(keyAt + key.count)...].firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var depth = 0, inString = false, escaped = false
        for index in start..<bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return Array(bytes[start...index]) }
            }
        }
        return nil
    }
}

// What an `hk_app *` points at: the application, and one table per concern that keeps what C
// created or attached alive (views, recognizers, controls, scroll-offset observers, controllers,
// scene-id strings), with the checks every app call makes first.

import HitKit
import HitKitScene
import HitTestCore

final class AppBox: HandleBox {
    static let kind = HandleKind.app
    let application: Application
    /// The scene it was loaded from, which also keeps the scene's objects alive.
    let scene: LoadedScene?
    /// The app's store lent to C (`hk_app_store`), unregistered with the app.
    let storePointer: UnsafeMutableRawPointer
    /// The owner tag of its views' handles: its store's.
    let tag: Int32

    /// The views C holds and the C observers of their touches (HeldViews.swift).
    let views = HeldViews()
    /// Frames and callbacks under way, and what the last frame rejected (Delivery.swift).
    let delivery = ThreadConfined(DeliveryState())
    /// The frame its C frames are read into (Delivery.swift).
    let frames = FrameScratch()
    /// The call state of the thread that made the app, the only one its calls come from: a
    /// frame counts itself in there without looking its thread up (EntryPoints.swift).
    let ownerCall = CurrentCall.onThisThread
    /// Recognizers by handle, with their callbacks and delegates (Recognizers.swift).
    let gestures = GestureTable()
    /// Controls' action callbacks and added actions (Controls.swift).
    let controls = ControlTable()
    /// Scroll views' offset callbacks (ScrollViews.swift).
    let scrollOffsetObservers = ScrollOffsetObservers()
    /// View controllers by handle (ViewControllers.swift): a responder chain's reads and a key
    /// press's report name them often.
    // Thread-confined, as a plain property (the promise in ThreadConfined.swift).
    #if HITKIT_INTERNAL_CHECKS
    var controllers = ObjectHandles<ViewController>(of: "view controller")
    #else
    @exclusivity(unchecked) var controllers = ObjectHandles<ViewController>(of: "view controller")
    #endif
    /// Press handlers, key commands and the focus callback (Keyboard.swift).
    let keyboard = KeyboardTable()
    /// C copies of scene ids handed out by `hk_scene_view_id` (Scene.swift).
    let sceneIDStrings = SceneIDStrings()
    /// The C callback hearing the scene's delivery log (Scene.swift).
    let sceneLogListener = ThreadConfined<ObservationToken?>(nil)
    /// Context menus, drags and drops by handle (Interactions.swift).
    let interactions = InteractionTable()

    /// Registers the app's store; ``register(_:scene:)`` registers the app.
    private init(application: Application, scene: LoadedScene?) throws(CFailure) {
        self.application = application
        self.scene = scene
        // Nothing in C reads the lines a scene's log keeps, and an app may run for hours: its
        // lines go to the callback of hk_scene_set_log_callback, or are not even made.
        scene?.log.keepsLines = false
        let storeBox = StoreBox(store: application.store, application: application)
        tag = storeBox.tag
        storePointer = try handles.register(storeBox)
    }

    /// Gives C a handle to `application` and one to its store, both or neither: with no slot
    /// left for either, HK_ERR_LIMIT, and nothing is kept.
    static func register(_ application: Application, scene: LoadedScene?) throws(CFailure) -> UnsafeMutableRawPointer {
        let box = try AppBox(application: application, scene: scene)
        // An offset moved by the store's bounds reaches the offset callback with the delegate.
        application.offsetMovedByStoreObserver = { [observers = box.scrollOffsetObservers] scrollView in
            observers.reportIfMoved(scrollView.id)
        }
        do {
            return try handles.register(box)
        } catch {
            // Just registered, on this thread, with no callback running: it cannot be busy.
            try? handles.unregister(box.storePointer)
            throw error
        }
    }

    var store: ViewStore { application.store }

    /// Refuses a new view, window, scroll view or control once the app holds its most views
    /// (`Limits.viewsPerStore`, which its store was made with): the façade cannot make one then.
    func checkRoomForView() throws(CFailure) {
        guard store.isFull else { return }
        throw CFailure(.limit, "the app already holds \(store.viewLimit) views, the most C handles can name; destroy one to make room")
    }

    /// The façade view of a handle C passed.
    func view(_ index: Int32, _ generation: UInt32, _ role: String = "view") throws(CFailure) -> View {
        let id = try requiredViewID(index, generation, role)
        guard store.contains(id), views.destroyedInDelivery.isEmpty || !views.destroyedInDelivery.contains(id) else {
            throw CFailure(.staleHandle, "stale \(role) handle \(id): the view was destroyed")
        }
        guard let view = application.view(for: id) else {
            throw CFailure(.invalidArgument, "\(role) \(id) has no app object (it was made with hk_view_create on another store?)")
        }
        return view
    }

    /// Keeps `view` alive for C and returns its handle.
    func hold(_ view: View) -> ViewID {
        views.held[view.id] = view
        return view.id
    }

    /// Refuses a call that delivers (or destroys the app) from a callback of the app: one under
    /// way in a delivery, or in a hit test of its store (which `appBox(_:)` alone lets through
    /// to a frame's fast path).
    func checkNotDelivering(_ operation: String) throws(CFailure) {
        if delivery.value.depth > 0 || store.isRunningHitTestOverride {
            throw CFailure(.busy, "\(operation) cannot be called from a callback of the same app")
        }
    }

    /// Lets go of everything C attached to a view it destroys (its user data is notified).
    func forgetAttachments(of view: View) {
        views.touchObservations.removeValue(forKey: view.id)?.end()
        if let control = view as? Control { controls.forget(control) }
        scrollOffsetObservers.remove(view.id)
        forgetKeyboardAttachments(of: view)
        forgetInteractions(of: view)
    }
}

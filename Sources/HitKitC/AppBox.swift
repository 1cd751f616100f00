// What an `hk_app *` points at: the application and the handle tables that keep the objects C
// created alive (views, controls, recognizers), with the checks every app call makes first.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HitKit
import HitKitScene
import HitTestCore

final class AppBox: HandleBox {
    let application: Application
    /// The scene it was loaded from, which also keeps the scene's objects alive.
    let scene: LoadedScene?
    /// The app's store lent to C (`hk_app_store`), unregistered with the app.
    let storePointer: UnsafeMutableRawPointer
    /// The owner tag of its views' handles: its store's.
    let tag: Int32

    /// Views, controls and windows C created or looked up, kept alive until destroyed.
    var heldViews: [ViewID: View] = [:]
    /// The views and windows made by hk_app_view_create / hk_app_window_create: the ones that
    /// take a touch callback.
    var plainViews: Set<ViewID> = []
    /// Recognizers by handle (1 and up).
    var gestures: [Int32: GestureEntry] = [:]
    var nextGestureHandle: Int32 = 1
    /// The touches rejected by the last frame or advance.
    var rejections: [InputError.Rejection] = []
    /// Touches of the last frame refused here for a phase outside HK_PHASE_ (never sent on).
    var badPhaseTouches: [Int] = []
    /// The event of the touch callback under way, for its touches' samples (Samples.swift).
    var eventInCallback: Event?
    /// Above 0 while the app delivers (a frame, an advance, a removal that cancels touches):
    /// callbacks run then, and must not re-enter the delivery or free the app.
    var deliveryDepth = 0
    /// C copies of scene ids handed out by `hk_scene_view_id`, freed with the app.
    var sceneIDStrings: [ViewID: UnsafeMutablePointer<CChar>] = [:]
    /// Controls' C action callbacks.
    var actionBindings: [ViewID: ActionBinding] = [:]
    /// What the later additions attach (AppExtras.swift).
    let extras = AppExtras()

    init(application: Application, scene: LoadedScene?) {
        self.application = application
        self.scene = scene
        let storeBox = StoreBox(store: application.store, isBorrowed: true)
        tag = storeBox.tag
        storePointer = handles.register(storeBox)
    }

    deinit {
        for pointer in sceneIDStrings.values { free(pointer) }
    }

    var store: ViewStore { application.store }

    /// The façade view of a handle C passed.
    func view(_ index: Int32, _ generation: UInt32, _ role: String = "view") throws(CFailure) -> View {
        let id = try requiredViewID(index, generation, role)
        guard store.contains(id) else { throw CFailure(.staleHandle, "stale \(role) handle \(id): the view was destroyed") }
        guard let view = application.view(for: id) else {
            throw CFailure(.invalidArgument, "\(role) \(id) has no app object (it was made with hk_view_create on another store?)")
        }
        return view
    }

    /// Keeps `view` alive for C and returns its handle.
    func hold(_ view: View) -> ViewID {
        heldViews[view.id] = view
        return view.id
    }

    func checkNotDelivering(_ operation: String) throws(CFailure) {
        if deliveryDepth > 0 { throw CFailure(.busy, "\(operation) cannot be called from a callback of the same app") }
    }

    /// Runs an operation that may call C callbacks.
    func delivering<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        deliveryDepth += 1
        defer { deliveryDepth -= 1 }
        return try body()
    }
}

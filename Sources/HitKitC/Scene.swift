// hk_scene_*: scene files (Behaviour B1) loaded into an app, with lookups by scene id, and the
// scene's delivery log (Behaviour B6) handed to C line by line as it is written.

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

@_cdecl("hk_scene_load")
public func hk_scene_load(_ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32 {
    guarded { () throws(CFailure) in
        let path = try utf8Name(try required(path, "path"), "path"), out = try required(out)
        let scene: LoadedScene
        do throws(SceneError) {
            scene = try LoadedScene.load(contentsOf: path, viewLimit: Limits.viewsPerStore)
        } catch {
            throw CFailure(.scene, error.description)
        }
        traceToStandardErrorIfAsked(scene.application)  // HITKIT_TRACE=1 (TraceCallbacks.swift)
        out.pointee = try AppBox.register(scene.application, scene: scene)
    }
}

/// C copies of the scene ids `hk_scene_view_id` handed out, which live as long as the app.
final class SceneIDStrings {
    private var strings: [ViewID: UnsafeMutablePointer<CChar>] = [:]

    deinit {
        for pointer in strings.values { free(pointer) }
    }

    /// The C copy of `name`, the id of view `id`, made once.
    func cString(_ name: String, for id: ViewID) -> UnsafePointer<CChar> {
        if let existing = strings[id] { return UnsafePointer(existing) }
        let copy = strdup(name)!
        strings[id] = copy
        return UnsafePointer(copy)
    }
}

extension AppBox {
    func loadedScene() throws(CFailure) -> LoadedScene {
        guard let scene else { throw CFailure(.invalidArgument, "the app was not loaded from a scene") }
        return scene
    }
}

@_cdecl("hk_scene_view")
public func hk_scene_view(_ app: UnsafeMutableRawPointer?, _ id: UnsafePointer<CChar>?, _ out: UnsafeMutableRawPointer?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out), id = try utf8Name(try required(id, "scene id"), "scene id")
        guard let view = try box.loadedScene().view(withID: id) else { throw CFailure(.notFound, "no view with scene id \"\(id)\"") }
        box.write(view.id, to: out)
    }
}

@_cdecl("hk_scene_gesture")
public func hk_scene_gesture(_ app: UnsafeMutableRawPointer?, _ id: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    // One destroyed (hk_gesture_destroy, or with its view) is no longer the scene's.
    sceneHandle(app, id, out, "gesture recognizer",
                find: { $0.gestureRecognizer(withID: $1).flatMap { $0.view == nil ? nil : $0 } }) { box, recognizer throws(CFailure) in
        try box.register(recognizer)
    }
}

@_cdecl("hk_scene_interaction")
public func hk_scene_interaction(_ app: UnsafeMutableRawPointer?, _ id: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    // One removed (hk_interaction_remove, or with its view) is no longer the scene's.
    sceneHandle(app, id, out, "interaction",
                find: { $0.interaction(withID: $1).flatMap { $0.view == nil ? nil : $0 } }) { box, interaction throws(CFailure) in
        try box.register(interaction)
    }
}

/// What the scene's lookups of objects C numbers share: the object with scene id `id`, put in
/// the app's table by `register` (once), its handle in `out`.
private func sceneHandle<Object>(_ app: UnsafeMutableRawPointer?, _ id: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int32>?,
                                 _ what: String, find: (LoadedScene, String) -> Object?,
                                 register: (AppBox, Object) throws(CFailure) -> Int32) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out), id = try utf8Name(try required(id, "scene id"), "scene id")
        guard let object = find(try box.loadedScene(), id) else { throw CFailure(.notFound, "no \(what) with scene id \"\(id)\"") }
        out.pointee = try register(box, object)
    }
}

@_cdecl("hk__scene_view_id")
public func hk__scene_view_id(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                              _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out), view = try box.view(vi, vg)
        guard let name = try box.loadedScene().id(of: view) else { throw CFailure(.notFound, "view \(view.id) has no scene id") }
        out.pointee = box.sceneIDStrings.cString(name, for: view.id)
    }
}

/// `hk_scene_log_callback`: a line (UTF-8, NUL-terminated), its length in bytes, the user data.
public typealias SceneLogCallback = @convention(c) (UnsafePointer<CChar>?, Int, UnsafeMutableRawPointer?) -> Void

@_cdecl("hk_scene_set_log_callback")
public func hk_scene_set_log_callback(_ app: UnsafeMutableRawPointer?, _ callback: SceneLogCallback?,
                                      _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), log = try box.loadedScene().log
        // The observer holds the user data, so it is let go (its destroy notified) when the
        // callback is replaced or cleared, or with the scene.
        let token = callback.map { callback in
            let userData = UserData(userData, destroy: destroy), delivery = box.delivery
            return log.observe { line in
                // A native string is contiguous UTF-8 with a NUL after it: no copy is made.
                delivery.callingOut { line.withCString { callback($0, line.utf8.count, userData.pointer) } }
            }
        }
        let previous = box.sceneLogListener.value
        box.sceneLogListener.value = token
        previous?.cancel()
    }
}

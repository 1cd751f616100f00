// hk_scene_load_buffer: a scene (Behaviour B1) read from memory — a scene embedded in a program,
// received over a pipe or a socket — instead of a file.

import HitKitScene

@_cdecl("hk_scene_load_buffer")
public func hk_scene_load_buffer(_ bytes: UnsafeRawPointer?, _ length: UInt, _ name: UnsafePointer<CChar>?,
                                 _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32 {
    guarded { () throws(CFailure) in
        let out = try required(out)
        try Limits.check(length, atMost: Limits.sceneBytes, "the scene's length")
        let bytes = length == 0 ? [] : Array(UnsafeRawBufferPointer(start: try required(bytes, "bytes"), count: Int(length)))
        let file = name.map { String(cString: $0) } ?? "scene buffer"
        let scene: LoadedScene
        do throws(SceneError) {
            scene = try SceneBuilder.build(try SceneLoader.decode(data: bytes, file: file), file: file, viewLimit: Limits.viewsPerStore)
        } catch {
            throw CFailure(.scene, error.description)
        }
        traceToStandardErrorIfAsked(scene.application)  // HITKIT_TRACE=1 (TraceCallbacks.swift)
        out.pointee = try AppBox.register(scene.application, scene: scene)
    }
}

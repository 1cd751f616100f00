// The scene target's libFuzzer entry point: each input's bytes are read as a scene file
// (Behaviour B1) and as a scenario file (B5), as `hitkit` reads them. Either must come back as a
// loaded scene (then built and hit-tested) or a scenario (then replayed), or as a SceneError with a
// location in the file; never a crash. run.sh bounds the memory (-malloc_limit_mb, -rss_limit_mb),
// so an input that makes the loader allocate without end is a finding too.
import HitKit
import HitKitScene

/// The name the inputs go by in errors: in a folder that does not exist, so a relative
/// `sceneFile` is never found.
private let fuzzFile = "/nonexistent-hitkit-fuzz/input.json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    loadScene(bytes)
    // A scenario may name its scene file, which would read the machine's files: inputs that
    // could (the key spelled out, or any \u escape that might spell it) are read as scenes only.
    if !contains(bytes, "sceneFile") && !contains(bytes, "\\u") { loadScenario(bytes) }
    return 0
}

private func loadScene(_ bytes: [UInt8]) {
    do throws(SceneError) {
        let loaded = try SceneBuilder.build(try SceneLoader.decode(data: bytes, file: fuzzFile), file: fuzzFile)
        for x in stride(from: -10.0, through: 410, by: 60) {
            _ = loaded.hitTest(screenPoint: Point(x: x, y: x * 0.75))
        }
    } catch {
        requireLocation(error)
    }
}

private func loadScenario(_ bytes: [UInt8]) {
    do throws(SceneError) {
        let scenario = try ScenarioLoader.decode(data: bytes, file: fuzzFile)
        let loaded = try SceneBuilder.build(scenario.scene, file: fuzzFile)
        ScenarioReplayer.replay(scenario.steps, into: loaded)
        // Half the inputs end as a host would; the other half free the application with
        // whatever is still down, which must free everything (LeakSanitizer checks).
        if bytes.count % 2 == 0 { liftEverything(loaded.application) }
    } catch {
        requireLocation(error)
    }
}

/// Ends the replay as a host would: fingers lifted and the pointer's buttons released, after
/// which no touch may be left down.
private func liftEverything(_ application: Application) {
    let touches = application.activeTouches
    let fingers = touches.filter { $0.type == .direct }.map { TouchInput(id: $0.id, phase: .cancelled, location: nil) }
    var frame = InputFrame(timestamp: application.time, touches: fingers)
    if let click = touches.first(where: { $0.type == .indirectPointer }), let location = application.pointerLocation {
        frame.pointer = PointerInput(id: click.id, location: location)
    }
    _ = try? application.send(frame)
    if !application.activeTouches.isEmpty { fatalError("touches still down after lifting them all: \(application.activeTouches)") }
}

/// Bytes in memory are always read: an error must point into them (a JSON path, or a line).
private func requireLocation(_ error: SceneError) {
    if case .file = error.location { fatalError("an error without a location in the input: \(error)") }
    if error.message.isEmpty { fatalError("an error without a message: \(error)") }
}

private func contains(_ bytes: [UInt8], _ text: String) -> Bool {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains { start in
        bytes[start] == needle[0] && Array(bytes[start..<start + needle.count]) == needle
    }
}

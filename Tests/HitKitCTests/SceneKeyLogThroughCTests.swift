import CHitKit
import HitKitC
import Testing

/// A scene's press lines heard through C (Behaviour B6): a C host names no keys, so each press
/// goes by its HID usage, and a line of several presses lists them in the order they went down,
/// as the replay lists named keys — the same on every run.
@Suite("Press lines of a scene driven through C")
struct SceneKeyLogThroughCTests {
    final class Heard {
        var lines: [String] = []
    }

    static let scene = """
        { "firstResponder": "field", "windows": [
          { "id": "win1", "frame": [0, 0, 400, 300], "presses": "logAndForward", "subviews": [
            { "id": "field", "frame": [10, 10, 300, 200], "canBecomeFirstResponder": true, "presses": "logAndForward" } ] },
          { "id": "win2", "frame": [0, 300, 400, 300] } ] }
        """

    @Test func aCancelListsItsPressesInTheOrderTheyWentDown() throws {
        var app: UnsafeMutableRawPointer?
        let bytes = Array(Self.scene.utf8)
        #expect(bytes.withUnsafeBytes { hk_scene_load_buffer($0.baseAddress, UInt(bytes.count), "presses.json", &app) } == Int32(HK_OK))
        defer { _ = hk_app_destroy(app) }
        let heard = Heard()
        let hear: SceneLogCallback = { line, _, userData in
            Unmanaged<Heard>.fromOpaque(userData!).takeUnretainedValue().lines.append(String(cString: line!))
        }
        #expect(hk_scene_set_log_callback(app, hear, Unmanaged.passRetained(heard).toOpaque(), { Unmanaged<Heard>.fromOpaque($0!).release() }) == Int32(HK_OK))
        // Six keys down, against the order of their codes; a set of six has 720 orders.
        let codes: [Int32] = [9, 8, 7, 6, 5, 4]
        let downs = codes.map { hk_key_input(code: $0, phase: Int32(HK_KEY_DOWN), characters: nil, characters_ignoring_modifiers: nil, modifier_flags: 0, reserved: 0) }
        #expect(downs.withUnsafeBytes { hk_app_send_key_frame(app, 1, $0.baseAddress, UInt(downs.count), nil) } == Int32(HK_OK))
        #expect(heard.lines == codes.flatMap { ["field pressesBegan \($0)", "win1 pressesBegan \($0)"] })
        // Another window made key cancels the six presses along their shared route (A10).
        var win2 = hk_view()
        #expect(hk_scene_view(app, "win2", &win2) == Int32(HK_OK))
        heard.lines.removeAll()
        #expect(hk__window_make_key(app, win2.index, win2.generation) == Int32(HK_OK))
        #expect(heard.lines == ["field pressesCancelled 9,8,7,6,5,4", "win1 pressesCancelled 9,8,7,6,5,4"])
    }
}

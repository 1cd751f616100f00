import CHitKit
import HitKitC
import Testing

/// A scene's log heard through C (Behaviour B6), where the host names no keys and changes the
/// scene between frames.
@Suite("A scene's log heard through C")
struct SceneLogThroughCTests {
    final class Heard {
        var lines: [String] = []
    }

    /// `json` loaded through C, its log heard into the answer.
    static func load(_ json: String) -> (UnsafeMutableRawPointer?, Heard) {
        var app: UnsafeMutableRawPointer?
        let bytes = Array(json.utf8)
        #expect(bytes.withUnsafeBytes { hk_scene_load_buffer($0.baseAddress, UInt(bytes.count), "scene.json", &app) } == Int32(HK_OK))
        let heard = Heard()
        let hear: SceneLogCallback = { line, _, userData in
            Unmanaged<Heard>.fromOpaque(userData!).takeUnretainedValue().lines.append(String(cString: line!))
        }
        #expect(hk_scene_set_log_callback(app, hear, Unmanaged.passRetained(heard).toOpaque(), { Unmanaged<Heard>.fromOpaque($0!).release() }) == Int32(HK_OK))
        return (app, heard)
    }

    static let presses = """
        { "firstResponder": "field", "windows": [
          { "id": "win1", "frame": [0, 0, 400, 300], "presses": "logAndForward", "subviews": [
            { "id": "field", "frame": [10, 10, 300, 200], "canBecomeFirstResponder": true, "presses": "logAndForward" } ] },
          { "id": "win2", "frame": [0, 300, 400, 300] } ] }
        """

    /// A line of several presses lists them in the order they went down (by their HID usages,
    /// the host naming no keys), the same on every run: a set's own order is not.
    @Test func aCancelListsItsPressesInTheOrderTheyWentDown() throws {
        let (app, heard) = Self.load(Self.presses)
        defer { _ = hk_app_destroy(app) }
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

    /// An offset or a zoom set from C between frames is logged at the end of the host's next
    /// frame or advance, as the frame after a scenario step's edits logs it; no input need come.
    @Test func aChangeBetweenFramesIsLoggedAtTheNextAdvance() throws {
        let (app, heard) = Self.load("""
            { "windows": [ { "id": "win", "frame": [0, 0, 320, 480], "subviews": [
              { "id": "list", "frame": [0, 0, 320, 480], "scrollView": { "contentSize": [320, 2000], "logOffset": true } } ] } ] }
            """)
        defer { _ = hk_app_destroy(app) }
        var list = hk_view()
        #expect(hk_scene_view(app, "list", &list) == Int32(HK_OK))
        #expect(hk__scroll_view_set_content_offset(app, list.index, list.generation, 0, 100) == Int32(HK_OK))
        #expect(heard.lines.isEmpty, "the line belongs to a frame's end")
        #expect(hk_app_advance(app, 1) == Int32(HK_OK))
        #expect(heard.lines == ["list contentOffset 0.0 100.0"])
        #expect(hk__scroll_view_set_content_offset(app, list.index, list.generation, 0, 250) == Int32(HK_OK))
        #expect(hk_app_send_frame(app, 2, nil, 0) == Int32(HK_OK))
        #expect(heard.lines == ["list contentOffset 0.0 100.0", "list contentOffset 0.0 250.0"])
        // An advance with nothing changed writes nothing.
        #expect(hk_app_advance(app, 3) == Int32(HK_OK))
        #expect(heard.lines.count == 2)
    }
}

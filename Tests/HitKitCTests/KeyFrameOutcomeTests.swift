import CHitKit
import HitKitC
import Testing

/// hk_app_send_key_frame's `outcomes`: one byte per event of this frame, whatever the frames
/// before it were.
@Suite("Key frame outcomes through C")
struct KeyFrameOutcomeTests {
    func keys(_ codes: [Int32], phase: Int32 = Int32(HK_KEY_DOWN)) -> [hk_key_input] {
        codes.map { hk_key_input(code: $0, phase: phase, characters: nil, characters_ignoring_modifiers: nil, modifier_flags: 0, reserved: 0) }
    }

    func send(_ app: UnsafeMutableRawPointer?, at time: Double, _ events: [hk_key_input]) -> (Int32, [UInt8]) {
        var outcomes = [UInt8](repeating: 99, count: events.count)
        let status = events.withUnsafeBytes { hk_app_send_key_frame(app, time, $0.baseAddress, UInt(events.count), &outcomes) }
        return (status, outcomes)
    }

    @Test func aFrameRejectedWholeAfterUnhandledKeysReportsItsOwnEventsOnly() throws {
        let app = HitKitC.hk_app_create()
        defer { _ = hk_app_destroy(app) }
        var window = hk_view()
        #expect(hk__app_window_create(app, 0, 0, 100, 100, 0, &window) == Int32(HK_OK))
        let unhandled = UInt8(HK_KEY_UNHANDLED)
        #expect(send(app, at: 1, keys([4, 5, 6])) == (Int32(HK_OK), [unhandled, unhandled, unhandled]))
        // Time going back rejects the whole frame: its one event is rejected, and the last
        // frame's three unhandled keys are not written over it (nor past its end).
        let rejected = send(app, at: 0.5, keys([7]))
        #expect(rejected.0 == Int32(HK_ERR_BAD_INPUT))
        #expect(rejected.1 == [UInt8(HK_KEY_REJECTED)])
        #expect(send(app, at: .nan, keys([8, 9])) == (Int32(HK_ERR_BAD_INPUT), [UInt8(HK_KEY_REJECTED), UInt8(HK_KEY_REJECTED)]))
        // The next frame in time reports its own events again.
        #expect(send(app, at: 2, keys([4, 5, 6], phase: Int32(HK_KEY_UP))) == (Int32(HK_OK), [0, 0, 0].map(UInt8.init)))
    }
}

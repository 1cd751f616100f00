// The C API's limits (HK_MAX_ in include/hitkit.h): every count or size C passes is checked
// against one before anything is allocated for it, and refused with HK_ERR_LIMIT — so a wild
// value (hk_control_set_count(page, INT32_MAX)) is an error, never gigabytes or an abort.

import HitKit

enum Limits {
    /// Segments of a segmented control, pages of a page control: the façade's own cap, which
    /// C is told of as an error rather than clamped.
    static let controlCount = ControlLimits.maximumSegmentsOrPages
    /// Touches in one input frame.
    static let touchesPerFrame = 4_096
    /// Key events in one key frame.
    static let keysPerFrame = 4_096
    /// Samples, and predicted samples, of one touch in a frame.
    static let samplesPerTouch = 4_096
    /// Taps or touches a recognizer may require.
    static let gestureCount = 64
    /// Bytes of a scene read from memory.
    static let sceneBytes = 1 << 30
    /// Views per store or app made through C (their stores' `viewLimit`), so that every row
    /// fits the low 24 bits of `hk_view.index`, the owner's tag the bits above (ViewHandles).
    static let viewsPerStore = Int(ViewHandles.rowMask) + 1

    /// Refuses `value` above `limit`. `what` is made only for the message: a frame's checks
    /// build no string.
    static func check(_ value: some BinaryInteger, atMost limit: Int, _ what: @autoclosure () -> String) throws(CFailure) {
        if value > limit { throw CFailure(.limit, "\(what()) \(value) is above the limit \(limit)") }
    }
}

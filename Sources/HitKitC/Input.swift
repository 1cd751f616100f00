// hk_app_send_frame and hk_app_advance: input frames and time (Behaviour A3). Rejected touches are
// kept for hk_app_rejection until the next frame; the rest of the frame is delivered.

import CHitKit
import HitKit
import HitTestCore

/// Reads C's hk_touch_input array.
func touchInputs(_ pointer: UnsafeRawPointer?, _ count: UInt) throws(CFailure) -> (inputs: [TouchInput], badPhases: [Int]) {
    guard count > 0 else { return ([], []) }
    try Limits.check(count, atMost: Limits.touchesPerFrame, "the frame's touch count")
    let items = try cArray(pointer, count, of: hk_touch_input.self, "touches")
    var inputs: [TouchInput] = [], badPhases: [Int] = []
    for item in items {
        let id = Int(item.id)
        let phaseRaw = item.phase
        let location = item.has_location != 0 ? Point(item.x, item.y) : nil
        guard let phase = touchPhase(phaseRaw) else {
            badPhases.append(id)
            continue
        }
        inputs.append(TouchInput(id: id, phase: phase, location: location))
    }
    return (inputs, badPhases)
}

/// Delivers a frame, recording the rejections; BAD_INPUT if any.
func deliver(_ box: AppBox, _ frame: InputFrame, badPhases: [Int]) throws(CFailure) {
    try box.checkNotDelivering("hk_app_send_frame/hk_app_advance")
    var rejections: [InputError.Rejection] = []
    box.delivering {
        do throws(InputError) {
            try box.application.send(frame)
        } catch {
            rejections = error.rejections
        }
    }
    box.delivery.rejections = rejections
    box.delivery.badPhaseTouches = badPhases
    if !rejections.isEmpty || !badPhases.isEmpty {
        let phases = badPhases.map { "touch \($0): unknown phase" }
        let all = rejections.map(\.description) + phases
        throw CFailure(.badInput, "input rejected: " + all.joined(separator: "; "))
    }
}

@_cdecl("hk_app_send_frame")
public func hk_app_send_frame(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ touches: UnsafeRawPointer?,
                              _ count: UInt) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        let (inputs, badPhases) = try touchInputs(touches, count)
        try deliver(box, InputFrame(timestamp: timestamp, touches: inputs), badPhases: badPhases)
    }
}

@_cdecl("hk_app_advance")
public func hk_app_advance(_ app: UnsafeMutableRawPointer?, _ time: Double) -> Int32 {
    guarded { () throws(CFailure) in
        try deliver(try appBox(app), InputFrame(timestamp: time), badPhases: [])
    }
}

@_cdecl("hk_app_rejection_count")
public func hk_app_rejection_count(_ app: UnsafeRawPointer?) -> UInt {
    var count: UInt = 0
    _ = guarded { () throws(CFailure) in
        let box = try appBox(app)
        count = UInt(box.delivery.rejections.count + box.delivery.badPhaseTouches.count)
    }
    return count
}

/// The `HK_REJECT_` code of a reason.
private func reasonCode(_ reason: InputError.Reason) -> Int32 {
    let code = switch reason {
    case .duplicateBegan: HK_REJECT_DUPLICATE_BEGAN
    case .unknownTouch: HK_REJECT_UNKNOWN_TOUCH
    case .repeatedInFrame: HK_REJECT_REPEATED_IN_FRAME
    case .missingLocation: HK_REJECT_MISSING_LOCATION
    case .nonFiniteLocation: HK_REJECT_NON_FINITE_LOCATION
    case .timeWentBackwards: HK_REJECT_TIME_WENT_BACKWARDS
    case .nonFiniteTime: HK_REJECT_NON_FINITE_TIME
    case .invalidSample: HK_REJECT_INVALID_SAMPLE
    case .pointer: HK_REJECT_POINTER
    case .scroll: HK_REJECT_SCROLL
    case .touchpad: HK_REJECT_TOUCHPAD
    case .key: HK_REJECT_KEY
    }
    return Int32(code)
}

@_cdecl("hk_app_rejection")
public func hk_app_rejection(_ app: UnsafeRawPointer?, _ index: UInt, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out)
        let all: [(Int?, Int32)] = box.delivery.rejections.map { ($0.touchID, reasonCode($0.reason)) }
            + box.delivery.badPhaseTouches.map { ($0, Int32(HK_REJECT_BAD_PHASE)) }
        guard index < UInt(all.count) else {
            throw CFailure(.indexOutOfRange, "rejection index \(index) out of range 0..<\(all.count)")
        }
        let (touchID, reason) = all[Int(index)]
        writeC(hk_rejection(touch_id: Int64(touchID ?? 0), has_touch_id: touchID == nil ? 0 : 1, reason: reason), to: out)
    }
}

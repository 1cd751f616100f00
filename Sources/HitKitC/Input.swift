// hk_app_send_frame and hk_app_advance: input frames and time (Behaviour A3). Rejected touches are
// kept for hk_app_rejection until the next frame; the rest of the frame is delivered.

import CHitKit
import HitKit
import HitTestCore

/// C's hk_touch_input array, checked: its count within the limit, and not NULL unless empty.
func touchInputs(_ pointer: UnsafeRawPointer?, _ count: UInt) throws(CFailure) -> UnsafeBufferPointer<hk_touch_input> {
    if count > 0 { try Limits.check(count, atMost: Limits.touchesPerFrame, "the frame's touch count") }
    return try cBuffer(pointer, count, of: hk_touch_input.self, "touches")
}

extension FrameScratch.Frame {
    /// Sets the frame's touches to C's, in place: a touch of the last frame is overwritten
    /// field by field, so a steady stream of frames allocates and releases nothing. Touches whose
    /// phase is not an HK_PHASE_ are left out, their ids noted in `badPhases`.
    mutating func setTouches(_ items: UnsafeBufferPointer<hk_touch_input>) {
        var count = 0
        for item in items {
            guard let phase = touchPhase(item.phase) else {
                badPhases.append(Int(item.id))
                continue
            }
            let location = item.has_location != 0 ? Point(item.x, item.y) : nil
            if count < input.touches.count {
                input.touches[count].id = Int(item.id)
                input.touches[count].phase = phase
                input.touches[count].location = location
                input.touches[count].clearHighRate()
            } else {
                input.touches.append(TouchInput(id: Int(item.id), phase: phase, location: location))
            }
            count += 1
        }
        if count < input.touches.count { input.touches.removeLast(input.touches.count - count) }
    }
}

extension TouchInput {
    /// Drops what a frame with samples set (hk_app_send_frame_with_samples), keeping the
    /// arrays' room for the next such frame.
    mutating func clearHighRate() {
        if !samples.isEmpty { samples.removeAllKeepingCapacity() }
        if !predictedSamples.isEmpty { predictedSamples.removeAllKeepingCapacity() }
        force = nil
        majorRadius = nil
        maximumPossibleForce = nil
        majorRadiusTolerance = nil
    }
}

extension AppBox {
    /// Delivers the frame C filled, recording the rejections; BAD_INPUT if any.
    func deliver(_ frame: UnsafeMutablePointer<FrameScratch.Frame>) throws(CFailure) {
        delivery.value.depth += 1
        // Only whether a key went unhandled comes back: a frame without one moves no array here.
        let (rejected, unhandled) = frames.lend { frame -> (InputError?, Bool) in
            do throws(InputError) {
                return (nil, try application.sendReportingUnhandledKeys(frame.input))
            } catch {
                return (error, !error.outcome.unhandledKeys.isEmpty || !error.outcome.unhandledRepeats.isEmpty)
            }
        }
        delivery.value.depth -= 1
        if let rejected, rejected.rejections.first?.reason == .sentDuringDelivery {
            // The façade's own refusal of a frame inside a delivery, which the check before the
            // call makes first: the call's status, not a rejection to list.
            throw CFailure(.busy, "a frame cannot be sent from inside the delivery of another")
        }
        if unhandled || !delivery.value.outcome.unhandledKeys.isEmpty || !delivery.value.outcome.unhandledRepeats.isEmpty {
            application.copyLastFrameOutcome(into: &delivery.value.outcome)
        }
        // Written only when either side holds something: a quiet stream of frames writes nothing.
        if rejected != nil || !delivery.value.rejections.isEmpty { delivery.value.rejections = rejected?.rejections ?? [] }
        if !frame.pointee.badPhases.isEmpty || !delivery.value.badPhaseTouches.isEmpty {
            delivery.value.badPhaseTouches = frame.pointee.badPhases
        }
        if !frame.pointee.badKeyPhases.isEmpty || !delivery.value.badPhaseKeys.isEmpty {
            delivery.value.badPhaseKeys = frame.pointee.badKeyPhases
        }
        // Swapped, not assigned: each array keeps its own room (the frame's is emptied at its next
        // reset), so a stream of key frames shares, retains and reallocates neither.
        if !frame.pointee.sentKeys.isEmpty || !delivery.value.sentKeys.isEmpty {
            swap(&delivery.value.sentKeys, &frame.pointee.sentKeys)
        }
        if rejected != nil || !frame.pointee.badPhases.isEmpty || !frame.pointee.badKeyPhases.isEmpty {
            let phases = frame.pointee.badPhases.map { "touch \($0): unknown phase" }
                + frame.pointee.badKeyPhases.map { "key \($0): unknown phase" }
            let all = (rejected?.rejections ?? []).map(cDescription(of:)) + phases
            throw CFailure(.badInput, "input rejected: " + all.joined(separator: "; "))
        }
    }

    /// `rejection` as C names it: a key by its index among the call's events, as
    /// hk_app_rejection does, not among those a phase check let through.
    private func cDescription(of rejection: InputError.Rejection) -> String {
        guard case .key(var problem) = rejection.reason else { return rejection.description }
        problem.index = delivery.value.sentKeys[problem.index]
        return InputError.Rejection(touchID: rejection.touchID, reason: .key(problem)).description
    }

    /// Checks that the app is not delivering (a frame from one of its callbacks is refused), then
    /// fills its frame scratch with `fill` and delivers it.
    func deliverFrame(at timestamp: Double, _ fill: (inout FrameScratch.Frame) -> Void) throws(CFailure) {
        try checkNotDelivering("hk_app_send_frame, hk_app_send_..._frame or hk_app_advance")
        let frame = frames.reset(timestamp: timestamp, delivering: delivery.value.depth > 0)
        fill(&frame.pointee)
        try deliver(frame)
    }
}

@_cdecl("hk_app_send_frame")
public func hk_app_send_frame(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ touches: UnsafeRawPointer?,
                              _ count: UInt) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        let items = try touchInputs(touches, count)
        try box.deliverFrame(at: timestamp) { frame in frame.setTouches(items) }
    }
}

@_cdecl("hk_app_advance")
public func hk_app_advance(_ app: UnsafeMutableRawPointer?, _ time: Double) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        try box.deliverFrame(at: time) { frame in frame.setTouches(UnsafeBufferPointer(start: nil, count: 0)) }
    }
}

@_cdecl("hk_app_rejection_count")
public func hk_app_rejection_count(_ app: UnsafeRawPointer?) -> UInt {
    var count: UInt = 0
    _ = appRead(app) { box in
        let delivery = box.delivery
        count = UInt(delivery.value.rejections.count + delivery.value.badPhaseTouches.count + delivery.value.badPhaseKeys.count)
    }
    return count
}

/// The `HK_REJECT_` code of a reason.
private func reasonCode(_ reason: InputError.Reason) -> Int32 {
    let code = switch reason {
    // The id is in use, as for a finger down; C's codes keep their number.
    case .duplicateBegan, .idOfThePointer: HK_REJECT_DUPLICATE_BEGAN
    case .unknownTouch: HK_REJECT_UNKNOWN_TOUCH
    case .repeatedInFrame: HK_REJECT_REPEATED_IN_FRAME
    case .missingLocation: HK_REJECT_MISSING_LOCATION
    case .nonFiniteLocation: HK_REJECT_NON_FINITE_LOCATION
    case .timeWentBackwards: HK_REJECT_TIME_WENT_BACKWARDS
    case .nonFiniteTime: HK_REJECT_NON_FINITE_TIME
    // A frame from inside a delivery is the call's HK_ERR_BUSY (AppBox.deliver), never listed.
    case .sentDuringDelivery: preconditionFailure("a frame sent during a delivery is HK_ERR_BUSY in C, never a listed rejection")
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
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        let delivery = box.delivery.value
        let rejections = delivery.rejections.count, badTouches = delivery.badPhaseTouches.count
        let count = rejections + badTouches + delivery.badPhaseKeys.count
        guard index < UInt(count) else {
            throw CFailure(.indexOutOfRange, "rejection index \(index) out of range 0..<\(count)")
        }
        // The frame's rejections, then its touches and its keys with a bad phase: read in place,
        // so that reading each of them costs the same and allocates nothing.
        let at = Int(index), touchID: Int?, reason: Int32
        if at < rejections {
            let rejection = delivery.rejections[at]
            // A key is named by its index among the C frame's keys (Behaviour A10).
            if case .key(let problem) = rejection.reason {
                (touchID, reason) = (delivery.sentKeys[problem.index], Int32(HK_REJECT_KEY))
            } else {
                (touchID, reason) = (rejection.touchID, reasonCode(rejection.reason))
            }
        } else if at < rejections + badTouches {
            (touchID, reason) = (delivery.badPhaseTouches[at - rejections], Int32(HK_REJECT_BAD_PHASE))
        } else {
            (touchID, reason) = (delivery.badPhaseKeys[at - rejections - badTouches], Int32(HK_REJECT_KEY))
        }
        writeC(hk_rejection(touch_id: Int64(touchID ?? 0), has_touch_id: touchID == nil ? 0 : 1, reason: reason), to: out)
    }
}

// High-rate input through the C API (Behaviour A3): samples, force and radius in frames
// (hk_app_send_frame_with_samples) and, inside a touch callback, the touch's values and the
// samples of its frame (hk_app_touch_high_rate, hk_app_touch_sample). The C layouts are in the
// header's "High-rate input" section; the offsets below follow them.

import CHitKit
import HitKit
import HitTestCore

extension AppBox {
    /// Runs `body` with `event` readable by the high-rate functions.
    func withEventInCallback(_ event: Event?, _ body: () -> Void) {
        let previous = delivery.value.eventInCallback
        delivery.value.eventInCallback = event
        defer { delivery.value.eventInCallback = previous }
        body()
    }

    /// The touch with `id` in the event of the callback under way.
    func touchInCallback(_ id: Int64) throws(CFailure) -> Touch {
        guard let event = delivery.value.eventInCallback else {
            throw CFailure(.invalidArgument, "no touch callback is under way")
        }
        guard let touch = event.touch(id: Int(id)) else {
            throw CFailure(.notFound, "touch \(id) is not in the event of this callback")
        }
        return touch
    }
}

/// A negative value is C's "not given".
private func given(_ value: Double) -> Double? {
    value < 0 ? nil : value
}

/// C's `count` hk_touch_sample at `pointer`, which may be NULL only when `count` is 0. The count
/// is C's size_t, which Swift imports as Int: a wild one reads as negative, and is refused.
private func samples(_ pointer: UnsafePointer<hk_touch_sample>?, _ count: Int, _ name: StaticString) throws(CFailure)
    -> UnsafeBufferPointer<hk_touch_sample>
{
    let count = UInt(bitPattern: count)
    try Limits.check(count, atMost: Limits.samplesPerTouch, "the touch's \(name) count")
    return try cBuffer(pointer.map(UnsafeRawPointer.init), count, of: hk_touch_sample.self, name)
}

extension TouchInput {
    /// Sets the touch's high-rate values to C's. Its sample arrays, which `setTouches` emptied
    /// keeping their room, are filled in place: the façade copies them and keeps none, so a
    /// steady stream of such frames allocates nothing here.
    fileprivate mutating func setHighRate(_ item: hk_touch_high_rate, samples: UnsafeBufferPointer<hk_touch_sample>,
                                          predicted: UnsafeBufferPointer<hk_touch_sample>) {
        force = given(item.force)
        majorRadius = given(item.major_radius)
        maximumPossibleForce = given(item.maximum_possible_force)
        majorRadiusTolerance = given(item.major_radius_tolerance)
        for sample in samples { self.samples.append(TouchSample(sample)) }
        for sample in predicted { predictedSamples.append(TouchSample(sample)) }
    }
}

extension TouchSample {
    fileprivate init(_ c: hk_touch_sample) {
        self.init(timestamp: c.timestamp, location: Point(c.x, c.y), force: given(c.force), majorRadius: given(c.major_radius))
    }
}

/// C's hk_touch_high_rate array for `touches` (NULL: none), checked before the frame is touched:
/// the sample arrays of the entries the frame keeps (those whose touch's phase is an HK_PHASE_)
/// within their limit, and not NULL unless empty.
func highRateInputs(_ pointer: UnsafeRawPointer?, for touches: UnsafeBufferPointer<hk_touch_input>) throws(CFailure)
    -> UnsafeBufferPointer<hk_touch_high_rate>
{
    let extras = pointer == nil || touches.baseAddress == nil
        ? UnsafeBufferPointer(start: nil, count: 0) : try cBuffer(pointer, UInt(touches.count), of: hk_touch_high_rate.self, "high_rate")
    for (item, extra) in zip(touches, extras) where touchPhase(item.phase) != nil {
        _ = try samples(extra.samples, extra.sample_count, "samples")
        _ = try samples(extra.predicted, extra.predicted_count, "predicted")
    }
    return extras
}

extension FrameScratch.Frame {
    /// Gives the touches ``setTouches(_:)`` set from `touches` their `extras`: the frame keeps,
    /// in order, the inputs whose phase is an HK_PHASE_, so each is paired with its entry.
    mutating func setHighRate(of touches: UnsafeBufferPointer<hk_touch_input>, _ extras: UnsafeBufferPointer<hk_touch_high_rate>) {
        var index = 0
        for (item, extra) in zip(touches, extras) where touchPhase(item.phase) != nil {
            input.touches[index].setHighRate(
                extra, samples: UnsafeBufferPointer(start: extra.samples, count: extra.sample_count),
                predicted: UnsafeBufferPointer(start: extra.predicted, count: extra.predicted_count))
            index += 1
        }
    }
}

@_cdecl("hk_app_send_frame_with_samples")
public func hk_app_send_frame_with_samples(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ touches: UnsafeRawPointer?,
                                           _ highRate: UnsafeRawPointer?, _ count: UInt) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        let items = try touchInputs(touches, count)
        let extras = try highRateInputs(highRate, for: items)
        try box.deliverFrame(at: timestamp) { frame in
            frame.setTouches(items)
            frame.setHighRate(of: items, extras)
        }
    }
}

@_cdecl("hk_app_touch_high_rate")
public func hk_app_touch_high_rate(_ app: UnsafeRawPointer?, _ touchID: Int64, _ out: UnsafeMutableRawPointer?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        let touch = try box.touchInCallback(touchID)
        writeC(hk_touch_high_rate_info(force: touch.force, major_radius: touch.majorRadius,
                                       maximum_possible_force: touch.maximumPossibleForce,
                                       major_radius_tolerance: touch.majorRadiusTolerance,
                                       sample_count: touch.frameSampleCount(predicted: false),
                                       predicted_count: touch.frameSampleCount(predicted: true)), to: out)
    }
}

@_cdecl("hk_app_touch_sample")
public func hk_app_touch_sample(_ app: UnsafeRawPointer?, _ touchID: Int64, _ predicted: Int32, _ index: UInt,
                                _ out: UnsafeMutableRawPointer?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        let touch = try box.touchInCallback(touchID)
        // The values `Event.coalescedTouches(for:)`'s snapshot at `index` has (or
        // `predictedTouches(for:)`'s), read from its sample: no snapshot is made.
        guard index <= UInt(Int.max), let sample = touch.frameSample(at: Int(index), predicted: predicted != 0) else {
            let count = touch.frameSampleCount(predicted: predicted != 0)
            throw CFailure(.indexOutOfRange, "sample index \(index) out of range 0..<\(count)")
        }
        writeC(hk_touch_sample(timestamp: sample.timestamp, x: sample.location.x, y: sample.location.y,
                               force: sample.force ?? 0, major_radius: sample.majorRadius ?? 0), to: out)
    }
}

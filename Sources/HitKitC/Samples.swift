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
    func touchInCallback(_ id: Int64) throws(CFailure) -> (Touch, Event) {
        guard let event = delivery.value.eventInCallback else {
            throw CFailure(.invalidArgument, "no touch callback is under way")
        }
        guard let touch = event.allTouches.first(where: { $0.id == Int(id) }) else {
            throw CFailure(.notFound, "touch \(id) is not in the event of this callback")
        }
        return (touch, event)
    }
}

/// A negative value is C's "not given".
private func given(_ value: Double) -> Double? {
    value < 0 ? nil : value
}

/// Reads `count` hk_touch_sample.
private func samples(_ pointer: UnsafePointer<hk_touch_sample>?, _ count: Int, _ name: StaticString) throws(CFailure) -> [TouchSample] {
    try cArray(pointer.map(UnsafeRawPointer.init), UInt(count), of: hk_touch_sample.self, name).map { sample in
        TouchSample(timestamp: sample.timestamp, location: Point(sample.x, sample.y),
                    force: given(sample.force), majorRadius: given(sample.major_radius))
    }
}

/// One hk_touch_high_rate, read.
private struct HighRate {
    var force, majorRadius, maximumPossibleForce, majorRadiusTolerance: Double?
    var samples, predictedSamples: [TouchSample]

    init(_ item: hk_touch_high_rate) throws(CFailure) {
        force = given(item.force)
        majorRadius = given(item.major_radius)
        maximumPossibleForce = given(item.maximum_possible_force)
        majorRadiusTolerance = given(item.major_radius_tolerance)
        samples = try HitKitC.samples(item.samples, item.sample_count, "samples")
        predictedSamples = try HitKitC.samples(item.predicted, item.predicted_count, "predicted")
    }

    func add(to input: inout TouchInput) {
        input.force = force
        input.majorRadius = majorRadius
        input.maximumPossibleForce = maximumPossibleForce
        input.majorRadiusTolerance = majorRadiusTolerance
        input.samples = samples
        input.predictedSamples = predictedSamples
    }
}

@_cdecl("hk_app_send_frame_with_samples")
public func hk_app_send_frame_with_samples(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ touches: UnsafeRawPointer?,
                                           _ highRate: UnsafeRawPointer?, _ count: UInt) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        let items = try touchInputs(touches, count)
        // The frame keeps, in order, the inputs whose phase is an HK_PHASE_: pair each with its entry.
        var highRates: [HighRate] = []
        if let highRate, touches != nil {
            let extras = try cBuffer(highRate, count, of: hk_touch_high_rate.self, "high_rate")
            for (item, extra) in zip(items, extras) where touchPhase(item.phase) != nil { highRates.append(try HighRate(extra)) }
        }
        try box.deliverFrame(at: timestamp) { frame in
            frame.setTouches(items)
            for (index, highRate) in highRates.enumerated() { highRate.add(to: &frame.input.touches[index]) }
        }
    }
}

@_cdecl("hk_app_touch_high_rate")
public func hk_app_touch_high_rate(_ app: UnsafeRawPointer?, _ touchID: Int64, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out)
        let (touch, event) = try box.touchInCallback(touchID)
        let coalesced = event.coalescedTouches(for: touch)?.count ?? 0
        let predicted = event.predictedTouches(for: touch)?.count ?? 0
        writeC(hk_touch_high_rate_info(force: touch.force, major_radius: touch.majorRadius,
                                       maximum_possible_force: touch.maximumPossibleForce,
                                       major_radius_tolerance: touch.majorRadiusTolerance,
                                       sample_count: coalesced, predicted_count: predicted), to: out)
    }
}

@_cdecl("hk_app_touch_sample")
public func hk_app_touch_sample(_ app: UnsafeRawPointer?, _ touchID: Int64, _ predicted: Int32, _ index: UInt,
                                _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out)
        let (touch, event) = try box.touchInCallback(touchID)
        let snapshots = (predicted != 0 ? event.predictedTouches(for: touch) : event.coalescedTouches(for: touch)) ?? []
        guard index < UInt(snapshots.count) else {
            throw CFailure(.indexOutOfRange, "sample index \(index) out of range 0..<\(snapshots.count)")
        }
        let snapshot = snapshots[Int(index)]
        let inWindow = snapshot.location(in: nil)
        let screen = snapshot.window?.convertToScreen(inWindow) ?? inWindow
        writeC(hk_touch_sample(timestamp: snapshot.timestamp, x: screen.x, y: screen.y, force: snapshot.force,
                               major_radius: snapshot.majorRadius), to: out)
    }
}

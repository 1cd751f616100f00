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
        let previous = delivery.eventInCallback
        delivery.eventInCallback = event
        defer { delivery.eventInCallback = previous }
        body()
    }

    /// The touch with `id` in the event of the callback under way.
    func touchInCallback(_ id: Int64) throws(CFailure) -> (Touch, Event) {
        guard let event = delivery.eventInCallback else {
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
private func samples(_ pointer: UnsafePointer<hk_touch_sample>?, _ count: Int, _ name: String) throws(CFailure) -> [TouchSample] {
    try cArray(pointer.map(UnsafeRawPointer.init), UInt(count), of: hk_touch_sample.self, name).map { sample in
        TouchSample(timestamp: sample.timestamp, location: Point(sample.x, sample.y),
                    force: given(sample.force), majorRadius: given(sample.major_radius))
    }
}

/// Adds one hk_touch_high_rate to `input`.
private func addHighRate(_ item: hk_touch_high_rate, to input: inout TouchInput) throws(CFailure) {
    input.force = given(item.force)
    input.majorRadius = given(item.major_radius)
    input.maximumPossibleForce = given(item.maximum_possible_force)
    input.majorRadiusTolerance = given(item.major_radius_tolerance)
    input.samples = try samples(item.samples, item.sample_count, "samples")
    input.predictedSamples = try samples(item.predicted, item.predicted_count, "predicted")
}

@_cdecl("hk_app_send_frame_with_samples")
public func hk_app_send_frame_with_samples(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ touches: UnsafeRawPointer?,
                                           _ highRate: UnsafeRawPointer?, _ count: UInt) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        var (inputs, badPhases) = try touchInputs(touches, count)
        if let highRate, let touches {
            // touchInputs keeps, in order, the inputs whose phase is an HK_PHASE_: pair each with
            // its entry.
            let items = try cArray(touches, count, of: hk_touch_input.self, "touches")
            let extras = try cArray(highRate, count, of: hk_touch_high_rate.self, "high_rate")
            var next = 0
            for (item, extra) in zip(items, extras) where touchPhase(item.phase) != nil {
                try addHighRate(extra, to: &inputs[next])
                next += 1
            }
        }
        try deliver(box, InputFrame(timestamp: timestamp, touches: inputs), badPhases: badPhases)
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

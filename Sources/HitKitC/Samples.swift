// High-rate input through the C API (Behaviour A3): samples, force and radius in frames
// (hk_app_send_frame_with_samples) and, inside a touch callback, the touch's values and the
// samples of its frame (hk_app_touch_high_rate, hk_app_touch_sample). The C layouts are in the
// header's "High-rate input" section; the offsets below follow them.

import HitKit
import HitTestCore

extension AppBox {
    /// Runs `body` with `event` readable by the high-rate functions.
    func withEventInCallback(_ event: Event?, _ body: () -> Void) {
        let previous = eventInCallback
        eventInCallback = event
        defer { eventInCallback = previous }
        body()
    }

    /// The touch with `id` in the event of the callback under way.
    func touchInCallback(_ id: Int64) throws(CFailure) -> (Touch, Event) {
        guard let event = eventInCallback else {
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

/// Reads `count` hk_touch_sample (40 bytes: timestamp, x, y, force, major_radius).
private func samples(_ pointer: UnsafeRawPointer?, _ count: UInt, _ name: String) throws(CFailure) -> [TouchSample] {
    guard count > 0 else { return [] }
    let base = try required(pointer, name)
    return (0..<Int(count)).map { index in
        let item = base + index * 40
        func double(_ field: Int) -> Double { item.load(fromByteOffset: field * 8, as: Double.self) }
        return TouchSample(timestamp: double(0), location: Point(double(1), double(2)),
                           force: given(double(3)), majorRadius: given(double(4)))
    }
}

/// Adds one hk_touch_high_rate (64 bytes: force, major_radius, maximum_possible_force,
/// major_radius_tolerance, samples, sample_count, predicted, predicted_count) to `input`.
private func addHighRate(_ item: UnsafeRawPointer, to input: inout TouchInput) throws(CFailure) {
    func double(_ field: Int) -> Double { item.load(fromByteOffset: field * 8, as: Double.self) }
    input.force = given(double(0))
    input.majorRadius = given(double(1))
    input.maximumPossibleForce = given(double(2))
    input.majorRadiusTolerance = given(double(3))
    input.samples = try samples(item.load(fromByteOffset: 32, as: UnsafeRawPointer?.self),
                                item.load(fromByteOffset: 40, as: UInt.self), "samples")
    input.predictedSamples = try samples(item.load(fromByteOffset: 48, as: UnsafeRawPointer?.self),
                                         item.load(fromByteOffset: 56, as: UInt.self), "predicted")
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
            var next = 0
            for index in 0..<Int(count) where (0...4).contains(touches.load(fromByteOffset: index * 32 + 8, as: Int32.self)) {
                try addHighRate(highRate + index * 64, to: &inputs[next])
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
        for (field, value) in [touch.force, touch.majorRadius, touch.maximumPossibleForce, touch.majorRadiusTolerance].enumerated() {
            out.storeBytes(of: value, toByteOffset: field * 8, as: Double.self)
        }
        out.storeBytes(of: UInt(coalesced), toByteOffset: 32, as: UInt.self)
        out.storeBytes(of: UInt(predicted), toByteOffset: 40, as: UInt.self)
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
        for (field, value) in [snapshot.timestamp, screen.x, screen.y, snapshot.force, snapshot.majorRadius].enumerated() {
            out.storeBytes(of: value, toByteOffset: field * 8, as: Double.self)
        }
    }
}

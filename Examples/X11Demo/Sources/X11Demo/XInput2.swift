import CX11

/// The XInput 2 extension on one window: what the demo selects and the events it decodes into
/// plain values (no HitKit types here, so `Window` stays Xlib's).
///
/// - Touches (XI 2.2): `TouchBegin`/`TouchUpdate`/`TouchEnd` from the master pointer. Selecting
///   them means the server sends this client the touches themselves and none of the pointer
///   events it emulates from the first touch, so a finger is never also a click.
/// - Smooth scrolling (XI 2.1): `Motion` from each slave pointer that has scroll valuators. Only
///   slaves are selected: selecting XI 2 motion on the master would stop the core `MotionNotify`
///   the pointer path reads.
/// - Touchpad gestures (XI 2.4): `GesturePinch*` and `GestureSwipe*` from the master (pinches
///   become Behaviour A9 pinch steps, swipes are only logged).
final class XInput2 {
    /// One decoded XI 2 event.
    enum Event {
        case touch(Phase, id: UInt32, x: Double, y: Double, time: UInt)
        /// A slave's motion with the values of the valuators it carries (axis number → value).
        case motion(device: Int32, x: Double, y: Double, valuators: [Int32: Double], time: UInt)
        case pinch(Phase, fingers: UInt32, x: Double, y: Double, dx: Double, dy: Double, scale: Double,
                   angleDelta: Double, cancelled: Bool, time: UInt)
        case swipe(Phase, fingers: UInt32, x: Double, y: Double, dx: Double, dy: Double, cancelled: Bool, time: UInt)
        /// A device's classes changed (or a device came or went): its scroll valuators may differ.
        case devicesChanged
    }

    enum Phase: String {
        case begin, update, end
    }

    /// A slave pointer's scroll valuator.
    struct ScrollAxis {
        let device: Int32
        let number: Int32
        let isVertical: Bool
        /// Valuator units per wheel notch (the server emulates one wheel button per increment).
        let increment: Double
        /// The valuator's value when the demo started watching it.
        let value: Double
    }

    let display: OpaquePointer
    let opcode: Int32
    /// The version the server agreed to, as major * 10 + minor (22 for 2.2).
    let version: Int32
    private(set) var scrollAxes: [ScrollAxis] = []

    /// Nil when the server has no XInput or only a version before 2.2 (no touches).
    init?(display: OpaquePointer) {
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major * 10 + minor >= 22 else { return nil }
        self.display = display
        self.opcode = opcode
        version = major * 10 + minor
    }

    var offersGestures: Bool { version >= 24 }

    /// Selects touches and gestures from the master pointer, hierarchy changes from all devices,
    /// and motion from every slave pointer with scroll valuators.
    func select(on window: Window) {
        var masks: [(device: Int32, events: [Int32])] = []
        var master = [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd]
        if offersGestures {
            master += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
                       XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd]
        }
        masks.append((XIAllMasterDevices, master))
        scrollAxes = Self.queryScrollAxes(display)
        for device in Set(scrollAxes.map(\.device)).sorted() {
            masks.append((device, [XI_Motion, XI_DeviceChanged]))
        }
        for (device, events) in masks { selectEvents(events, from: device, on: window) }
        // Hierarchy changes go to the root window only.
        selectEvents([XI_HierarchyChanged], from: XIAllDevices, on: XDefaultRootWindow(display))
    }

    private func selectEvents(_ events: [Int32], from device: Int32, on window: Window) {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT) / 8 + 1)
        for event in events { bits[Int(event) / 8] |= UInt8(1 << (event % 8)) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    /// The XI 2 event in `event`, or nil when it is another extension's or one not decoded.
    func decode(_ event: inout XEvent) -> Event? {
        guard event.type == GenericEvent, event.xcookie.extension == opcode,
              XGetEventData(display, &event.xcookie) != 0 else { return nil }
        defer { XFreeEventData(display, &event.xcookie) }
        let type = event.xcookie.evtype
        guard let data = event.xcookie.data else { return nil }
        switch type {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let touch = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return .touch(Self.phase(type, begin: XI_TouchBegin), id: UInt32(truncatingIfNeeded: touch.detail),
                          x: touch.event_x, y: touch.event_y, time: touch.time)
        case XI_Motion:
            let motion = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return .motion(device: motion.deviceid, x: motion.event_x, y: motion.event_y,
                           valuators: Self.values(motion.valuators), time: motion.time)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            return .pinch(Self.phase(type, begin: XI_GesturePinchBegin), fingers: UInt32(truncatingIfNeeded: pinch.detail),
                          x: pinch.event_x, y: pinch.event_y, dx: pinch.delta_x, dy: pinch.delta_y,
                          scale: pinch.scale, angleDelta: pinch.delta_angle,
                          cancelled: pinch.flags & Int32(XIGesturePinchEventCancelled) != 0, time: pinch.time)
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let swipe = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            return .swipe(Self.phase(type, begin: XI_GestureSwipeBegin), fingers: UInt32(truncatingIfNeeded: swipe.detail),
                          x: swipe.event_x, y: swipe.event_y, dx: swipe.delta_x, dy: swipe.delta_y,
                          cancelled: swipe.flags & Int32(XIGestureSwipeEventCancelled) != 0, time: swipe.time)
        case XI_DeviceChanged, XI_HierarchyChanged:
            return .devicesChanged
        default:
            return nil
        }
    }

    private static func phase(_ type: Int32, begin: Int32) -> Phase {
        switch type - begin {
        case 0: .begin
        case 1: .update
        default: .end
        }
    }

    /// The valuators an event carries: the mask's set bits, in order, own the packed values.
    private static func values(_ state: XIValuatorState) -> [Int32: Double] {
        var result: [Int32: Double] = [:]
        guard let mask = state.mask, let values = state.values else { return result }
        var next = 0
        for axis in 0..<Int(state.mask_len) * 8 where mask[axis / 8] & UInt8(1 << (axis % 8)) != 0 {
            result[Int32(axis)] = values[next]
            next += 1
        }
        return result
    }

    /// Every slave pointer's scroll valuators, with their current values.
    private static func queryScrollAxes(_ display: OpaquePointer) -> [ScrollAxis] {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(devices) }
        var axes: [ScrollAxis] = []
        for device in UnsafeBufferPointer(start: devices, count: Int(count)) where device.use == XISlavePointer {
            let classes = UnsafeBufferPointer(start: device.classes, count: Int(device.num_classes)).compactMap { $0 }
            var current: [Int32: Double] = [:]
            for info in classes where info.pointee.type == XIValuatorClass {
                let valuator = UnsafeRawPointer(info).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                current[valuator.number] = valuator.value
            }
            for info in classes where info.pointee.type == XIScrollClass {
                let scroll = UnsafeRawPointer(info).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                guard scroll.increment != 0 else { continue }
                axes.append(ScrollAxis(device: device.deviceid, number: scroll.number,
                                       isVertical: scroll.scroll_type == XIScrollTypeVertical,
                                       increment: scroll.increment, value: current[scroll.number] ?? 0))
            }
        }
        return axes
    }
}

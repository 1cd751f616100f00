// hk_app_send_input_frame: every kind of input of one frame in one call, delivered in Behaviour
// A3's frame order with one frame end. Each part is read and checked by the same code as the call
// that sends it alone, so the two cannot differ in what they take or refuse.

import CHitKit
import HitKit

@_cdecl("hk__app_send_input_frame")
public func hk__app_send_input_frame(_ app: UnsafeMutableRawPointer?, _ frame: UnsafeRawPointer?, _ frameSize: UInt,
                                     _ keyOutcomes: UnsafeMutablePointer<UInt8>?) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        let frame = try required(frame, "frame")
        // The header's wrapper passes the size its program was built with, checked before a byte
        // is read: a later minor version that adds parts at the struct's end reads them only
        // from programs that have them.
        guard frameSize == UInt(MemoryLayout<hk_input_frame>.stride) else {
            throw CFailure(.invalidArgument, "hk_input_frame of \(frameSize) bytes: this library knows one of \(MemoryLayout<hk_input_frame>.stride) (hitkit.h \(HK_VERSION_MAJOR).\(HK_VERSION_MINOR)); build against the header of the library you run")
        }
        let input = read(hk_input_frame.self, from: frame)
        // Every part is checked before the frame is touched: a refusal changes nothing.
        let touches = try touchInputs(input.touches, UInt(bitPattern: input.touch_count))
        let highRate = try highRateInputs(input.high_rate, for: touches)
        let pointer = try input.pointer.map { pointer throws(CFailure) in try pointerInput(pointer) }
        let scroll = try input.scroll.map { scroll throws(CFailure) in try scrollInput(scroll) }
        let keys = try keyInputs(input.keys, UInt(bitPattern: input.key_count))
        try checkKeyModifiers(keys)
        let gesture = try input.touchpad.map { gesture throws(CFailure) in try touchpadGesture(gesture) }
        var delivered = false
        // Written for a frame that was delivered: a refused call (HK_ERR_BUSY) leaves them.
        defer { if let keyOutcomes, delivered { box.writeKeyOutcomes(to: keyOutcomes, count: keys.count) } }
        try box.deliverFrame(at: input.timestamp) { frame in
            frame.setTouches(touches)
            frame.setHighRate(of: touches, highRate)
            if let (state, flags) = pointer { frame.setPointer(state, modifierFlags: flags) }
            frame.input.scroll = scroll
            box.setKeys(keys, of: &frame)
            frame.input.touchpadGesture = gesture
            delivered = true
        }
    }
}

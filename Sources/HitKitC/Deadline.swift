// hk_app_next_deadline: when the app next needs the clock moved — its next timer (long press,
// multi-tap timeout, delayed touch delivery) or, while a scroll view moves, its next animation
// tick (Behaviour A6.1) — so that a toolkit can sleep until then or until the next input.

@_cdecl("hk_app_next_deadline")
public func hk_app_next_deadline(_ app: UnsafeRawPointer?, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        out.pointee = box.application.nextDeadline ?? .infinity
    }
}

/// The log line of an XI 2.4 touchpad gesture event, as the server delivered it, before a pinch
/// goes to HitKit (``TouchpadPinchTranslator``); a swipe is only logged, A9 having none:
///
///     xi pinch begin fingers 2 at 320,200 delta 0.00,0.00 scale 1.00 angle 0.00
///     xi swipe update fingers 3 at 320,200 delta 10.00,0.00
///
/// `scale` is the server's absolute scale since the gesture began, `angle` the change in degrees
/// since the last event; `cancelled` ends the line of an end the user did not finish.
enum TouchpadGestureLog {
    static func line(_ event: XInput2.Event) -> String {
        switch event {
        case let .pinch(phase, fingers, x, y, dx, dy, scale, angleDelta, cancelled, _):
            return "xi pinch \(phase.rawValue) fingers \(fingers) at \(Int(x.rounded())),\(Int(y.rounded()))"
                + " delta \(DemoScene.decimal(dx)),\(DemoScene.decimal(dy)) scale \(DemoScene.decimal(scale))"
                + " angle \(DemoScene.decimal(angleDelta))\(cancelled ? " cancelled" : "")"
        case let .swipe(phase, fingers, x, y, dx, dy, cancelled, _):
            return "xi swipe \(phase.rawValue) fingers \(fingers) at \(Int(x.rounded())),\(Int(y.rounded()))"
                + " delta \(DemoScene.decimal(dx)),\(DemoScene.decimal(dy))\(cancelled ? " cancelled" : "")"
        default:
            return "xi \(event)"
        }
    }
}

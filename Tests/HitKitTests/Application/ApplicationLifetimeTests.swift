import Testing
@testable import HitKit

/// An application and everything in it are freed once the host lets go of it — also with
/// fingers still down, recognizers mid-gesture and timers pending (no reference cycle among
/// the façade's own objects).
@Suite struct ApplicationLifetimeTests {
    /// Builds a window with a view and `recognizer` (if any), runs `frames`, then drops every
    /// reference and reports what survived.
    func survivors(recognizer makeRecognizer: () -> GestureRecognizer?,
                   frames: (Application) throws -> Void) rethrows -> [String] {
        weak var weakApp: Application?
        weak var weakWindow: Window?
        weak var weakView: View?
        weak var weakRecognizer: GestureRecognizer?
        try {
            let app = Application()
            let window = Window(frame: Rect(0, 0, 400, 400), in: app)
            let view = View(frame: Rect(0, 0, 400, 400), in: app)
            view.isMultipleTouchEnabled = true
            window.addSubview(view)
            if let recognizer = makeRecognizer() {
                view.addGestureRecognizer(recognizer)
                weakRecognizer = recognizer
            }
            weakApp = app
            weakWindow = window
            weakView = view
            try frames(app)
        }()
        return [("application", weakApp as AnyObject?), ("window", weakWindow), ("view", weakView),
                ("recognizer", weakRecognizer)].compactMap { $0.1 == nil ? nil : $0.0 }
    }

    @Test func freedAfterAFinishedTouch() throws {
        #expect(try survivors(recognizer: { nil }) { app in
            try app.frame(0, began(1, 10, 10))
            try app.frame(0.1, ended(1, 10, 10))
        } == [])
    }

    @Test func freedWithAFingerStillDown() throws {
        #expect(try survivors(recognizer: { nil }) { app in try app.frame(0, began(1, 10, 10)) } == [])
    }

    @Test(arguments: ["tap", "double tap", "long press", "pan", "swipe", "pinch"])
    func freedWithARecognizerMidGesture(kind: String) throws {
        let make: () -> GestureRecognizer = {
            switch kind {
            case "tap": return TapGestureRecognizer()
            case "double tap":
                let tap = TapGestureRecognizer()
                tap.numberOfTapsRequired = 2
                return tap
            case "long press": return LongPressGestureRecognizer()
            case "pan": return PanGestureRecognizer()
            case "swipe": return SwipeGestureRecognizer()
            default: return PinchGestureRecognizer()
            }
        }
        let midGesture = try survivors(recognizer: make) { app in
            try app.frame(0, began(1, 100, 100), began(2, 200, 100))
            try app.frame(0.05, moved(1, 160, 100), moved(2, 260, 110))
        }
        #expect(midGesture == [], "\(kind): \(midGesture) outlived the application")
        let timerPending = try survivors(recognizer: make) { app in
            try app.frame(0, began(1, 100, 100))
            try app.frame(0.05, ended(1, 100, 100))
        }
        #expect(timerPending == [], "\(kind), its timer pending: \(timerPending) outlived the application")
    }

    /// A recognizer subclass that keeps every touch set it is handed (as a drawing recognizer
    /// keeping its strokes might).
    final class SetKeeper: GestureRecognizer {
        var kept: [Set<Touch>] = []
        override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { kept.append(touches) }
        override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { kept.append(touches) }
    }

    @Test func freedWhenARecognizerKeepsItsTouches() throws {
        let stillDown = try survivors(recognizer: { SetKeeper() }) { app in
            try app.frame(0, began(1, 10, 10), began(2, 20, 20))
        }
        #expect(stillDown == [], "fingers down: \(stillDown) outlived the application")
        let lifted = try survivors(recognizer: { SetKeeper() }) { app in
            try app.frame(0, began(1, 10, 10), began(2, 20, 20))
            try app.frame(0.1, ended(1, 10, 10))
        }
        #expect(lifted == [], "one finger lifted: \(lifted) outlived the application")
    }
}

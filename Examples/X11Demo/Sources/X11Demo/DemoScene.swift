import HitKit

/// The demo's view tree inside one HitKit `Application`: a button, a slider, a draggable view
/// with a pan recognizer and a double-tap target, each wired to write what it receives to the
/// delivery log.
@MainActor
final class DemoScene {
    static let size = Size(width: 480, height: 320)

    let app = Application()
    let window: Window
    let button: Button
    let slider: Slider
    let draggable: DraggableView
    let doubleTapTarget: SwatchView
    private let log: DeliveryLog

    init(log: DeliveryLog) {
        self.log = log
        // The HitKit window sits at the screen origin, so X window coordinates are HitKit
        // screen coordinates.
        window = Window(frame: Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height), in: app)
        window.makeKeyAndVisible()

        button = Button(frame: Rect(x: 20, y: 20, width: 140, height: 60), in: app)
        button.title = "button"
        slider = Slider(frame: Rect(x: 20, y: 110, width: 300, height: 40), in: app)
        draggable = DraggableView(frame: Rect(x: 20, y: 190, width: 100, height: 80), in: app)
        draggable.fill = .draggable
        draggable.label = "drag me"
        doubleTapTarget = SwatchView(frame: Rect(x: 340, y: 20, width: 120, height: 120), in: app)
        doubleTapTarget.fill = .doubleTapIdle
        doubleTapTarget.label = "double-tap"
        for view in [button, slider, draggable, doubleTapTarget] as [View] { window.addSubview(view) }

        wireButton()
        wireSlider()
        wirePan()
        wireDoubleTap()
    }

    /// The views by name with their frames in window coordinates, for the script driving the demo.
    var layout: [(name: String, frame: Rect)] {
        let named: [(String, View)] = [
            ("button", button), ("slider", slider), ("draggable", draggable), ("doubleTap", doubleTapTarget),
        ]
        return named.map { ($0.0, $0.1.convert($0.1.bounds, to: window)) }
    }

    private func wireButton() {
        for event in [Control.Event.touchDown, .touchDragExit, .touchDragEnter, .touchUpInside, .touchUpOutside, .touchCancel] {
            button.addAction(for: event) { [log] _ in log.write("button \(event.name)") }
        }
    }

    private func wireSlider() {
        slider.addAction(for: .valueChanged) { [log] control in
            guard let slider = control as? Slider else { return }
            log.write("slider valueChanged \(Self.twoDecimals(slider.value))")
        }
    }

    private func wirePan() {
        draggable.log = { [log] line in log.write(line) }
        let pan = PanGestureRecognizer()
        pan.observeStateChanges { [log] _, state in log.write("pan \(state)") }
        pan.addTarget { [weak self] recognizer in
            guard let self, let pan = recognizer as? PanGestureRecognizer else { return }
            // Move the view by the travel so far, then consume it, as a UIKit drag handler does.
            let travel = pan.translation(in: window)
            var frame = draggable.frame
            frame.origin = Point(x: frame.origin.x + travel.x, y: frame.origin.y + travel.y)
            draggable.frame = frame
            pan.setTranslation(.zero, in: window)
            if pan.state == .ended {
                log.write("draggable at \(Int(frame.origin.x.rounded())),\(Int(frame.origin.y.rounded()))")
            }
        }
        draggable.addGestureRecognizer(pan)
    }

    private func wireDoubleTap() {
        let doubleTap = TapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        doubleTap.observeStateChanges { [log] _, state in
            // "recognized" is the discrete name of ended; failures show why a tap did not count.
            log.write("doubleTap \(state == .recognized ? "recognized" : state.description)")
        }
        doubleTap.addTarget { [weak self] _ in
            guard let self else { return }
            doubleTapTarget.fill = doubleTapTarget.fill == .doubleTapIdle ? .doubleTapToggled : .doubleTapIdle
        }
        doubleTapTarget.addGestureRecognizer(doubleTap)
    }

    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

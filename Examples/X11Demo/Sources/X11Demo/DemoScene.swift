import HitKit

/// The demo's view tree inside one HitKit `Application`: a button, a slider, a draggable view
/// with a pan recognizer and a double-tap target, and for the pointer (Behaviour A8) a view that
/// highlights while hovered, a target for right clicks only and a list scrolled by the wheel,
/// and for touches a photo in a scroll view that two fingers or a touchpad zoom (Behaviour A6.2)
/// and turn, each wired to write what it receives to the delivery log.
@MainActor
final class DemoScene {
    static let size = Size(width: 640, height: 400)

    let app = Application()
    let window: Window
    let button: Button
    let slider: Slider
    let draggable: DraggableView
    let doubleTapTarget: SwatchView
    let hoverTarget: SwatchView
    let secondaryClickTarget: SwatchView
    let list: ScrollView
    /// The photo, the canvas its scroll view zooms, and that scroll view (ZoomablePhoto.swift).
    let photo: PhotoView
    let photoCanvas: View
    let photoScroller: ScrollView
    /// Puts the photo back; Tab reaches it (DemoScene+Keyboard.swift).
    let resetButton: Button
    /// The window's key commands' performer, the application's delegate (held weakly there).
    let photoActions: PhotoActions
    /// The photo's rotation's delegate (recognizers hold their delegate weakly).
    let photoGestures = SimultaneousGestures()
    /// The photo's scroll view's delegate (held weakly too).
    let photoZoomLog: PhotoZoomLog
    /// The list's delegate (a scroll view holds its delegate weakly).
    let listLog: ListLog
    /// The list's rows: each `rowHeight` high, more than the list shows.
    static let rowCount = 14
    static let rowHeight = 40.0
    let log: DeliveryLog

    init(log: DeliveryLog) {
        self.log = log
        listLog = ListLog(log: log)
        photoActions = PhotoActions(log: log)
        photoZoomLog = PhotoZoomLog(log: log)
        // The HitKit window sits at the screen origin, so X window coordinates are HitKit
        // screen coordinates.
        window = Window(frame: Rect(x: 0, y: 0, width: Self.size.width, height: Self.size.height), in: app)
        window.makeKeyAndVisible()

        button = Button(frame: Rect(x: 20, y: 20, width: 140, height: 60), in: app)
        button.title = "button"
        resetButton = Button(frame: Rect(x: 180, y: 20, width: 140, height: 60), in: app)
        slider = Slider(frame: Rect(x: 20, y: 110, width: 300, height: 40), in: app)
        draggable = DraggableView(frame: Rect(x: 20, y: 190, width: 100, height: 80), in: app)
        draggable.fill = .draggable
        draggable.label = "drag me"
        doubleTapTarget = SwatchView(frame: Rect(x: 340, y: 20, width: 120, height: 120), in: app)
        doubleTapTarget.fill = .doubleTapIdle
        doubleTapTarget.label = "double-tap"
        hoverTarget = SwatchView(frame: Rect(x: 490, y: 20, width: 130, height: 60), in: app)
        hoverTarget.fill = .hoverIdle
        hoverTarget.label = "hover"
        secondaryClickTarget = SwatchView(frame: Rect(x: 490, y: 100, width: 130, height: 60), in: app)
        secondaryClickTarget.fill = .secondaryIdle
        secondaryClickTarget.label = "right-click"
        list = ScrollView(frame: Rect(x: 490, y: 180, width: 130, height: 200), in: app)
        list.clipsToBounds = true
        list.contentSize = Size(width: 130, height: Self.rowHeight * Double(Self.rowCount))
        for index in 0..<Self.rowCount {
            let row = SwatchView(frame: Rect(x: 0, y: Self.rowHeight * Double(index), width: 130, height: Self.rowHeight), in: app)
            row.fill = index.isMultiple(of: 2) ? .listRowEven : .listRowOdd
            row.label = "row \(index)"
            list.addSubview(row)
        }
        (photoScroller, photoCanvas, photo) = Self.makeZoomablePhoto(in: app)
        // The photo first: behind the others when it grows.
        photoActions.photo = photo
        photoActions.scroller = photoScroller
        for view in [photoScroller, button, resetButton, slider, draggable, doubleTapTarget, hoverTarget, secondaryClickTarget, list] as [View] {
            window.addSubview(view)
        }

        wireButton()
        wireSlider()
        wirePan()
        wireDoubleTap()
        wireHover()
        wireSecondaryClick()
        wireList()
        wirePhoto()
        wireKeyboard()
    }

    /// The views by name with their frames in window coordinates, for the script driving the demo.
    var layout: [(name: String, frame: Rect)] {
        let named: [(String, View)] = [
            ("button", button), ("reset", resetButton), ("slider", slider), ("draggable", draggable), ("doubleTap", doubleTapTarget),
            ("hover", hoverTarget), ("secondaryClick", secondaryClickTarget), ("list", list), ("photo", photoScroller),
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

    /// Highlights the hover target while the pointer is over it; a button pressed there changes
    /// nothing (Behaviour A8: pressing neither begins nor ends hover).
    private func wireHover() {
        let hover = HoverGestureRecognizer()
        hover.observeStateChanges { [log] _, state in log.write("hover \(state)") }
        hover.addTarget { [weak self] recognizer in
            guard let self else { return }
            hoverTarget.fill = recognizer.state == .began || recognizer.state == .changed ? .hoverHighlighted : .hoverIdle
        }
        hoverTarget.addGestureRecognizer(hover)
    }

    /// A tap answering the secondary (right) button only: a left or middle click is not given to
    /// it. Shift held at the click gives another colour, from the recognizer's modifier flags.
    private func wireSecondaryClick() {
        let tap = TapGestureRecognizer()
        tap.buttonMaskRequired = .secondary
        tap.observeStateChanges { [log] recognizer, state in
            guard state == .recognized else { return log.write("secondaryTap \(state)") }
            log.write("secondaryTap recognized modifiers \(Self.names(recognizer.modifierFlags))")
        }
        tap.addTarget { [weak self] recognizer in
            guard let self else { return }
            secondaryClickTarget.fill = recognizer.modifierFlags.contains(.shift) ? .secondaryShiftClicked : .secondaryClicked
        }
        secondaryClickTarget.addGestureRecognizer(tap)
    }

    /// The wheel, smooth scrolling, a finger or a click drag scroll the list: its own pan moves the
    /// content, and after a drag it goes on moving (Behaviour A6.1). Its delegate logs every
    /// offset, including those of the motion after the drag, and when the motion starts and ends.
    private func wireList() {
        let pan = list.panGestureRecognizer
        pan.observeStateChanges { [log] _, state in log.write("list pan \(state)") }
        list.delegate = listLog
    }

    /// Modifier flags by name, `none` when empty: `shift+control`.
    static func names(_ flags: KeyModifierFlags) -> String {
        let named: [(KeyModifierFlags, String)] = [
            (.alphaShift, "alphaShift"), (.shift, "shift"), (.control, "control"),
            (.alternate, "alternate"), (.command, "command"), (.numericPad, "numericPad"),
        ]
        let present = named.filter { flags.contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: "+")
    }

    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

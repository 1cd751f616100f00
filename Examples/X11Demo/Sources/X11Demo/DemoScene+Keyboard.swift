import HitKit

/// The demo's keyboard (Behaviour A10): the window's focus system, so Tab and Shift-Tab move a
/// focus ring across the controls and Return presses the focused button; a "reset" button; and
/// two key commands declared on the window — Control-R puts the photo back, Control-= zooms it
/// (repeatable: a held key zooms on) — performed by the application's delegate. Keys nothing
/// takes come back unhandled, and the event loop quits on an unhandled q or Escape.
extension DemoScene {
    func wireKeyboard() {
        resetButton.title = "reset"
        resetButton.addAction(for: .touchUpInside) { [weak self] _ in self?.photoActions.resetPhoto() }
        resetButton.addAction(for: .primaryActionTriggered) { [log] _ in log.write("reset primaryActionTriggered") }
        button.addAction(for: .primaryActionTriggered) { [log] _ in log.write("button primaryActionTriggered") }
        app.delegate = photoActions
        window.addKeyCommand(KeyCommand(input: "r", modifierFlags: .control, action: "resetPhoto"))
        window.addKeyCommand(KeyCommand(input: "=", modifierFlags: .control, action: "zoomPhoto"))
        window.isFocusSystemEnabled = true
        app.observeFocus { [weak self, log] context in
            guard let self else { return }
            log.write("focus \(context.nextFocusedItem.map { name(of: $0) } ?? "none")")
        }
        app.observeKeyCommands { [log] report in
            log.write("keyCommand \(report.command.action) \(report.command)\(report.isRepeat ? " repeat" : "")")
        }
    }

    /// A focusable view's name in the log and the layout.
    func name(of view: View) -> String {
        if view === button { return "button" }
        if view === resetButton { return "reset" }
        if view === slider { return "slider" }
        return "\(view)"
    }
}

/// The application's delegate (its next responder): the end of every chain, so the window's key
/// commands find it whatever has focus, and it performs their actions on the photo.
final class PhotoActions: Responder {
    weak var photo: PhotoView?
    /// The photo's scroll view, whose zoom a reset undoes too.
    weak var scroller: ScrollView?
    let log: DeliveryLog

    init(log: DeliveryLog) {
        self.log = log
        super.init()
        performableActions = ["resetPhoto", "zoomPhoto"]
    }

    override func perform(_ action: Action, sender: Any?, event: Event?) {
        switch action.name {
        case "resetPhoto": resetPhoto()
        case "zoomPhoto": zoomPhoto()
        default: break
        }
    }

    /// The end of every press's route: a press HitKit cancelled (the window lost the keyboard
    /// while it was held) is logged.
    override func pressesCancelled(_ presses: Set<Press>, with event: PressesEvent?) {
        for press in presses { log.write("press cancelled \(press.key?.keyCode.rawValue ?? 0)") }
    }

    func resetPhoto() {
        guard let photo else { return }
        photo.transform = .identity
        scroller?.setZoomScale(1, animated: false)
        log.write("photo reset")
    }

    private func zoomPhoto() {
        guard let scroller else { return }
        scroller.setZoomScale(scroller.zoomScale * 1.25, animated: false)
        log.write("photo zoom \(DemoScene.decimal(scroller.zoomScale))")
    }
}

@testable import HitKit
import HitTestCore
@testable import HitKitScene

/// The state that is meant to outlast input (Behaviour A5–A7, A10): control values, scroll
/// offsets and zoom scales, each window's first responder, the key window and the focused item.
/// Taken from a scene before a replay and put back after it, so that a second replay of the same
/// input starts where the first did.
struct PersistentState {
    private var restorers: [() -> Void] = []
    private let keyWindow: Window?

    init(of scene: LoadedScene) {
        keyWindow = scene.application.keyWindow
        for window in scene.windows {
            let first = window.firstResponder
            restorers.append {
                guard window.firstResponder !== first else { return }
                if let first { _ = first.becomeFirstResponder() } else { _ = window.firstResponder?.resignFirstResponder() }
            }
            restorers.append {
                // Turning the focus system off and on focuses nothing (Behaviour A10), as at loading;
                // each group's last focused item (where Tab enters it) is forgotten too. An edit may
                // have turned it on since.
                guard window.isFocusSystemEnabled else { return }
                window.isFocusSystemEnabled = false
                window.isFocusSystemEnabled = true
                window.focusState?.lastFocused.removeAll()
            }
            collect(window)
        }
    }

    private mutating func collect(_ view: View) {
        switch view {
        case let control as Switch: let on = control.isOn; restorers.append { control.isOn = on }
        case let control as Slider: let value = control.value; restorers.append { control.value = value }
        case let control as Stepper: let value = control.value; restorers.append { control.value = value }
        case let control as SegmentedControl:
            let index = control.selectedSegmentIndex; restorers.append { control.selectedSegmentIndex = index }
        case let control as PageControl: let page = control.currentPage; restorers.append { control.currentPage = page }
        case let scrollView as ScrollView:
            let (scale, offset, size) = (scrollView.zoomScale, scrollView.contentOffset, scrollView.contentSize)
            restorers.append {
                if scrollView.zoomScale != scale {
                    // A scene's scale may lie outside its limits (Behaviour B4): they are widened
                    // for the step and put back (setting them only stores them, A6.2).
                    let (minimum, maximum) = (scrollView.minimumZoomScale, scrollView.maximumZoomScale)
                    try? scrollView.setZoomScaleLimits(minimum: min(minimum, scale), maximum: max(maximum, scale))
                    scrollView.setZoomScale(scale, animated: false)
                    try? scrollView.setZoomScaleLimits(minimum: minimum, maximum: maximum)
                }
                // A zoom step sets `contentSize` to the scaled zoom view's (Behaviour A6.2).
                scrollView.contentSize = size
                scrollView.contentOffset = offset
            }
        default: break
        }
        for subview in view.subviews { collect(subview) }
    }

    /// Puts it all back (the key window last, after each window's first responder).
    func restore() {
        for restorer in restorers { restorer() }
        keyWindow?.makeKey()
    }
}

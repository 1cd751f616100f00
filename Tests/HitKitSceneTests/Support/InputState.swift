@testable import HitKit
@testable import HitKitScene

/// What an application still holds of input once every input has ended and every timer and
/// motion is over: each entry names one thing that should be gone (a touch registered, a
/// withheld touch, an arena entry, a recognizer not reset, a tracking control, a hover, a press,
/// a touchpad gesture, a session…). Empty when nothing is left.
enum InputState {
    static func leftovers(of scene: LoadedScene) -> [String] {
        let application = scene.application
        var found: [String] = []
        func check(_ held: Bool, _ what: @autoclosure () -> String) { if held { found.append(what()) } }
        check(!application.activeTouches.isEmpty, "touches down \(application.activeTouches.map(\.id))")
        check(application.dispatcher.hasHeldTouches, "withheld touches \(application.dispatcher.heldTouches.map(\.id))")
        check(!application.dispatcher.arena.isEmpty, "\(application.dispatcher.arena.entries.count) arena entries")
        check(application.pendingTimerCount > 0, "\(application.pendingTimerCount) timers")
        check(application.hasScrollMotion, "scroll motion")
        let interactions = application.interactionState
        check(!interactions.isIdle, "interactions not idle (open menu \(interactions.openMenu != nil))")
        check(interactions.liftsWaitingForMenus != 0, "\(interactions.liftsWaitingForMenus) lifts waiting for menus")
        let pointer = application.pointerState
        check(pointer.id != nil, "pointer present")
        check(!pointer.hovers.isEmpty || !pointer.nextHovers.isEmpty, "hovers \(pointer.hovers.count)+\(pointer.nextHovers.count)")
        check(pointer.isHiddenByDrag, "pointer hidden by a drag")
        check(pointer.continuousScrollUnderway || pointer.continuousScrollOwner != nil, "continuous scroll under way")
        check(!pointer.scrollViewsStoppedByScroll.isEmpty, "\(pointer.scrollViewsStoppedByScroll.count) scroll views stopped by a scroll")
        check(pointer.pendingClickID != nil, "pending click")
        let touchpad = application.touchpadState
        check(touchpad.kind != nil || !touchpad.recognizers.isEmpty, "touchpad gesture under way")
        check(touchpad.scrollViewStoppedByHold != nil, "scroll view stopped by a hold")
        check(!application.keyboard.down.isEmpty, "keys down \(application.keyboard.down.count)")
        check(!application.keyboard.underWay.presses.isEmpty, "presses under way \(application.keyboard.underWay.presses.count)")
        for window in scene.windows { visit(window, scene: scene, into: &found) }
        return found
    }

    private static func visit(_ view: View, scene: LoadedScene, into found: inout [String]) {
        let name = scene.id(of: view) ?? "\(type(of: view))"
        for recognizer in view.gestureRecognizers {
            let what = "\(type(of: recognizer)) on \(name)"
            if recognizer.state != .possible { found.append("\(what) \(recognizer.state)") }
            if !recognizer.fenced.touches.isEmpty { found.append("\(what) holds touches") }
            if !recognizer.fenced.timers.isEmpty { found.append("\(what) holds \(recognizer.fenced.timers.count) timers") }
            if recognizer.fenced.entry.isSet { found.append("\(what) holds an arena entry") }
            if recognizer.isDrivenByTouchpad { found.append("\(what) still driven by the touchpad") }
        }
        if let control = view as? Control {
            if control.isTracking || control.trackedTouch != nil { found.append("\(name) tracking") }
            if control.isHighlighted { found.append("\(name) highlighted") }
        }
        if let scrollView = view as? ScrollView {
            if scrollView.isDragging || scrollView.isTracking { found.append("\(name) dragging or tracking") }
            if scrollView.isZooming || scrollView.isZoomBouncing { found.append("\(name) zooming") }
            if scrollView.motion != nil { found.append("\(name) in motion") }
        }
        for subview in view.subviews { visit(subview, scene: scene, into: &found) }
    }
}

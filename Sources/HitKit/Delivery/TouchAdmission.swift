/// SPEC A3's rules for whether a view takes a new touch: `isMultipleTouchEnabled` and
/// `isExclusiveTouch`. A refused touch is never delivered to any view.
enum TouchAdmission {
    /// Whether `touch`, beginning now, may be delivered to its view, given the other touches down
    /// (those already admitted or tracked count as "tracking").
    static func admits(_ touch: Touch, among touches: [Touch]) -> Bool {
        guard let view = touch.view, let window = touch.window, view.window === window else { return false }
        let tracking = touches.filter { $0 !== touch && ($0.delivery == .tracking || $0.delivery == .admitted) }
        // Only the first of several simultaneous touches reaches a single-touch view.
        if !view.isMultipleTouchEnabled && tracking.contains(where: { $0.view === view }) { return false }
        let trackingInWindow = tracking.filter { $0.window === window }
        // An exclusive view takes no touch while another view of its window tracks one…
        if view.isExclusiveTouch && trackingInWindow.contains(where: { $0.view !== view }) { return false }
        // …and blocks the others while it tracks one.
        if trackingInWindow.contains(where: { $0.view !== view && $0.view?.isExclusiveTouch == true }) { return false }
        return true
    }
}

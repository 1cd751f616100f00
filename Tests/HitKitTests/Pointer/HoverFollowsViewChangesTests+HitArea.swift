import Testing
@testable import HitKit

/// Behaviour A8: the view under the pointer is the hit-test view (A2) and is recomputed "after
/// every change of a view's flags, hierarchy or geometry (… a call of the API)". The hit area's
/// own settings (A2: `hitTestInsets`, `minimumHitSize`) and the hit flags `passThrough` and
/// `redirectsToSuperview` change the answer too: a hover follows each when the setter returns,
/// without a frame. Hand-derived: the pointer rests at (120, 50), 20 pt right of a
/// 100 × 100 box at the window's origin.
extension HoverFollowsViewChangesTests {
    @Test func aHoverFollowsTheHitAreaAndHitFlagsSetThroughTheAPI() throws {
        box.frame = Rect(0, 0, 100, 100)
        hover(on: box, named: "box")
        try pointer(at: 120, 50)
        #expect(log.lines.isEmpty, "the window, not the box, is under the pointer")
        // Negative insets enlarge the hit area to x −30…130: it holds x 120.
        box.hitTestInsets = EdgeInsets(top: -30, left: -30, bottom: -30, right: -30)
        #expect(log.lines == ["box began"])
        box.hitTestInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
        #expect(log.lines == ["box began", "box ended"])
        // Grown about its center x = 50 to width 260: x −80…180.
        box.minimumHitSize = Size(260, 100)
        #expect(log.lines == ["box began", "box ended", "box began"])
        // A pass-through view is never the answer itself (A2 step 4): the window is.
        box.passesTouchesThrough = true
        #expect(log.lines.last == "box ended")
        box.passesTouchesThrough = false
        #expect(log.lines.last == "box began")
        // A redirecting view answers its superview (A2 step 5), which the box is not an ancestor of.
        box.redirectsToSuperview = true
        #expect(log.lines.last == "box ended")
        #expect(log.lines.count == 6)
    }
}

import Testing
@testable import HitKit

/// Behaviour A3's removal rule meets A4 g/h: a view removed while a recognizer withholds its touch.
@Suite struct WithheldRemovalTests {
    let scene = GestureScene()

    @Test func aViewRemovedWhileItsEndIsWithheldGetsTouchesCancelledAtOnce() throws {
        let double = scene.attach(TapGestureRecognizer(), to: scene.white, as: "double")
        double.numberOfTapsRequired = 2
        try scene.tap(at: 100, 100, from: 0, to: 0.1)
        #expect(scene.log.lines == ["yellow touchesBegan 1"], "the end is withheld")
        scene.yellow.removeFromSuperview()
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesCancelled 1"])
        try scene.app.advance(to: 1)
        #expect(scene.log.lines == ["yellow touchesBegan 1", "yellow touchesCancelled 1", "double failed"],
                "nothing more reaches the removed view")
        #expect(scene.app.dispatcher.heldTouches.isEmpty)
    }

    @Test func aViewRemovedWhileItsBeganIsWithheldNeverHearsOfTheTouch() throws {
        let tap = scene.attach(TapGestureRecognizer(), to: scene.white, as: "tap")
        tap.delaysTouchesBegan = true
        try scene.app.frame(0, began(1, 100, 100))
        scene.yellow.removeFromSuperview()
        try scene.app.frame(0.1, moved(1, 150, 100))
        try scene.app.frame(0.2, ended(1, 150, 100))
        #expect(scene.log.lines == ["tap failed"])
        #expect(scene.app.dispatcher.heldTouches.isEmpty)
    }

    @Test func aRecognizerOfARemovedViewIsCancelledAndItsWithholdingEnds() throws {
        scene.white.isMultipleTouchEnabled = true
        let blue = LoggedView("blue", frame: Rect(x: 300, y: 300, width: 50, height: 50), in: scene.app, log: scene.log)
        scene.white.addSubview(blue)
        let press = scene.attach(LongPressGestureRecognizer(), to: blue, as: "press")
        press.cancelsTouchesInView = false
        let holder = scene.attach(TapGestureRecognizer(), to: scene.yellow, as: "holder")
        holder.delaysTouchesBegan = true
        try scene.app.frame(0, began(1, 100, 100), began(2, 310, 310))
        try scene.app.advance(to: 0.6)
        #expect(scene.log.lines == ["blue touchesBegan 2", "press began"])
        scene.yellow.removeFromSuperview()
        blue.removeFromSuperview()
        // Behaviour A3: the removed view's touches are cancelled at once, then its recognizers stop.
        #expect(scene.log.lines.suffix(3) == ["holder failed", "blue touchesCancelled 2", "press cancelled"])
    }
}

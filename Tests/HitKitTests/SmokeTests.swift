import Testing
@testable import HitKit

@Test func smoke() {
    let app = Application()
    let window = Window(frame: Rect(0, 0, 100, 100), in: app)
    let view = View(frame: Rect(10, 10, 20, 20), in: app)
    window.addSubview(view)
    #expect(app.hitTest(screenPoint: Point(15, 15)) === view)
}

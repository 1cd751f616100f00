import Testing
@testable import HitKit

/// Behaviour A2 through the façade, with overridden `hitTest` and `point(inside:)`.
@Suite struct HitTestingTests {
    /// Counts how often the engine asks it, and answers with `super` or a fixed rule.
    final class CountingView: View {
        override class var overridesHitTest: Bool { true }
        var asked = 0
        var answer: ((Point) -> View?)?
        var lastEvent: Event?
        override func hitTest(_ point: Point, with event: Event?) -> View? {
            asked += 1
            lastEvent = event
            return answer.map { $0(point) } ?? super.hitTest(point, with: event)
        }
    }

    /// Overrides `hitTest` but does not opt in: the engine never asks it.
    /// Overrides without declaring it, as a UIKit developer would write it.
    final class SilentOverride: View {
        override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
    }

    /// Declares that it keeps the defaults (and, misusing the declaration, overrides anyway).
    final class DeclaredPlain: View {
        override class var overridesHitTest: Bool { false }
        override class var overridesPointInside: Bool { false }
        override func hitTest(_ point: Point, with event: Event?) -> View? { nil }
    }

    /// A subclass that keeps UIKit's hit testing without saying so.
    final class PlainSubclass: View {}

    /// A round hit area.
    final class RoundView: View {
        override class var overridesPointInside: Bool { true }
        var asked = 0
        override func point(inside point: Point, with event: Event?) -> Bool {
            asked += 1
            let r = bounds.width / 2, dx = point.x - r, dy = point.y - r
            return dx * dx + dy * dy < r * r
        }
    }

    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(0, 0, 200, 200), in: app)
    }

    func hit(_ x: Double, _ y: Double) -> View? { app.hitTest(screenPoint: Point(x, y)) }

    @Test func frontMostSubviewWins() {
        let back = View(frame: Rect(0, 0, 100, 100), in: app)
        let front = View(frame: Rect(50, 50, 100, 100), in: app)
        window.addSubview(back)
        window.addSubview(front)
        #expect(hit(75, 75) === front)
        #expect(hit(25, 25) === back)
        #expect(hit(180, 20) === window)
        #expect(hit(250, 20) == nil)
        window.bringSubviewToFront(back)
        #expect(hit(75, 75) === back)
        window.sendSubviewToBack(back)
        #expect(hit(75, 75) === front)
        window.exchangeSubview(at: 0, withSubviewAt: 1)
        #expect(hit(75, 75) === back)
    }

    // UIKit leaves the order alone when asked to move a view that is not a subview of the
    // receiver: a grandchild, a sibling, or one in no hierarchy. Each request below would change
    // an order (the grandchild's among its siblings, the sibling's among the window's) if it were
    // carried out on the view's real superview.
    @Test func movingAViewThatIsNotASubviewChangesNothing() {
        let back = View(frame: Rect(0, 0, 100, 100), in: app)
        let front = View(frame: Rect(50, 50, 100, 100), in: app)
        let inner = View(frame: Rect(0, 0, 10, 10), in: app)
        let outer = View(frame: Rect(0, 0, 10, 10), in: app)
        let loose = View(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(back)
        window.addSubview(front)
        front.addSubview(inner)
        front.addSubview(outer)
        let ids = { (views: [View]) in views.map(ObjectIdentifier.init) }
        window.bringSubviewToFront(inner)
        window.sendSubviewToBack(outer)
        front.bringSubviewToFront(back)
        window.sendSubviewToBack(loose)
        #expect(ids(window.subviews) == ids([back, front]))
        #expect(ids(front.subviews) == ids([inner, outer]))
        #expect(loose.superview == nil)
        #expect(hit(75, 75) === front)
        window.sendSubviewToBack(front)
        #expect(hit(75, 75) === back)
    }

    @Test func insertionOrderHelpers() {
        let a = View(frame: Rect(0, 0, 10, 10), in: app)
        let b = View(frame: Rect(0, 0, 10, 10), in: app)
        let c = View(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(a)
        window.insertSubview(b, at: 0)
        window.insertSubview(c, aboveSubview: b)
        #expect(window.subviews.map(ObjectIdentifier.init) == [b, c, a].map(ObjectIdentifier.init))
        window.insertSubview(a, belowSubview: b)
        #expect(window.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        #expect(hit(5, 5) === c)
        #expect(c.isDescendant(of: window) && !window.isDescendant(of: c))
    }

    @Test func flagsReachTheEngine() {
        let view = View(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(view)
        view.isHidden = true
        #expect(hit(10, 10) === window)
        view.isHidden = false
        view.alpha = 0.01
        #expect(hit(10, 10) === view, "alpha exactly 0.01 is still hittable")
        view.alpha = 0.009
        #expect(hit(10, 10) === window)
        view.alpha = 1
        view.isUserInteractionEnabled = false
        #expect(hit(10, 10) === window)
        view.isUserInteractionEnabled = true
        view.passesTouchesThrough = true
        #expect(hit(10, 10) === window)
        view.passesTouchesThrough = false
        #expect(hit(10, 10) === view)
    }

    @Test func hitAreaModifiersAndOutsideBounds() {
        let parent = View(frame: Rect(0, 0, 50, 50), in: app)
        let sticking = View(frame: Rect(60, 0, 20, 20), in: app)
        window.addSubview(parent)
        parent.addSubview(sticking)
        #expect(hit(65, 5) === window, "a subview outside its superview's bounds is not reached")
        parent.hitsOutsideBounds = true
        #expect(hit(65, 5) === sticking)
        let small = View(frame: Rect(150, 150, 10, 10), in: app)
        window.addSubview(small)
        #expect(hit(147, 155) === window)
        small.minimumHitSize = Size(44, 44)
        #expect(hit(147, 155) === small)
        small.minimumHitSize = .zero
        small.hitTestInsets = EdgeInsets(top: -5, left: -5, bottom: -5, right: -5)
        #expect(small.hitTestInsets.top == -5)
        #expect(hit(147, 155) === small)
        #expect(hit(144, 155) === window)
    }

    @Test func redirectsToSuperviewAnswersTheParent() {
        let card = View(frame: Rect(0, 0, 100, 100), in: app)
        let label = View(frame: Rect(10, 10, 20, 20), in: app)
        window.addSubview(card)
        card.addSubview(label)
        #expect(hit(15, 15) === label)
        label.redirectsToSuperview = true
        #expect(hit(15, 15) === card)
        #expect(label.redirectsToSuperview)
    }

    @Test func overriddenHitTestIsAskedAndOnlyThatView() {
        let plainSibling = View(frame: Rect(100, 0, 100, 100), in: app)
        let custom = CountingView(frame: Rect(0, 0, 100, 100), in: app)
        let inner = View(frame: Rect(10, 10, 10, 10), in: app)
        window.addSubview(custom)
        window.addSubview(plainSibling)
        custom.addSubview(inner)
        #expect(hit(150, 50) === plainSibling)
        #expect(custom.asked == 0, "a front sibling answered first: the override is not asked")
        #expect(hit(15, 15) === inner, "super runs the default recursion")
        #expect(custom.asked == 1)
        custom.answer = { [unowned custom] _ in custom }
        #expect(hit(15, 15) === custom, "the override's answer replaces the subtree's")
        custom.answer = { _ in nil }
        #expect(hit(15, 15) === window)
        #expect(custom.asked == 3)
    }

    @Test func overrideCanReachOutsideItsBounds() {
        // The seeds' "a button that takes touches near it": answer itself for points just outside.
        let button = CountingView(frame: Rect(50, 50, 20, 20), in: app)
        button.answer = { [unowned button] p in
            p.x >= -10 && p.x < 30 && p.y >= -10 && p.y < 30 ? button : nil
        }
        window.addSubview(button)
        #expect(hit(45, 45) === button)
        #expect(hit(35, 35) === window)
    }

    @Test func overrideReceivesTheEvent() {
        let custom = CountingView(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(custom)
        let event = Event(timestamp: 1, allTouches: [])
        #expect(app.hitTest(screenPoint: Point(5, 5), with: event) === custom)
        #expect(custom.lastEvent === event)
        #expect(app.eventBeingHitTested == nil, "the event is only passed during the query")
    }

    @Test func anUndeclaredOverrideIsStillAskedByTheEngine() {
        let view = SilentOverride(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(view)
        #expect(hit(5, 5) === window, "the override answers nil for its subtree: the window is next")
        #expect(view.hitTest(Point(5, 5), with: nil) == nil)
    }

    @Test func aClassDeclaringTheDefaultsStaysOnTheFastPath() {
        let view = DeclaredPlain(frame: Rect(0, 0, 100, 100), in: app)
        window.addSubview(view)
        #expect(hit(5, 5) === view, "declared plain: the engine does not ask the class")
        #expect(view.hitTest(Point(5, 5), with: nil) == nil, "a direct call still runs the method")
    }

    @Test func hitKitsOwnClassesKeepTheDefaultsAndOtherSubclassesAreAsked() {
        #expect(!View.overridesHitTest && !View.overridesPointInside)
        #expect(!Window.overridesHitTest && !Button.overridesHitTest && !ScrollView.overridesPointInside)
        #expect(PlainSubclass.overridesHitTest && PlainSubclass.overridesPointInside)
        // Asked, a subclass that keeps the defaults answers exactly as plain views do.
        let outer = PlainSubclass(frame: Rect(0, 0, 100, 100), in: app)
        let inner = PlainSubclass(frame: Rect(10, 10, 20, 20), in: app)
        window.addSubview(outer)
        outer.addSubview(inner)
        #expect(hit(15, 15) === inner)
        #expect(hit(50, 50) === outer)
        #expect(hit(150, 150) === window)
    }

    @Test func overriddenPointInsideShapesTheHitArea() {
        let round = RoundView(frame: Rect(0, 0, 100, 100), in: app)
        let child = View(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(round)
        round.addSubview(child)
        #expect(hit(50, 50) === round)
        #expect(hit(5, 5) === window, "the corner is outside the circle, so the child is not reached")
        #expect(hit(95, 95) === window)
        #expect(round.asked == 3)
        #expect(round.point(inside: Point(50, 50), with: nil))
        let plain = View(frame: Rect(0, 0, 10, 10), in: app)
        #expect(plain.point(inside: Point(9, 9), with: nil))
        #expect(!plain.point(inside: Point(10, 9), with: nil), "the max edge is outside")
    }

    @Test func viewHitTestCanBeCalledDirectly() {
        let parent = View(frame: Rect(100, 100, 50, 50), in: app)
        let child = View(frame: Rect(10, 10, 10, 10), in: app)
        parent.addSubview(child)
        #expect(parent.hitTest(Point(15, 15), with: nil) === child, "works on a detached tree, in its coordinates")
        #expect(parent.hitTest(Point(60, 15), with: nil) == nil)
    }

    @Test func windowsFrontToBackByLevelThenOrder() {
        let second = Window(frame: Rect(0, 0, 200, 200), in: app)
        #expect(hit(10, 10) === second, "shown last is in front")
        window.windowLevel = 1
        #expect(hit(10, 10) === window)
        window.isHidden = true
        #expect(hit(10, 10) === second)
        let offset = Window(frame: Rect(500, 500, 100, 100), in: app)
        let inOffset = View(frame: Rect(10, 10, 10, 10), in: app)
        offset.addSubview(inOffset)
        #expect(hit(515, 515) === inOffset, "each window is tested in its own coordinates")
    }

    @Test func geometryPropertiesRoundTrip() {
        let view = View(frame: Rect(10, 20, 30, 40), in: app)
        #expect(view.frame == Rect(10, 20, 30, 40))
        #expect(view.center == Point(25, 40))
        #expect(view.bounds == Rect(0, 0, 30, 40))
        view.bounds = Rect(5, 5, 10, 10)
        #expect(view.center == Point(25, 40), "setting bounds never moves the center")
        view.transform = AffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == Rect(15, 30, 20, 20))
        #expect(view.center == Point(25, 40))
        view.anchorPoint = Point(0, 0)
        #expect(view.anchorPoint == Point(0, 0))
        #expect(view.frame == Rect(25, 40, 20, 20))
        view.clipsToBounds = true
        view.isMultipleTouchEnabled = true
        view.isExclusiveTouch = true
        #expect(view.clipsToBounds && view.isMultipleTouchEnabled && view.isExclusiveTouch)
    }
}

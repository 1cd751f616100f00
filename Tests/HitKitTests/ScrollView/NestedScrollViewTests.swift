import Testing
@testable import HitKit

/// Behaviour A6, **Nested scroll views**: the pan is A4's pan, so the innermost scroll view takes
/// any drag; a host gets UIKit's cross-directional nesting by refusing the begin along an axis
/// the scroll view cannot scroll, as the behaviour describes.
@Suite("Nested scroll views")
struct NestedScrollViewTests {
    /// A horizontal carousel that refuses, as UIKit's scroll views do, a drag along an axis it
    /// cannot scroll.
    final class Carousel: ScrollView {
        override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
            if gestureRecognizer === panGestureRecognizer {
                let translation = panGestureRecognizer.translation(in: self)
                let alongY = abs(translation.y) > abs(translation.x)
                if alongY && contentSize.height <= bounds.height && !alwaysBounceVertical { return false }
                if !alongY && contentSize.width <= bounds.width && !alwaysBounceHorizontal { return false }
            }
            return super.gestureRecognizerShouldBegin(gestureRecognizer)
        }
    }

    let app = Application()
    let page: ScrollView

    /// A vertical page (content 2,000 pt tall) in a 320 × 480 window.
    init() {
        let window = Window(frame: Rect(0, 0, 320, 480), in: app)
        page = ScrollView(frame: Rect(0, 0, 320, 480), in: app)
        page.contentSize = Size(320, 2000)
        window.addSubview(page)
    }

    /// `carousel`, 100 pt tall at y = 100 in the page, with content 1,000 pt wide.
    func add(_ carousel: ScrollView) -> ScrollView {
        carousel.contentSize = Size(1000, 100)
        page.addSubview(carousel)
        return carousel
    }

    /// A drag 60 pt up from (100, 150) on the carousel, held still before the lift (no fling);
    /// `during` runs while the finger is still down.
    func dragUp(during: () -> Void = {}) throws {
        try app.frame(0, began(1, 100, 150))
        try app.frame(0.05, moved(1, 102, 120))
        try app.frame(0.1, moved(1, 104, 90))
        try app.frame(0.5, moved(1, 104, 90))
        during()
        try app.frame(0.6, ended(1, 104, 90))
    }

    @Test("by A6's letter, a vertical drag on a horizontal carousel is the carousel's, and the page stays")
    func theInnermostTakesTheDrag() throws {
        let carousel = add(ScrollView(frame: Rect(0, 100, 320, 100), in: app))
        try dragUp { #expect(carousel.isDragging && !page.isDragging) }
        #expect(page.contentOffset == Point(0, 0))
        #expect(carousel.contentOffset.y == 0, "it cannot scroll vertically")
    }

    @Test("a carousel that refuses the begin along the axis it cannot scroll leaves the drag to the page")
    func refusingTheBeginGivesUIKitsNesting() throws {
        let carousel = add(Carousel(frame: Rect(0, 100, 320, 100), in: app))
        try dragUp { #expect(!carousel.isDragging && page.isDragging) }
        #expect(page.contentOffset.y > 0, "the page took the drag")
        #expect(carousel.contentOffset == Point(0, 0), "its pan never began")
    }
}

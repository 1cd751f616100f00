import HitKit
import HitTestCore

/// A scroll view's delegate in a scene with `logDelegate` (Behaviour B6): writes
/// `<scrollView> willBeginDragging`, `didEndDragging true|false`, `willBeginDecelerating`,
/// `didEndDecelerating`, `didEndScrollingAnimation`, `willBeginZooming` and `didEndZooming <s>`
/// when the call is made. `didScroll`, `didZoom` and `willEndDragging` are not logged: their
/// effect shows in the `contentOffset` and `zoomScale` lines. Its `viewForZooming(in:)` keeps
/// the default (the scene's `zoomView`).
final class SceneScrollViewDelegate: ZoomSourceDeclaring {
    /// In a scene the zoom source is `zoomView` alone (Behaviour A6.2), not this delegate.
    var answersViewForZooming: Bool { false }
    private let id: String
    private unowned let log: DeliveryLog

    init(id: String, log: DeliveryLog) {
        self.id = id
        self.log = log
    }

    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.append("\(id) willBeginDragging") }

    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        log.append("\(id) didEndDragging \(decelerate)")
    }

    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { log.append("\(id) willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log.append("\(id) didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { log.append("\(id) didEndScrollingAnimation") }
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) { log.append("\(id) willBeginZooming") }

    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
        log.append("\(id) didEndZooming \(scale)")
    }
}

extension SceneBuilder {
    /// B4's motion keys (Behaviour A6.1) on a built scroll view. The decoder has checked the rate.
    static func applyMotionKeys(_ keys: SceneDescription.ScrollView, to scrollView: ScrollView) {
        scrollView.bounces = keys.bounces
        scrollView.alwaysBounceVertical = keys.alwaysBounceVertical
        scrollView.alwaysBounceHorizontal = keys.alwaysBounceHorizontal
        scrollView.isPagingEnabled = keys.pagingEnabled
        if let rate = DecelerationRate(rawValue: keys.decelerationRate) { scrollView.decelerationRate = rate }
    }

    /// A logging delegate for each scroll view with `logDelegate`, set as its delegate.
    static func logScrollViewDelegates(of scene: SceneDescription, responders: SceneResponders,
                                       log: DeliveryLog) -> [SceneScrollViewDelegate] {
        var delegates: [SceneScrollViewDelegate] = []
        for window in scene.windows {
            for description in window.view.subtree where description.scrollView?.logDelegate == true {
                guard let scrollView = responders[description.id] as? ScrollView else { continue }
                let delegate = SceneScrollViewDelegate(id: description.id, log: log)
                scrollView.delegate = delegate
                delegates.append(delegate)
            }
        }
        return delegates
    }
}

import HitKit

extension SceneBuilder {
    /// B4's zoom keys on the built scroll views: limits, `bouncesZoom` and the zoom view, then a
    /// given `zoomScale` as `setZoomScale` without animation — the last step of building, made
    /// before the log begins, so it is not logged. The decoder has checked every value.
    static func configureZooming(of scene: SceneDescription, responders: SceneResponders) {
        var scaled: [(ScrollView, Double)] = []
        for window in scene.windows {
            for description in window.view.subtree {
                guard let keys = description.scrollView?.zoom,
                      let scrollView = responders[description.id] as? ScrollView else { continue }
                try? scrollView.setMinimumZoomScale(keys.minimumScale)
                try? scrollView.setMaximumZoomScale(keys.maximumScale)
                scrollView.bouncesZoom = keys.bounces
                if let id = keys.view { try? scrollView.setZoomView(responders[id] as? View) }
                if let scale = keys.scale { scaled.append((scrollView, scale)) }
            }
        }
        for (scrollView, scale) in scaled { scrollView.setZoomScale(scale, animated: false) }
    }
}

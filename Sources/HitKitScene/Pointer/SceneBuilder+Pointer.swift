import HitKit

// Scene gestures' pointer keys (Behaviour A8, B2) applied to the built recognizers.

extension SceneBuilder {
    /// `allowedTouchTypes` on any recognizer, `buttonMaskRequired` on a tap,
    /// `allowedScrollTypes` on a pan (a screen-edge pan included).
    static func applyPointerKeys(_ description: SceneDescription.Gesture, to recognizer: GestureRecognizer) {
        if let types = description.allowedTouchTypes {
            recognizer.allowedTouchTypes = Set(types.map { type -> Touch.TouchType in
                switch type {
                case .direct: .direct
                case .indirectPointer: .indirectPointer
                }
            })
        }
        if let buttons = description.buttonMaskRequired, let tap = recognizer as? TapGestureRecognizer {
            tap.buttonMaskRequired = buttons.reduce(into: []) { $0.insert(.button($1)) }
        }
        if let types = description.allowedScrollTypes, let pan = recognizer as? PanGestureRecognizer {
            pan.allowedScrollTypesMask = types.reduce(into: []) { mask, type in
                mask.insert(type == .discrete ? .discrete : .continuous)
            }
        }
    }
}

extension SceneBuilder {
    /// B6's `<scrollView> contentOffset <x> <y>`: for each scroll view with `logOffset`, one line
    /// at the end of each frame (or timer) in which its offset changed — after its
    /// `<scrollView> zoomScale <s>` line with `logZoom` (Behaviour A6.2), in one observer so
    /// that the two lines of one scroll view stay together.
    static func logOffsets(of scene: SceneDescription, responders: SceneResponders,
                           in application: Application, log: DeliveryLog) {
        for window in scene.windows {
            for description in window.view.subtree {
                guard let keys = description.scrollView, keys.logOffset || keys.zoom.log,
                      let scrollView = responders[description.id] as? ScrollView else { continue }
                var logged = scrollView.contentOffset
                var loggedScale = scrollView.zoomScale
                let id = description.id
                application.observeFrameEnds { [weak scrollView, unowned log] _ in
                    guard let scrollView else { return }
                    let scale = scrollView.zoomScale
                    if keys.zoom.log && scale != loggedScale {
                        loggedScale = scale
                        log.append("\(id) zoomScale \(scale)")
                    }
                    let offset = scrollView.contentOffset
                    guard keys.logOffset, offset != logged else { return }
                    logged = offset
                    log.append("\(id) contentOffset \(offset.x) \(offset.y)")
                }
            }
        }
    }
}

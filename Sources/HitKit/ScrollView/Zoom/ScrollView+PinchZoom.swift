import HitTestCore

// Behaviour A6.2's pinch on the scroll view: its beginning (the anchor, D₀′, the delegate), the
// zoom steps of its frames, and its end — at once inside the limits (with the offset settling
// into range), bouncing back past them, or waiting for the drag under way to end.

extension ScrollView {
    /// The pinch's own action (fingers or a touchpad's pinch).
    func pinchDidChange(_ pinch: ScrollViewPinchGestureRecognizer) {
        switch pinch.state {
        case .began: beginPinchZoom(pinch)
        case .changed: continuePinchZoom(pinch)
        case .ended, .cancelled: endPinchZoom()
        default: break
        }
    }

    /// The pinch began: motion and a zoom animation stop, and c, s₀ and D₀′ are taken from the
    /// values shown. Nothing zooms in this frame.
    private func beginPinchZoom(_ pinch: ScrollViewPinchGestureRecognizer) {
        stopMotion()
        interruptZoomAnimation(by: "\(pinch.isDrivenByTouchpad ? "a touchpad's" : "a") pinch beginning")
        zoom.bouncesBackWhenInputEnds = false
        // A bounce that waited for the drag stops before it ran, as a running one does.
        endWaitingZoom()
        let view = currentZoomView()
        let scale = zoom.scale
        let point = visiblePoint(ofScreen: pinch.centroidOnScreen())
        let offset = contentOffset
        let anchor = view.map { zoomGeometry(of: $0).anchor(shownAt: point, offset: offset, scale: scale) } ?? .zero
        let reference = pinch.isDrivenByTouchpad ? 0
            : ZoomMath.referenceDistance(start: pinch.startDistance ?? 0, began: pinch.currentDistance ?? 0,
                                         threshold: pinch.minimumDistanceChange)
        zoom.pinch = .init(view: view.map { ViewLink($0) }, startScale: scale, anchor: anchor,
                           referenceDistance: reference, lastPoint: point)
        if let tracer = application?.tracer {
            tracer.recordZoomBegan(self, by: pinch, view: view, scale: scale, anchor: anchor,
                                   start: pinch.isDrivenByTouchpad ? nil : pinch.startDistance,
                                   began: pinch.isDrivenByTouchpad ? nil : pinch.currentDistance, reference: reference)
        }
        delegate?.scrollViewWillBeginZooming(self, with: view)
        // The delegate may have stopped the pinch from that call (the scroll view taken out of
        // its window, the pinch disabled): its end, already told, stands.
        guard case .some = zoom.pinch else { return }
        zoom.isZooming = true
    }

    /// A frame in which a pinch finger moved (or a touchpad `changed`): raw = s₀·D/D₀′ (s₀·g for
    /// a touchpad), s = ρ(raw), and a zoom step anchored at c shown at the current P — also when
    /// s is unchanged. The frame in which a finger lifts makes none.
    private func continuePinchZoom(_ pinch: ScrollViewPinchGestureRecognizer) {
        guard let state = zoom.pinch, let view = state.view?.object, isDirectSubview(view),
              let raw = rawScale(of: pinch, startScale: state.startScale, referenceDistance: state.referenceDistance) else { return }
        let scale = ZoomMath.limited(raw, minimum: zoom.minimumScale, maximum: zoom.maximumScale, bounces: zoom.bounces)
        if let tracer = application?.tracer, let limit = zoom.limit(beyond: raw) {
            tracer.recordZoomLimited(self, raw: raw, shown: scale, limit: limit, bounces: zoom.bounces)
        }
        let point = visiblePoint(ofScreen: pinch.centroidOnScreen())
        _ = zoomStep(to: scale, anchor: state.anchor, shownAt: point, in: view, duringPinch: true)
        // In place: a pinch the step's delegate calls ended stays ended.
        zoom.pinch?.lastPoint = point
    }

    /// raw = s₀·D/D₀′ for the pinch's fingers as they are (s₀·g for a touchpad); `nil` once one
    /// of its first two fingers has lifted.
    private func rawScale(of pinch: PinchGestureRecognizer, startScale: Double, referenceDistance: Double) -> Double? {
        if pinch.isDrivenByTouchpad { return startScale * pinch.scale }
        guard let (a, b) = firstTwo(pinch.touches), !a.hasLifted, !b.hasLifted,
              let distance = pinch.currentDistance else { return nil }
        return startScale * distance / referenceDistance
    }

    /// A zoom from code (`setZoomScale`, `zoom(to:)`) while a pinch zooms: made at once, animated
    /// or not (an animation would fight the fingers), and the pinch goes on from it — s₀ and c
    /// taken again so that the fingers' next move zooms from the scale and the content shown, as
    /// a drag goes on from an offset set during it. The pinch's `scrollViewWillBeginZooming` has
    /// told the delegate already, and its end tells `scrollViewDidEndZooming`. A pinch that zooms
    /// another view (its own left, or the source answered another since) has nothing to take
    /// again: the step is still made at once, inside the pinch's one willBegin and didEnd.
    /// Returns false when no pinch is under way.
    func zoomFromCodeDuringPinch(to target: Double, anchor: Point, shownAt point: Point, in view: View) -> Bool {
        guard let state = zoom.pinch else { return false }
        _ = zoomStep(to: target, anchor: anchor, shownAt: point, in: view, duringPinch: false)
        // The step's delegate calls may have ended the pinch, or lifted its fingers.
        guard state.view?.object === view, var pinch = zoom.pinch, let recognizer = zoom.recognizer,
              let raw = rawScale(of: recognizer, startScale: pinch.startScale, referenceDistance: pinch.referenceDistance),
              raw > 0 else { return true }
        pinch.startScale *= zoom.scale / raw
        pinch.anchor = zoomGeometry(of: view).anchor(shownAt: pinch.lastPoint, offset: contentOffset, scale: zoom.scale)
        zoom.pinch = pinch
        return true
    }

    /// The pinch ended or was cancelled: without a zoom view only `scrollViewDidEndZooming` (at
    /// scale 1 when the pinch began without one, at the scale shown when it was freed since);
    /// inside the limits `scrollViewDidEndZooming` at once; what follows (a settle, a bounce)
    /// waits for a drag still under way.
    private func endPinchZoom() {
        guard let state = zoom.pinch else { return }
        zoom.pinch = nil
        zoom.isZooming = false
        guard let link = state.view else {
            delegate?.scrollViewDidEndZooming(self, with: nil, atScale: 1)
            return
        }
        // A zoom view freed during the pinch leaves nothing to settle or bounce: the end is told
        // at the scale shown, as for a waiting zoom whose view has gone (``endWaitingZoom()``).
        guard let view = link.object else {
            delegate?.scrollViewDidEndZooming(self, with: nil, atScale: zoom.scale)
            return
        }
        let inside = zoom.limit(beyond: zoom.scale) == nil
        if inside { delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoom.scale) }
        if isDraggingByTouch {
            if let tracer = application?.tracer {
                tracer.recordZoomEnded(self, scale: zoom.scale, "its settle or bounce waits for the drag under way to end")
            }
            zoom.waitingForDrag = .init(pinch: state, toldDelegate: inside)
        } else {
            settleOrBounce(after: state, in: view)
        }
    }

    /// After a pinch (and the drag that went on after it): a scale past a limit bounces back,
    /// anchored at c shown at the last P (where the drag left the content does not move it);
    /// inside the limits an offset out of range settles into it over 0.2 s.
    private func settleOrBounce(after state: ZoomState.Pinch, in view: View) {
        let offset = contentOffset
        if let limit = zoom.limit(beyond: zoom.scale) {
            startZoomBounce(anchor: state.anchor, shownAt: state.lastPoint, in: view)
            if let tracer = application?.tracer, let animation = zoom.animation {
                tracer.recordZoomEnded(self, scale: animation.fromScale, "past a limit, it bounces back to \(TraceFormat.number(limit)) over \(TraceFormat.number(animation.duration)) s",
                                       causes: [.init("target", limit), .init("duration", animation.duration)])
            }
            return
        }
        let target = clampedContentOffset(offset, boundsSize: bounds.size)
        if let tracer = application?.tracer {
            tracer.recordZoomEnded(self, scale: zoom.scale, target == offset ? "inside the limits, the offset in range"
                                       : "inside the limits; the offset settles into range over 0.2 s")
        }
        guard target != offset, let application else { return }
        startMotion(.animation(at: application.time, from: offset, to: target,
                               duration: ZoomMath.settleDuration, kind: .settle))
    }

    /// Whether a drag ending now hands its end to the zoom: a pinch still under way, a settle or
    /// a bounce waiting for it, or a zoom an interruption left past a limit. Its motion is then
    /// replaced (Behaviour A6.2): `scrollViewDidEndDragging(willDecelerate: false)`.
    var zoomTakesTheDragsEnd: Bool {
        zoom.isZooming || zoom.waitingForDrag != nil || zoom.bouncesBackWhenInputEnds
    }

    /// The drag ended (`velocity` is the content's) while the zoom takes its end: the delegate
    /// hears `scrollViewWillEndDragging` with the offset shown as the target (a change is not
    /// followed) and `scrollViewDidEndDragging(willDecelerate: false)`; then what waited for the
    /// drag starts, from the values shown.
    func zoomTakesEnd(ofDragWith velocity: Point, at offset: Point) {
        var target = offset
        delegate?.scrollViewWillEndDragging(self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
                                            targetContentOffset: &target)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
        if let waiting = zoom.waitingForDrag, let view = waiting.pinch.view?.object, isDirectSubview(view) {
            zoom.waitingForDrag = nil
            // Limits set meanwhile may have brought the scale inside: no bounce will tell the end.
            if !waiting.toldDelegate && zoom.limit(beyond: zoom.scale) == nil {
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoom.scale)
            }
            settleOrBounce(after: waiting.pinch, in: view)
        } else if zoom.waitingForDrag != nil {
            endWaitingZoom()
        } else {
            bounceZoomBackAfterInput()
        }
    }

    /// Drops a pinch's end that waits for the drag; a zoom that still owes the delegate its end
    /// (past a limit, its bounce not run) tells it now, at the scale shown.
    func endWaitingZoom() {
        guard let waiting = zoom.waitingForDrag else { return }
        zoom.waitingForDrag = nil
        if !waiting.toldDelegate {
            delegate?.scrollViewDidEndZooming(self, with: waiting.pinch.view?.object, atScale: zoom.scale)
        }
    }
}

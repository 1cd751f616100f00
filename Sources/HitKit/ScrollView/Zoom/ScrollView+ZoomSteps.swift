import HitTestCore

/// Where the zoom view is in the content (Behaviour A6.2's F, b and Z), read once per zoom.
struct ZoomGeometry {
    /// F: where the zoom view's bounds origin shows in the content (its frame origin).
    var origin: Point
    /// b: the origin of the zoom view's bounds.
    var boundsOrigin: Point
    /// Z: the size of the zoom view's bounds (zooming changes its transform, never this).
    var size: Size

    /// c: the point of the zoom view shown at visible `point` with `offset` at `scale`.
    func anchor(shownAt point: Point, offset: Point, scale: Double) -> Point {
        Point(x: ZoomMath.anchor(shownAt: point.x, offset: offset.x, origin: origin.x, boundsOrigin: boundsOrigin.x, scale: scale),
              y: ZoomMath.anchor(shownAt: point.y, offset: offset.y, origin: origin.y, boundsOrigin: boundsOrigin.y, scale: scale))
    }

    /// The offset showing `anchor` at visible `point` at `scale`, before any clamp or band.
    func offset(showing anchor: Point, at point: Point, scale: Double) -> Point {
        Point(x: ZoomMath.offset(showing: anchor.x, at: point.x, origin: origin.x, boundsOrigin: boundsOrigin.x, scale: scale),
              y: ZoomMath.offset(showing: anchor.y, at: point.y, origin: origin.y, boundsOrigin: boundsOrigin.y, scale: scale))
    }

    /// The content's size at `scale`: s·Z.
    func contentSize(at scale: Double) -> Size {
        Size(width: scale * size.width, height: scale * size.height)
    }

    /// Whether the zoom view can be shown at `scale`: its size s·Z, and its far corner F + s·Z,
    /// are finite numbers. Past that (a huge maximum such as 1e308) a zoom step would leave
    /// the frame, the content's size and the offset infinite or NaN: it is not taken.
    func canShow(at scale: Double) -> Bool {
        let content = contentSize(at: scale)
        return (origin.x + content.width).isFinite && (origin.y + content.height).isFinite
    }

    /// ``offset(showing:at:scale:)`` clamped to `[0, max(0, s·Z − B)]` on each axis.
    func clampedOffset(showing anchor: Point, at point: Point, scale: Double, boundsSize: Size) -> Point {
        let raw = offset(showing: anchor, at: point, scale: scale)
        let content = contentSize(at: scale)
        return Point(x: Swift.min(Swift.max(raw.x, 0), Swift.max(0, content.width - boundsSize.width)),
                     y: Swift.min(Swift.max(raw.y, 0), Swift.max(0, content.height - boundsSize.height)))
    }
}

// Behaviour A6.2's zoom step and the zoom animations on the scroll view: placing the zoom view,
// the offset, the delegate's calls, the pan's re-base; bounces and zooms from code evaluated at
// frames; and what stops them.

extension ScrollView {
    // MARK: The zoom view and its geometry

    /// The zoom view the source answers now: the delegate's `viewForZooming(in:)` (by default
    /// ``zoomView``), or ``zoomView`` without a delegate — none unless it is a direct subview.
    func currentZoomView() -> View? {
        let answer = delegate.map { $0.viewForZooming(in: self) } ?? zoom.view?.object
        guard let answer, isDirectSubview(answer) else { return nil }
        return answer
    }

    /// F, b and Z of `view`. F is the origin the last zoom kept while the view still shows the
    /// centre and scale that zoom gave it (read back through the transform it could round);
    /// otherwise the view's frame origin.
    func zoomGeometry(of view: View) -> ZoomGeometry {
        view.withOwnRow { store, id in
            let bounds = try store.bounds(of: id)
            let origin: Point
            if let placement = zoom.placement, placement.view == id, try store.center(of: id) == placement.center,
               try store.transform(of: id) == AffineTransform(scaleX: placement.scale, y: placement.scale) {
                origin = placement.origin
            } else {
                origin = try store.frame(of: id).origin
            }
            return ZoomGeometry(origin: origin, boundsOrigin: bounds.origin, size: bounds.size)
        }
    }

    /// Whether `view`'s superview is this scroll view, told by their rows (no object looked up).
    func isDirectSubview(_ view: View) -> Bool {
        view.store === store && context.application != nil && view.withOwnRow { try $0.superview(of: $1) } == id
    }

    /// The bounds' centre as a visible point: B/2.
    var boundsCentre: Point {
        let size = bounds.size
        return Point(x: size.width / 2, y: size.height / 2)
    }

    /// A point on the screen as a visible point of this scroll view: in its own coordinates
    /// minus the offset, computed without adding the offset in (so a point that is whole on the
    /// screen stays whole, whatever the offset).
    func visiblePoint(ofScreen point: Point) -> Point {
        // Read through the store in one go (each property of the view's would be a call of its own).
        withOwnRow { store, id in
            var outside = point
            if context.application != nil, let superview = try store.superview(of: id) {
                outside = (try? store.convert(point, from: .screen, to: .view(superview))) ?? Point(x: .nan, y: .nan)
            }
            let center = try store.center(of: id), anchor = try store.anchorPoint(of: id)
            let size = try store.bounds(of: id).size, transform = try store.transform(of: id)
            var local = Point(x: outside.x - center.x, y: outside.y - center.y)
            if !transform.isIdentity {
                local = transform.inverted().map { $0.apply(to: local) } ?? Point(x: .nan, y: .nan)
            }
            return Point(x: local.x + anchor.x * size.width, y: local.y + anchor.y * size.height)
        }
    }

    // MARK: Steps

    /// Shows `view` at `scale` with its frame origin kept, and the content's size s·Z. The
    /// application hears of the change with the offset's (``show(_:at:_:offset:from:)``).
    private func place(_ view: View, at scale: Double, _ geometry: ZoomGeometry) {
        var center = Point.zero
        view.withOwnRow { store, id in
            try store.setTransform(AffineTransform(scaleX: scale, y: scale), of: id)
            let anchor = try store.anchorPoint(of: id)
            center = Point(x: geometry.origin.x + scale * (anchor.x * geometry.size.width),
                           y: geometry.origin.y + scale * (anchor.y * geometry.size.height))
            try store.setCenter(center, of: id)
        }
        zoom.placement = .init(view: view.id, origin: geometry.origin, center: center, scale: scale)
        contentSize = geometry.contentSize(at: scale)
    }

    /// Places `view` (if any) at `scale` and moves the offset to `offset` (if any) as one change:
    /// the application's hover and focus follow it once, before `scrollViewDidScroll`.
    private func show(_ view: View?, at scale: Double, _ geometry: ZoomGeometry?, offset: Point?, from bounds: Rect) {
        if let view, let geometry { place(view, at: scale, geometry) }
        if let offset, moveContentOffset(to: offset, from: bounds) { return }
        if view != nil { application?.viewsDidChange() }
    }

    /// A zoom step (Behaviour A6.2) to `scale`, already limited, anchored at `anchor` of `view`
    /// shown at visible `point`: the view's transform and the content's size, the offset — during
    /// a pinch rubber-banded on a bouncing axis (judged with the new content size) and clamped on
    /// the others, clamped outside one — then `scrollViewDidScroll` and `scrollViewDidZoom` for
    /// what changed. It stops motion and re-bases a pan under way. Returns the offset shown after it.
    /// A step to a scale the zoom view cannot be shown at (``ZoomGeometry/canShow(at:)``) is not
    /// taken: nothing changes, and the offset shown is returned.
    @discardableResult
    func zoomStep(to scale: Double, anchor: Point, shownAt point: Point, in view: View, duringPinch: Bool) -> Point {
        guard zoomGeometry(of: view).canShow(at: scale) else { return bounds.origin }
        if isMoving { stopMotion() }  // (reading the optional motion when idle copies it)
        let geometry = zoomGeometry(of: view)
        let raw = geometry.offset(showing: anchor, at: point, scale: scale)
        let bounds = self.bounds
        // The content's size at the new scale decides the axes (set by the placement).
        let axes = axisGeometry(contentSize: geometry.contentSize(at: scale), boundsSize: bounds.size)
        let offset = duringPinch
            ? Point(x: axes.x.rubberBanded(raw.x), y: axes.y.rubberBanded(raw.y))
            : Point(x: axes.x.clamped(raw.x), y: axes.y.clamped(raw.y))
        let scaled = scale != zoom.scale
        zoom.scale = scale
        show(view, at: scale, geometry, offset: offset.x.isFinite && offset.y.isFinite ? offset : nil, from: bounds)
        if scaled { delegate?.scrollViewDidZoom(self) }
        // The delegate may have moved or resized the scroll view: its geometry is read again then.
        let shown = self.bounds
        rebasePan(axes: delegate == nil ? axes : axisGeometry(boundsSize: shown.size), shown: shown)
        return shown.origin
    }

    /// The pan under way, begun or still possible, starts again from `offset`, the offset shown:
    /// its translation and velocity samples from now, its start from the raw offset the band shows.
    private func rebasePan(axes: (x: AxisGeometry, y: AxisGeometry), shown: Rect) {
        let offset = shown.origin
        let pan = panGestureRecognizer
        guard !pan.sequenceTouches.isEmpty else { return }
        pan.rebase()
        panStartOffset = Point(x: axes.x.unbanded(offset.x), y: axes.y.unbanded(offset.y))
        panShown = panShown.map { _ in (ScrollShown(shown, contentSize: contentSize), .zero) }
    }

    /// Shows a zoom animation's values: the scale (the zoom view, a direct subview, and the
    /// content's size) and the offset, with the delegate's calls.
    /// (Its ends could be shown, so its values between are too, unless the zoom view grew
    /// meanwhile: a scale it cannot be shown at then leaves it and the content's size as they were.)
    private func showZoom(scale: Double, offset: Point, in view: View, from bounds: Rect) {
        let geometry = zoomGeometry(of: view)
        guard geometry.canShow(at: scale) else {
            return show(nil, at: scale, nil, offset: offset.isFinite ? offset : nil, from: bounds)
        }
        let scaled = scale != zoom.scale
        zoom.scale = scale
        show(view, at: scale, geometry, offset: offset, from: bounds)
        if scaled { delegate?.scrollViewDidZoom(self) }
    }

    // MARK: Zooms from code

    /// A zoom from code to `target` (not the scale shown): animated, over T from the values
    /// shown; otherwise one step, clamped. Either way it takes over a zoom under way: an animation
    /// running, or a pinch's end that waits for the drag (past a limit, it has told
    /// `scrollViewWillBeginZooming` and not yet `scrollViewDidEndZooming`).
    /// A target the zoom view cannot be shown at (``ZoomGeometry/canShow(at:)``) is no zoom:
    /// nothing happens, as for a scale that is not finite.
    func zoomFromCode(to target: Double, anchor: Point, shownAt point: Point, in view: View, animated: Bool) {
        guard zoomGeometry(of: view).canShow(at: target) else { return }
        if zoomFromCodeDuringPinch(to: target, anchor: anchor, shownAt: point, in: view) { return }
        let takesOverPinchEnd = zoom.waitingForDrag.map { $0.pinch.view?.object === view && !$0.toldDelegate } ?? false
        if takesOverPinchEnd { zoom.waitingForDrag = nil } else { endWaitingZoom() }
        if animated {
            let geometry = zoomGeometry(of: view)
            let offset = geometry.clampedOffset(showing: anchor, at: point, scale: target, boundsSize: bounds.size)
            let takesOver = zoom.animation != nil || takesOverPinchEnd || zoom.beginningFromCode
            zoom.beginningFromCode = false
            stopMotion()
            tellOwedZoomEnd()
            if !takesOver {
                zoom.beginningFromCode = true
                delegate?.scrollViewWillBeginZooming(self, with: view)
                // A zoom the delegate asked for from that call took this one over: it stands.
                guard zoom.beginningFromCode else { return }
                zoom.beginningFromCode = false
            }
            zoom.isBouncing = false
            runZoomAnimation(.init(kind: .requested, startTime: application?.time ?? 0,
                                   duration: ZoomMath.duration(from: zoom.scale, to: target),
                                   fromScale: zoom.scale, toScale: target, fromOffset: contentOffset, toOffset: offset),
                             of: view)
            return
        }
        // A step from code takes over a running animation (or a pinch's waiting end, or a zoom
        // whose willBegin is being told) from the values shown and closes it.
        if zoom.animation != nil || takesOverPinchEnd || zoom.beginningFromCode {
            zoom.beginningFromCode = false
            runZoomAnimation(nil, of: nil)
            zoom.isBouncing = false
            zoom.endOwed = .init(view: ViewLink(view))
        }
        zoomStep(to: target, anchor: anchor, shownAt: point, in: view, duringPinch: false)
        tellOwedZoomEnd()
    }

    /// Tells the delegate the end of a zoom closed by a step from code (``ZoomState/endOwed``),
    /// at the scale shown, unless told already.
    func tellOwedZoomEnd() {
        guard let owed = zoom.endOwed else { return }
        zoom.endOwed = nil
        delegate?.scrollViewDidEndZooming(self, with: owed.view?.object, atScale: zoom.scale)
    }

    /// `zoom(to:animated:)` at the scale shown: a scroll to `offset`, over 0.1 s with the ease when
    /// animated (ending with `scrollViewDidEndScrollingAnimation`), else at once.
    func scrollForZoom(to offset: Point, animated: Bool) {
        stopMotion()
        guard animated, offset != contentOffset, let application else {
            contentOffset = offset
            return
        }
        startMotion(.animation(at: application.time, from: contentOffset, to: offset,
                               duration: ZoomMath.scrollDuration))
    }

    // MARK: Animations

    /// Starts `animation` of `view` (`nil`: none runs), which the application then evaluates at
    /// its frames with the motion (``stepZoomAnimation(at:)``).
    func runZoomAnimation(_ animation: ZoomAnimation?, of view: View?) {
        zoom.animationOrders &+= 1
        zoom.animation = animation
        zoom.animatedView = view.map { ViewLink($0) }
        if let animation {
            zoom.animationShown = bounds
            zoom.animationShownAt = animation.startTime
        }
        refreshMoving()
        guard let application else { return }
        if animation != nil {
            application.scrollMotion.add(self, at: application.time)
        } else if !isMoving {
            application.scrollMotion.remove(self)
        }
    }

    /// Shows the zoom animation's values at `time`; at or after its end, its target exactly,
    /// then `isZoomBouncing` false and `scrollViewDidEndZooming`.
    func stepZoomAnimation(at time: Double) {
        guard var animation = zoom.animation else { return }
        guard let view = zoomViewStillPlaced() else { return stopZoomAnimationWithoutItsView() }
        let bounds = self.bounds
        if bounds != zoom.animationShown {
            // The content's size at the target scale bounds the target.
            let contentSize = zoomGeometry(of: view).contentSize(at: animation.toScale)
            animation.goOn(from: bounds.origin, shown: zoom.animationShown.origin, at: zoom.animationShownAt,
                           clamp: axisGeometry(contentSize: contentSize, boundsSize: bounds.size))
            zoom.animation = animation
        }
        let values = animation.values(at: time)
        zoom.animationShown = Rect(origin: values.offset, size: bounds.size)
        zoom.animationShownAt = time
        let orders = zoom.animationOrders
        showZoom(scale: values.scale, offset: values.offset, in: view, from: bounds)
        // The delegate may have stopped or replaced it from `scrollViewDidScroll`: told by the
        // count, as an animation holding a NaN (bounds set so) never equals itself.
        if animation.isFinished(at: time), orders == zoom.animationOrders {
            runZoomAnimation(nil, of: nil)
            zoom.isBouncing = false
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: values.scale)
        }
    }

    /// The bounce back to the nearer limit of a scale past one (Behaviour A6.2), anchored at
    /// `anchor` shown at visible `point`, the offset clamped, over T.
    /// A limit the zoom view cannot be shown at (a huge minimum) is no bounce, nor is a zoom view
    /// that left the scroll view (as when its pinch goes on as a drag, ``endWaitingZoom()``): the
    /// scale and the content's size stay, and `scrollViewDidEndZooming` the bounce owes is told
    /// at once, at the scale shown.
    func startZoomBounce(anchor: Point, shownAt point: Point, in view: View) {
        guard let limit = zoom.limit(beyond: zoom.scale) else { return }
        guard isDirectSubview(view), zoomGeometry(of: view).canShow(at: limit) else {
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoom.scale)
            return
        }
        let geometry = zoomGeometry(of: view)
        let offset = geometry.clampedOffset(showing: anchor, at: point, scale: limit, boundsSize: bounds.size)
        stopMotion()
        zoom.isBouncing = true
        runZoomAnimation(.init(kind: .bounce, startTime: application?.time ?? 0,
                               duration: ZoomMath.duration(from: zoom.scale, to: limit),
                               fromScale: zoom.scale, toScale: limit, fromOffset: contentOffset, toOffset: offset),
                         of: view)
    }

    /// A touch, a hold, a scroll's `began` or a wheel notch over the scroll view (`what`, for the
    /// trace) stops its motion and its zoom animation where they are (A6.1's tap to stop, A6.2's
    /// interruptions).
    func stopForInput(_ what: @autoclosure () -> String) {
        stopMotion()
        interruptZoomAnimation(by: what())
    }

    /// Stops the zoom animation at the values shown, with `scrollViewDidEndZooming` at the scale
    /// shown; a scale left past a limit bounces back when the input that stopped it ends.
    func interruptZoomAnimation(by what: @autoclosure () -> String) {
        guard zoom.animation != nil else { return }
        if let tracer = application?.tracer { tracer.recordZoomStopped(self, scale: zoom.scale, by: what()) }
        if zoom.limit(beyond: zoom.scale) != nil { zoom.bouncesBackWhenInputEnds = true }
        stopZoomAnimation()
    }

    /// Stops the zoom animation where the last frame showed it (`isZoomBouncing` false), with
    /// `scrollViewDidEndZooming` at the scale shown: every zoom that begins ends.
    func stopZoomAnimation() {
        let view = zoom.animatedView?.object
        runZoomAnimation(nil, of: nil)
        zoom.isBouncing = false
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoom.scale)
    }

    /// The view a zoom animation zooms, while it is still a direct subview (Behaviour A6.2's
    /// choices: another view is no zoom view).
    private func zoomViewStillPlaced() -> View? {
        zoom.animatedView?.object.flatMap { isDirectSubview($0) ? $0 : nil }
    }

    /// The zoom view left the scroll view (removed, moved, or freed) during a zoom animation: it
    /// stops where the last frame showed it — the scale, and the content's size that goes with
    /// it, stay — with `scrollViewDidEndZooming` at that scale, as a pinch whose zoom view left
    /// ends (Behaviour A6.2). Going on would change a scale no view shows, and not the content.
    private func stopZoomAnimationWithoutItsView() {
        if let tracer = application?.tracer {
            tracer.recordZoomStopped(self, scale: zoom.scale, by: "its zoom view leaving the scroll view")
        }
        stopZoomAnimation()
    }

    /// `setContentOffset` first brings a running zoom animation to its end: its target's values,
    /// then `scrollViewDidEndZooming` (stopped at the scale shown if its zoom view has left).
    func finishZoomAnimation() {
        guard let animation = zoom.animation else { return }
        guard let view = zoomViewStillPlaced() else { return stopZoomAnimationWithoutItsView() }
        runZoomAnimation(nil, of: nil)
        zoom.isBouncing = false
        zoom.endOwed = .init(view: ViewLink(view))
        showZoom(scale: animation.toScale, offset: animation.toOffset, in: view, from: bounds)
        tellOwedZoomEnd()
    }

    /// The input that stopped a zoom animation ended: a scale left past a limit bounces back —
    /// unless a pinch has begun since, whose own end takes care of it — anchored at the point
    /// under the bounds' centre, shown there. Returns whether a bounce started.
    @discardableResult
    func bounceZoomBackAfterInput() -> Bool {
        guard zoom.bouncesBackWhenInputEnds, !zoom.isZooming else { return false }
        zoom.bouncesBackWhenInputEnds = false
        guard let view = currentZoomView(), zoom.limit(beyond: zoom.scale) != nil else { return false }
        let centre = boundsCentre
        let anchor = zoomGeometry(of: view).anchor(shownAt: centre, offset: contentOffset, scale: zoom.scale)
        startZoomBounce(anchor: anchor, shownAt: centre, in: view)
        if let tracer = application?.tracer, let animation = zoom.animation {
            tracer.recordZoomEnded(self, scale: animation.fromScale,
                                   "the input that stopped it ended past a limit: it bounces back to \(TraceFormat.number(animation.toScale)) over \(TraceFormat.number(animation.duration)) s")
        }
        return true
    }

    /// What follows the end of input that stopped the scroll view (a touch's lift, a hold's
    /// end): a zoom left past a limit bounces back, else content left past an edge or between
    /// pages springs back.
    func settleAfterStoppingInput() {
        if !bounceZoomBackAfterInput() { settleAfterStop() }
    }

    /// What follows the end of the touches that stopped the scroll view, once none of them is
    /// down and its pan's sequence is over. Both tell of it, the pan's reset and each such
    /// touch's lift (after its frame), as the pan may never have taken them (a click of other
    /// buttons, Behaviour A8; a touch type it does not allow; the pan disabled). A zoom left past
    /// a limit then bounces back; else content left past an edge springs back if a touch stopped
    /// it and no drag followed.
    func settleIfStoppingTouchesEnded() {
        guard panGestureRecognizer.sequenceTouches.isEmpty,
              application?.scrollMotion.hasStoppingTouchDown(on: self) != true else { return }
        if bounceZoomBackAfterInput() { return settlesWhenTouchLifts = false }
        guard settlesWhenTouchLifts else { return }
        settlesWhenTouchLifts = false
        settleAfterStop()
    }
}

import HitTestCore

/// Why a zoom setting was refused (Behaviour A6.2); nothing changed.
public enum ScrollViewZoomError: Error, Equatable, Sendable {
    /// A minimum or maximum zoom scale that is not a finite number above 0.
    case scaleNotPositive(Double)
    /// A zoom view that is not a direct subview of the scroll view.
    case zoomViewNotASubview
    /// A `zoom(to:animated:)` rect whose width or height is not a finite number above 0.
    case rectNotPositive(Rect)
}

// Zooming's public face on the scroll view (Behaviour A6.2, UIScrollView's names): the scale and
// its limits, the zoom view, the flags, and zooming from code. The pinch is in
// ScrollView+PinchZoom.swift, the steps and animations in ScrollView+ZoomSteps.swift.

extension ScrollView {
    /// The scale the zoom view is shown at (default 1). Setting it is
    /// `setZoomScale(_:animated: false)`: clamped to the limits, anchored at the bounds' centre.
    public var zoomScale: Double {
        get { zoom.scale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// The smallest scale a zoom settles at (default 1).
    public var minimumZoomScale: Double { zoom.minimumScale }

    /// The largest scale a zoom settles at (default 1). Zooming needs it above
    /// ``minimumZoomScale``; below it, the limits cross and a zoom from code settles here.
    public var maximumZoomScale: Double { zoom.maximumScale }

    /// Stores the minimum scale: nothing is clamped and nothing is called until the next zoom.
    /// A value that is not a finite number above 0 is refused and nothing changes.
    public func setMinimumZoomScale(_ scale: Double) throws(ScrollViewZoomError) {
        guard scale.isFinite, scale > 0 else { throw .scaleNotPositive(scale) }
        zoom.minimumScale = scale
        refreshZooming()
    }

    /// Stores the maximum scale, as ``setMinimumZoomScale(_:)`` stores the minimum.
    public func setMaximumZoomScale(_ scale: Double) throws(ScrollViewZoomError) {
        guard scale.isFinite, scale > 0 else { throw .scaleNotPositive(scale) }
        zoom.maximumScale = scale
        refreshZooming()
    }

    /// Stores both limits at once, so that no state between the two is seen (setting the minimum
    /// first from 1...1 to 0.5...0.5 would make the pinch on the way). Both are checked first.
    package func setZoomScaleLimits(minimum: Double, maximum: Double) throws(ScrollViewZoomError) {
        for scale in [minimum, maximum] where !(scale.isFinite && scale > 0) { throw .scaleNotPositive(scale) }
        zoom.minimumScale = minimum
        zoom.maximumScale = maximum
        refreshZooming()
    }

    /// Whether a pinch stretches the scale past its limits, to bounce back when it ends
    /// (default true). Without it the pinch's scale is clamped to the limits.
    public var bouncesZoom: Bool {
        get { zoom.bounces }
        set { zoom.bounces = newValue }
    }

    /// Whether a pinch is zooming (from its beginning to its end).
    public var isZooming: Bool { zoom.isZooming }

    /// Whether the scale is bouncing back to a limit after a pinch.
    public var isZoomBouncing: Bool { zoom.isBouncing }

    /// The scroll view's own pinch, which zooms: `nil` until ``minimumZoomScale`` is first below
    /// ``maximumZoomScale``, then enabled exactly while zooming is possible (the maximum above the
    /// minimum, and a ``zoomView`` or a delegate to answer `viewForZooming(in:)`).
    ///
    /// - Precondition: it is attached to this scroll view or to none, as the
    ///   ``panGestureRecognizer``: given back, it goes just below the pan.
    public var pinchGestureRecognizer: PinchGestureRecognizer? { zoom.recognizer }

    /// The view that zooms, unless the delegate's `viewForZooming(in:)` answers another (its
    /// default answers this one). It answers only while it is a direct subview of the scroll view:
    /// moved elsewhere or removed, it is `nil` (and itself again once it is back). Away, it is
    /// still the scroll view's zoom source, which then answers none: a pinch recognizes and zooms
    /// nothing (Behaviour A6.2, "No zoom view").
    public var zoomView: View? {
        guard let view = zoom.view?.object, isDirectSubview(view) else { return nil }
        return view
    }

    /// Sets ``zoomView`` (`nil` clears it). A view that is not a direct subview of the scroll
    /// view is refused and nothing changes.
    public func setZoomView(_ view: View?) throws(ScrollViewZoomError) {
        if let view, view.superview !== self { throw .zoomViewNotASubview }
        zoom.view = view.map { ViewLink($0) }
        refreshZooming()
    }

    /// Zooms to `scale` clamped to the limits, anchored at the point of the zoom view under the
    /// bounds' centre, which stays there; the offset is clamped. Nothing happens without a zoom
    /// view, for a value that is not finite, or at the scale shown. Animated, it calls
    /// `scrollViewWillBeginZooming` first and runs over T = min(0.1 + 0.3·|ln s − ln s_t|, 0.4) s,
    /// ending with `scrollViewDidEndZooming`; otherwise it makes only the step's calls
    /// (`scrollViewDidScroll`, `scrollViewDidZoom`).
    public func setZoomScale(_ scale: Double, animated: Bool) {
        guard scale.isFinite, let view = currentZoomView() else { return }
        let target = zoom.clamped(scale)
        guard target != zoom.scale else { return }
        let geometry = zoomGeometry(of: view)
        let center = boundsCentre
        let anchor = geometry.anchor(shownAt: center, offset: contentOffset, scale: zoom.scale)
        zoomFromCode(to: target, anchor: anchor, shownAt: center, in: view, animated: animated)
    }

    /// Zooms so that `rect`, in the zoom view's coordinates, fills the bounds as far as the
    /// limits allow: the scale min(width of the bounds / rect's width, height / height),
    /// clamped, with the rect's centre at the bounds' centre and the offset clamped. At the scale
    /// shown it only scrolls there — animated over 0.1 s, ending with
    /// `scrollViewDidEndScrollingAnimation` — and makes no zoom call. A rect whose width or height
    /// is not a finite number above 0 is refused; without a zoom view nothing happens.
    public func zoom(to rect: Rect, animated: Bool) throws(ScrollViewZoomError) {
        guard rect.size.width.isFinite, rect.size.height.isFinite, rect.size.width > 0, rect.size.height > 0,
              rect.origin.x.isFinite, rect.origin.y.isFinite else { throw .rectNotPositive(rect) }
        guard let view = currentZoomView() else { return }
        let size = bounds.size
        let target = zoom.clamped(Swift.min(size.width / rect.size.width, size.height / rect.size.height))
        let anchor = Point(x: rect.origin.x + rect.size.width / 2, y: rect.origin.y + rect.size.height / 2)
        let center = boundsCentre
        guard target == zoom.scale else {
            return zoomFromCode(to: target, anchor: anchor, shownAt: center, in: view, animated: animated)
        }
        // During a pinch the scroll is made at once too, and the pinch goes on from it.
        if zoomFromCodeDuringPinch(to: target, anchor: anchor, shownAt: center, in: view) { return }
        let offset = zoomGeometry(of: view).clampedOffset(showing: anchor, at: center, scale: target,
                                                          boundsSize: size)
        scrollForZoom(to: offset, animated: animated)
    }

    /// The pinch exists once the minimum is below the maximum, and is enabled while zooming is
    /// possible (Behaviour A6.2).
    func refreshZooming() {
        let possible = zoom.maximumScale > zoom.minimumScale && hasZoomSource
        if zoom.recognizer == nil && zoom.minimumScale < zoom.maximumScale { makePinch() }
        if let pinch = zoom.recognizer, pinch.isEnabled != possible { pinch.isEnabled = possible }
    }

    /// Whether there is a source for the zoom view: the ``zoomView`` set, wherever it is now
    /// (away from the scroll view it answers none, and a pinch zooms nothing: A6.2's "no zoom
    /// view"), or a delegate that answers `viewForZooming(in:)` (any delegate, unless it declares
    /// it keeps the default).
    var hasZoomSource: Bool {
        if zoom.view?.object != nil { return true }
        guard let delegate else { return false }
        return (delegate as? any ZoomSourceDeclaring)?.answersViewForZooming ?? true
    }

    private func makePinch() {
        let pinch = ScrollViewPinchGestureRecognizer()
        // Known as its pinch first: only its own scroll view may take a built-in recognizer.
        zoom.recognizer = pinch
        insertGestureRecognizer(pinch, below: panGestureRecognizer)
        // Linked by id, not captured weakly (as the pan's target).
        pinch.addTarget { [link = ViewLink(self)] recognizer in
            guard let self = link.object, let pinch = recognizer as? ScrollViewPinchGestureRecognizer else { return }
            self.pinchDidChange(pinch)
        }
    }
}

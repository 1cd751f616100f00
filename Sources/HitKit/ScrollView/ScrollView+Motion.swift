import HitTestCore

// Behaviour A6.1's motion on the scroll view: its flags, starting motion when a drag ends,
// evaluating it at a frame's time, and stopping it.

extension ScrollView {
    /// Whether a touch is down on the scroll view: a finger or click not lifted whose hit view is
    /// the scroll view or inside it (Behaviour A6.1), whether or not its pan takes the touch (a
    /// secondary click, a disabled pan).
    public var isTracking: Bool {
        guard let application else { return false }
        return application.activeTouches.contains { touch in
            guard !touch.hasLifted, let view = touch.view else { return false }
            return view === self || view.isDescendant(of: self)
        }
    }

    /// Whether the scroll view is moving after a drag (deceleration, a bounce, a spring back,
    /// paging's spring).
    public var isDecelerating: Bool { motion?.kind == .deceleration }

    /// Stops the motion under way where it is at the current frame's time, without
    /// `scrollViewDidEndDecelerating` (a touch stopping it, Behaviour A6.1).
    func stopMotion() {
        guard var motion, let application else {
            if case .some = self.motion { motionOrders &+= 1 }
            return self.motion = nil
        }
        motionOrders &+= 1
        self.motion = nil
        application.scrollMotion.remove(self)
        // Where it is: a frame's start has usually evaluated the motion at this time already.
        guard motionSteppedAt != application.time else { return }
        let bounds = self.bounds
        let shown = ScrollShown(bounds, contentSize: contentSize)
        if shown != motionShown { catchUp(&motion, with: shown) }
        moveContentOffset(to: motion.offset(at: application.time), from: bounds)
    }

    /// The scroll view is leaving its window (removed, inside a removed view, moved to another
    /// window, its window removed): as UIKit stops a scroll view's scrolling and zooming
    /// animations then, its motion (deceleration, a spring, paging, an animated
    /// `setContentOffset`, a settle) and its zoom animation (a bounce, an animated zoom) stop
    /// where the last frame showed them, `isDecelerating` and `isZoomBouncing` false. The
    /// delegate hears what a touch stopping them tells: no end for the motion (Behaviour A6.1),
    /// `scrollViewDidEndZooming` at the scale shown for a zoom animation (A6.2's interruptions),
    /// so that every zoom begun still ends. Nothing settles or bounces back afterwards.
    func stopForLeavingWindow() {
        // Where it shows: a frame's start has evaluated the motion at this time, unless it
        // began since (one the delegate started from the cancelled drag's `willEndDragging`),
        // and its start would give the offset back only to a rounding.
        if let application { motionSteppedAt = application.time }
        stopMotion()
        zoom.bouncesBackWhenInputEnds = false
        settlesWhenTouchLifts = false
        guard case .some = zoom.animation else { return }
        stopZoomAnimation()
    }

    /// `motion`, caught up with what someone else changed since it last showed the offset
    /// (Behaviour A6.1): each axis the offset moved on goes on from there; each axis whose range
    /// changed (the content's size or the bounds') goes on with the new edges — an endless list
    /// appends rows during a fling. The change was made at the time of that showing (or of the
    /// motion's start): the clock moves only with frames, which step the motion first.
    private func catchUp(_ motion: inout ScrollMotion, with shown: ScrollShown) {
        let time = Swift.max(motionSteppedAt, motion.startTime)
        let geometry = axisGeometry(boundsSize: shown.boundsSize)
        if shown.offset != motionShown.offset {
            motion.goOn(at: time, from: shown.offset, shown: motionShown.offset, geometry: geometry, rate: decelerationRate)
        }
        if shown.hasOtherEdges(than: motionShown) {
            motion.refit(at: time, shown: shown.offset,
                         from: axisGeometry(contentSize: motionShown.contentSize, boundsSize: motionShown.boundsSize),
                         to: geometry, paging: isPagingEnabled, rate: decelerationRate)
        }
        motionShown = shown
    }

    /// The rules' view of each axis for bounds of `size` (read once by the caller).
    func axisGeometry(boundsSize size: Size) -> (x: AxisGeometry, y: AxisGeometry) {
        axisGeometry(contentSize: contentSize, boundsSize: size)
    }

    /// The same with the content's size given (a zoom step's, before it is set).
    func axisGeometry(contentSize: Size, boundsSize size: Size) -> (x: AxisGeometry, y: AxisGeometry) {
        let limit = Self.maximumContentOffset(contentSize: contentSize, boundsSize: size)
        return (AxisGeometry(maximum: limit.x, extent: size.width,
                             bounces: bounces && (limit.x > 0 || alwaysBounceHorizontal)),
                AxisGeometry(maximum: limit.y, extent: size.height,
                             bounces: bounces && (limit.y > 0 || alwaysBounceVertical)))
    }

    /// Starts `newMotion` (replacing any) and has the application evaluate it at its frames.
    /// `shownWhenPlanned`: what showed when it was planned, the delegate called since; what the
    /// delegate changed meanwhile is caught up with at its first step, as a change made once it
    /// runs would be.
    func startMotion(_ newMotion: ScrollMotion, shownWhenPlanned: ScrollShown? = nil) {
        guard let application else { return }
        motionOrders &+= 1
        motion = newMotion
        motionSteppedAt = -.infinity
        // It starts where the offset is (a spring's curve gives it back only to a rounding).
        motionShown = shownWhenPlanned ?? ScrollShown(bounds, contentSize: contentSize)
        application.scrollMotion.add(self, at: application.time)
    }

    /// The drag ended (`velocity` is the pan's, zero when it was cancelled): the delegate is
    /// asked for the target, told the drag ended, and motion starts when there is any.
    func dragDidEnd(panVelocity: Point) {
        guard let application else { return }
        isDraggingByTouch = false
        let bounds = self.bounds
        let geometry = axisGeometry(boundsSize: bounds.size)
        // The content's velocity: the negated pan's, zero on an axis that cannot scroll and
        // for samples that give no number (Behaviour A6.1).
        func content(_ v: Double, _ axis: AxisGeometry) -> Double { axis.scrolls && v.isFinite ? -v : 0 }
        let velocity = Point(x: content(panVelocity.x, geometry.x), y: content(panVelocity.y, geometry.y))
        let offset = bounds.origin
        if zoomTakesTheDragsEnd { return zoomTakesEnd(ofDragWith: velocity, at: offset) }    // Behaviour A6.2
        // A drag cancelled by the scroll view leaving its window ends where it shows, with no
        // spring back or page spring (Behaviour A6.1): the leaving would stop it at once, after
        // the delegate had been told that it decelerates.
        let leaving = application.isLeavingWindow(self)
        var planned = leaving
            ? ScrollMotion(kind: .deceleration, startTime: application.time, x: .rest(offset.x), y: .rest(offset.y))
            : ScrollMotion.afterDrag(at: application.time, offset: offset, velocity: velocity,
                                     dragStart: dragStartOffset, geometry: geometry,
                                     paging: isPagingEnabled, rate: decelerationRate)
        // The delegate's two calls may set the offset (the motion goes on from it, as from one
        // set once it runs) or start motion (theirs stands: none of the drag's follows).
        let shown = ScrollShown(bounds, contentSize: contentSize)
        let orders = motionOrders
        if let delegate {
            let proposed = planned.restingOffset
            var target = proposed
            delegate.scrollViewWillEndDragging(self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
                                               targetContentOffset: &target)
            // A target without a number is ignored; one outside the content is brought in.
            let chosen = Point(x: target.x.isFinite ? geometry.x.clamped(target.x) : proposed.x,
                               y: target.y.isFinite ? geometry.y.clamped(target.y) : proposed.y)
            if chosen != proposed, !leaving {
                planned = planned.retargeted(to: chosen, from: offset, velocity: velocity, geometry: geometry)
            }
        }
        let decelerates = planned.moves && motionOrders == orders
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard motionOrders == orders else { return }
        guard decelerates else {
            // A spring that ends at once still ends on its edge or page (Behaviour A6.1), unless
            // the delegate has moved the content meanwhile.
            if self.bounds.origin == offset, planned.restingOffset != offset { contentOffset = planned.restingOffset }
            return
        }
        startMotion(planned, shownWhenPlanned: shown)
        delegate?.scrollViewWillBeginDecelerating(self)
    }

    /// Moves the offset to the motion's value at `time`; at or after its end, ends it and tells
    /// the delegate.
    func stepMotion(at time: Double) {
        guard case .some = zoom.animation else { return stepScrollMotion(at: time) }
        // A motion started beside a zoom animation (by a delegate, at a drag's end) waits for it
        // (Behaviour A6.2); in the frame the animation ends, the motion goes on from there.
        stepZoomAnimation(at: time)
        guard zoom.animation == nil, motion != nil else { return }
        stepScrollMotion(at: time)
    }

    /// ``stepMotion(at:)`` for the scroll motion alone.
    private func stepScrollMotion(at time: Double) {
        guard var current = motion else { return }
        let bounds = self.bounds
        let shown = ScrollShown(bounds, contentSize: contentSize)
        if shown != motionShown {
            catchUp(&current, with: shown)
            motion = current
        }
        // A frame a hair before the end (``Clock/hasReached(_:_:)``) shows the end: where each
        // axis rests, which `endTime − startTime` could fall a rounding short of.
        let finished = Clock.hasReached(time, current.endTime)
        let offset = finished ? current.restingOffset : current.offset(at: time)
        motionSteppedAt = time
        motionShown.offset = offset
        let orders = motionOrders
        moveContentOffset(to: offset, from: bounds)
        // The delegate may have stopped or replaced the motion from `scrollViewDidScroll`: told by
        // the count, as a motion holding a NaN (bounds set so) never equals itself.
        if finished, orders == motionOrders {
            motion = nil
            application?.scrollMotion.remove(self)
            switch current.kind {
            case .deceleration: delegate?.scrollViewDidEndDecelerating(self)
            case .animation: delegate?.scrollViewDidEndScrollingAnimation(self)
            case .settle: break
            }
        }
    }

    /// A touch that stopped the motion lifted without a drag: content left past an edge (a bounce
    /// stopped mid-way) springs back, and a paging scroll view left between pages (a page turn
    /// stopped mid-way) springs to the nearest page, as at the end of a drag that does not move,
    /// so the scroll view always comes to rest inside its content and, with paging, on a page.
    func settleAfterStop() {
        // A zoom animation under way (the bounce the drag's end started) ends within the content.
        guard motion == nil, zoom.animation == nil, !isDraggingByTouch, let application else { return }
        let bounds = self.bounds
        let offset = bounds.origin
        // The usual case, at rest inside the content: the geometry for a motion is only built
        // when there is one to start (or may be one: a paging scroll view's page).
        guard isPagingEnabled || clampedContentOffset(offset, boundsSize: bounds.size) != offset,
              offset.x.isFinite, offset.y.isFinite else { return }
        let geometry = axisGeometry(boundsSize: bounds.size)
        let motion = ScrollMotion.afterDrag(at: application.time, offset: offset, velocity: .zero,
                                            dragStart: offset, geometry: geometry, paging: isPagingEnabled,
                                            rate: decelerationRate)
        guard motion.moves else { return contentOffset = motion.restingOffset }
        startMotion(motion)
        delegate?.scrollViewWillBeginDecelerating(self)
    }
}

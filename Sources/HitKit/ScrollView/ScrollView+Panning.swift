// Behaviour A6's scrolling: the pan moves the content offset by its negated translation, clamped.

extension ScrollView {
    /// The largest offset the pan may reach: `max(0, contentSize − bounds.size)` on each axis.
    public var maximumContentOffset: Point { maximumContentOffset(boundsSize: bounds.size) }

    /// ``maximumContentOffset`` for bounds of `size` (read once by the caller).
    func maximumContentOffset(boundsSize size: Size) -> Point {
        Self.maximumContentOffset(contentSize: contentSize, boundsSize: size)
    }

    static func maximumContentOffset(contentSize: Size, boundsSize size: Size) -> Point {
        Point(x: Swift.max(0, contentSize.width - size.width), y: Swift.max(0, contentSize.height - size.height))
    }

    /// `offset` brought into `[0, maximumContentOffset]` on each axis, for bounds of `size`.
    func clampedContentOffset(_ offset: Point, boundsSize size: Size) -> Point {
        let limit = maximumContentOffset(boundsSize: size)
        return Point(x: Swift.min(Swift.max(offset.x, 0), limit.x),
                     y: Swift.min(Swift.max(offset.y, 0), limit.y))
    }

    /// The pan's own action: on began it remembers the offset and tells the delegate; on began
    /// changed and ended it follows the translation (``follow(_:)``, Behaviour A6.1); on its end
    /// motion may follow.
    func panDidChange(_ pan: PanGestureRecognizer) {
        if pan.isScrolling { return scrollDidChange(pan) }
        switch pan.state {
        case .began:
            stopMotion()
            settlesWhenTouchLifts = false
            isDraggingByTouch = true
            let bounds = self.bounds
            let geometry = axisGeometry(boundsSize: bounds.size)
            dragStartOffset = bounds.origin
            // A drag starting past an edge starts from the raw offset the band shows there.
            panStartOffset = Point(x: geometry.x.unbanded(bounds.origin.x), y: geometry.y.unbanded(bounds.origin.y))
            panShown = nil
            delegate?.scrollViewWillBeginDragging(self)
            follow(pan)
        case .changed:
            follow(pan)
        case .ended:
            // The lift may have moved the fingers since the last change (Behaviour A4).
            follow(pan)
            let velocity = pan.velocity(in: self)
            if let tracer = application?.tracer, let base = pan.velocityBaseTime {
                tracer.recordPanVelocity(pan, of: self, velocity: velocity, from: base)
            }
            panShown = nil
            dragDidEnd(panVelocity: velocity)
        case .cancelled:
            panShown = nil
            dragDidEnd(panVelocity: .zero)
        default:
            break
        }
    }

    /// Sets `offset = startOffset − translation`, rubber-banded past a bouncing edge and clamped
    /// otherwise.
    private func follow(_ pan: PanGestureRecognizer) {
        // Read now: on `began` the delegate may have moved or resized the scroll view.
        let bounds = self.bounds
        // A vector in the scroll view's own coordinates does not depend on the bounds origin, so
        // moving the offset does not feed back into the translation.
        let translation = pan.translation(in: self)
        let geometry = axisGeometry(boundsSize: bounds.size)
        let contentSize = self.contentSize
        if let last = panShown, last.scroll != ScrollShown(bounds, contentSize: contentSize) {
            // Someone else moved the offset since (the delegate's scrollViewDidScroll, the host):
            // the drag goes on from there, as UIScrollView's does, moving the offset by each
            // change of the translation (an endless scroll view's recentring relies on it).
            // Paging's page where the drag began moves with it. Edges moved by a new size (rows
            // appended while the drag pulls past the end) count the same: the band is measured
            // from the new edge onwards, with no jump.
            panStartOffset = Point(x: geometry.x.unbanded(bounds.origin.x) + last.translation.x,
                                   y: geometry.y.unbanded(bounds.origin.y) + last.translation.y)
            dragStartOffset = Point(x: dragStartOffset.x + bounds.origin.x - last.scroll.offset.x,
                                    y: dragStartOffset.y + bounds.origin.y - last.scroll.offset.y)
        }
        let next = Point(x: geometry.x.rubberBanded(panStartOffset.x - translation.x),
                         y: geometry.y.rubberBanded(panStartOffset.y - translation.y))
        // A translation without a number (bad samples) moves nothing.
        guard next.x.isFinite && next.y.isFinite else { return }
        moveContentOffset(to: next, from: bounds)
        panShown = (ScrollShown(Rect(origin: next, size: bounds.size), contentSize: contentSize), translation)
    }
}

// Which touches the content may keep (Behaviour A6): refusing delivery with `touchesShouldBegin`, and
// the pan's right to cancel touches the content already has.

extension ScrollView {
    /// Whether the scroll view's pan or pinch may begin: every touch of it that a view has
    /// already received (`touchesBegan` delivered) may be cancelled there —
    /// `canCancelContentTouches` is true and `touchesShouldCancel(in:)` answers true for that
    /// view. Touches still withheld by the delay do not count: the recognizer beginning drops
    /// them (Behaviour A4 g), the content never hears of them.
    func mayTakeContentTouches(of recognizer: GestureRecognizer) -> Bool {
        for touch in recognizer.touches where touch.delivery == .tracking {
            guard let view = touch.view else { continue }
            guard canCancelContentTouches, touchesShouldCancel(in: view) else { return false }
        }
        return true
    }

    /// Asks ``touchesShouldBegin(_:with:in:)`` once per content view for `touches` not yet
    /// delivered, in began order, and marks the touches it refuses as never to be delivered.
    func refuseContentTouchesIfAsked(_ touches: [Touch], with event: Event?) {
        var order: [View] = []
        var groups: [ObjectIdentifier: [Touch]] = [:]
        for touch in touches.sorted(by: { $0.beganSequence < $1.beganSequence })
        where touch.delivery == .awaitingBegan {
            // The scroll view itself is not content: only its subviews' touches are asked about.
            guard let view = touch.view, view !== self, view.isDescendant(of: self) else { continue }
            let key = ObjectIdentifier(view)
            if groups[key] == nil { order.append(view) }
            groups[key, default: []].append(touch)
        }
        for view in order {
            let batch = groups[ObjectIdentifier(view)]!
            if !touchesShouldBegin(Set(batch), with: event, in: view) {
                // Step 5 never delivers a refused touch, nor its end.
                for touch in batch { touch.transition(to: .refused) }
            }
        }
    }
}

// The recognizer's touches and where they are.

extension GestureRecognizer {
    /// Stops receiving `touch`: it is no longer this recognizer's, and the recognizer no longer
    /// withholds it from its view.
    public func ignore(_ touch: Touch) {
        fenced.touches.removeAll { $0 === touch }
        entry?.fenced.sequenceTouches.removeAll { $0 === touch }
        entry?.forgetBatch()  // it may hold the touch
        noteArenaWork()  // its last touch may be gone (the arena's work list)
        touch.removeRecognizer(self)
    }

    /// The number of touches the recognizer is handling.
    public var numberOfTouches: Int { touches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (`nil`: the window);
    /// once they are gone, where they last were.
    public func location(in view: View?) -> Point {
        screenToView(centroidOnScreen(), view)
    }

    /// The location of the touch at `index` (in ``touches``) in `view`'s coordinates; an index
    /// out of range gives a non-finite point.
    public func location(ofTouch index: Int, in view: View?) -> Point {
        guard touches.indices.contains(index) else { return Point(x: .nan, y: .nan) }
        return touches[index].location(in: view)
    }

    /// The screen centroid of ``touches`` (or the last one known).
    func centroidOnScreen() -> Point {
        guard !touches.isEmpty else { return lastScreenLocation }
        var x = 0.0, y = 0.0
        for touch in touches { x += touch.screenLocation.x; y += touch.screenLocation.y }
        lastScreenLocation = Point(x / Double(touches.count), y / Double(touches.count))
        return lastScreenLocation
    }

    func screenToView(_ point: Point, _ target: View?) -> Point {
        guard let space = target ?? view?.window ?? view else { return point }
        return space.convertFromScreen(point)
    }
}

/// A horizontal slider (UIKit's `UISlider`): ``value`` between ``minimumValue`` and
/// ``maximumValue`` follows the tracked touch along its width.
///
/// Geometry (HitKit's choice; UIKit draws a thumb image): the thumb is the full-height strip
/// ``thumbWidth`` points wide whose centre runs from `bounds.minX + thumbWidth / 2` (the minimum)
/// to `bounds.maxX − thumbWidth / 2` (the maximum); see ``thumbRect``. While tracking, the thumb's
/// centre goes under the finger — from touch-down on, wherever on the slider the touch began —
/// clamped to the track's ends. A slider narrower than its thumb does not move.
///
/// With ``isContinuous`` (the default) each change sends ``Control/Event/valueChanged`` after the
/// step's touch events; otherwise one `valueChanged` is sent when tracking finishes (lifted or
/// cancelled), if the value changed since touch-down.
///
/// It stops a pan of another view, or a swipe of another view whose direction includes left or
/// right, from beginning when one of the recognizer's touches on this slider began on the thumb
/// (Behaviour A5).
open class Slider: Control {
    /// The lowest value (default 0). Raising it above ``maximumValue`` raises that too; a
    /// value that is not finite is ignored.
    open var minimumValue: Double {
        get { valueInRange.minimum }
        set { valueInRange.minimum = newValue }
    }
    /// The highest value (default 1). Lowering it below ``minimumValue`` lowers that
    /// too; a value that is not finite is ignored.
    open var maximumValue: Double {
        get { valueInRange.maximum }
        set { valueInRange.maximum = newValue }
    }
    /// The value, kept within ``minimumValue``...``maximumValue`` (default 0). Setting it sends no event.
    open var value: Double {
        get { valueInRange.value }
        set { valueInRange.value = newValue }
    }
    private var valueInRange = ClampedValue(minimum: 0, maximum: 1, value: 0)
    /// Whether each change sends `valueChanged` (true, the default) or only the end of tracking.
    open var isContinuous = true
    /// The thumb's width in points (default 28).
    open var thumbWidth: Double = 28

    /// The value when tracking began, for the non-continuous `valueChanged`.
    private var valueAtTouchDown: Double = 0
    /// The touches this slider received that began on the thumb (A5's gesture rule).
    private var touchesBeganOnThumb: Set<ObjectIdentifier> = []

    /// Sets ``value`` (there is no animation on Linux; the flag is accepted for UIKit parity).
    public func setValue(_ value: Double, animated: Bool = false) {
        self.value = value
    }

    /// The thumb in the slider's own coordinates, for the current ``value``.
    public var thumbRect: Rect {
        let track = bounds.standardized
        let travel = Swift.max(0, track.width - thumbWidth)
        return Rect(track.minX + fraction * travel, track.minY, thumbWidth, track.height)
    }

    /// The value whose thumb is centred at `x` (the slider's coordinates), clamped to the range:
    /// evenly along the track even for a range wider than the largest double.
    public func value(atX x: Double) -> Double {
        let track = bounds.standardized
        let travel = track.width - thumbWidth
        guard travel > 0 else { return value }
        let position = Swift.min(1, Swift.max(0, (x - track.minX - thumbWidth / 2) / travel))
        let minimum = minimumValue, maximum = maximumValue
        let value = minimum + position * (maximum - minimum)
        guard !value.isFinite else { return value }
        // A range wider than the largest double (−1.7·10³⁰⁸...1.7·10³⁰⁸): the difference form
        // overflows, the weighted sum cannot, and the track's middle is still the range's.
        return minimum * (1 - position) + maximum * position
    }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        if isOverlappingDrag(gestureRecognizer) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    open override func touchesBegan(_ touches: Set<Touch>, with event: HitKit.Event?) {
        // Where the thumb was before this touch moves it.
        let thumb = thumbRect
        for touch in touches where thumb.contains(touch.location(in: self)) {
            touchesBeganOnThumb.insert(ObjectIdentifier(touch))
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: HitKit.Event?) {
        super.touchesEnded(touches, with: event)
        for touch in touches { touchesBeganOnThumb.remove(ObjectIdentifier(touch)) }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: HitKit.Event?) {
        super.touchesCancelled(touches, with: event)
        for touch in touches { touchesBeganOnThumb.remove(ObjectIdentifier(touch)) }
    }

    override func trackingStepDidFinish(_ step: TrackingStep, touch: Touch) {
        if step == .began { valueAtTouchDown = value }
        if step != .cancelled {
            let old = value
            value = value(atX: touch.location(in: self).x)
            if isContinuous && value != old { sendActions(for: .valueChanged) }
        }
        switch step {
        case .ended, .cancelled:
            if !isContinuous && value != valueAtTouchDown { sendActions(for: .valueChanged) }
        case .began, .moved:
            break
        }
    }

    /// A pan, or a swipe along the slider's axis, of another view, with a touch that began on
    /// the thumb.
    private func isOverlappingDrag(_ recognizer: GestureRecognizer) -> Bool {
        guard isEnabled, recognizer.view !== self else { return false }
        if let swipe = recognizer as? SwipeGestureRecognizer {
            guard !swipe.direction.isDisjoint(with: [.left, .right]) else { return false }
        } else if !(recognizer is PanGestureRecognizer) {
            return false
        }
        return recognizer.touches.contains { touch in
            if touchesBeganOnThumb.contains(ObjectIdentifier(touch)) { return true }
            // A touch still withheld from the slider (a scroll view delays its content's touches)
            // has not reached `touchesBegan`: judged by where it began, the thumb not having moved.
            guard touch.view === self, touch.delivery == .awaitingBegan || touch.delivery == .admitted else { return false }
            return thumbRect.contains(convertFromScreen(touch.beganScreenLocation))
        }
    }

    private var fraction: Double {
        let range = maximumValue - minimumValue
        guard range.isFinite else {
            // A range wider than the largest double, measured in halves, which are exact there.
            return (value / 2 - minimumValue / 2) / (maximumValue / 2 - minimumValue / 2)
        }
        return range > 0 ? (value - minimumValue) / range : 0
    }
}

// Pinch and rotation recognizers driven by a touchpad's pinch (Behaviour A9) instead of fingers.

/// The values one step of a touchpad pinch gives its recognizers.
struct TouchpadTransformStep {
    /// The pointer, in screen coordinates: the recognizers' ``GestureRecognizer/location(in:)``.
    var location: Point
    var scale: Double
    var rotation: Double
    /// Per second, from the gesture's last two frames (0 at its `began`).
    var scaleVelocity: Double
    var rotationVelocity: Double
}

extension GestureRecognizer {
    /// Whether this recognizer can join a touchpad pinch beginning now (Behaviour A9): a pinch
    /// or rotation recognizer, enabled, in a window, taking `indirectPointer` touches, and
    /// tracking no touch (no sequence under way).
    var canTakeTouchpadPinch: Bool {
        guard self is PinchGestureRecognizer || self is RotationGestureRecognizer else { return false }
        return isEnabled && view?.window != nil && allowedTouchTypes.contains(.indirectPointer)
            && entry == nil && touches.isEmpty && resolvedState == .possible
    }

    /// One `began` or `changed` step: the recognizer reads the gesture's values; a possible one
    /// begins once its value left its start (scale ≠ 1, rotation ≠ 0), a begun one changes.
    func takeTouchpadStep(_ step: TouchpadTransformStep) {
        lastScreenLocation = step.location
        if let pinch = self as? PinchGestureRecognizer {
            pinch.scale = step.scale
            pinch.velocity = step.scaleVelocity
            advanceContinuous(beginningIf: step.scale != 1)
        } else if let rotation = self as? RotationGestureRecognizer {
            rotation.rotation = step.rotation
            rotation.velocity = step.rotationVelocity
            advanceContinuous(beginningIf: step.rotation != 0)
        }
    }

    /// The gesture's `ended` (a begun recognizer ends, a possible one fails) or `cancelled` (a
    /// begun one is cancelled, a possible one fails).
    func endTouchpadGesture(cancelled: Bool, at location: Point) {
        lastScreenLocation = location
        if cancelled && requestedState.isActive {
            state = .cancelled
        } else {
            endOrFail()
        }
    }
}

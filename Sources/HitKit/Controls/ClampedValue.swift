/// A value kept within a range whose ends keep their order: a slider's and a stepper's
/// `minimumValue`, `maximumValue` and `value` (UIKit's rules for both). Raising the minimum above
/// the maximum raises the maximum with it, lowering the maximum below the minimum lowers the
/// minimum, and whichever is set, the value is clamped into the range.
struct ClampedValue {
    var minimum: Double {
        didSet {
            // A bound that is not finite would make every value the maximum, or a NaN position.
            guard minimum.isFinite else { minimum = oldValue; return }
            if maximum < minimum { maximum = minimum }
            value = clamped(value)
        }
    }
    var maximum: Double {
        didSet {
            guard maximum.isFinite else { maximum = oldValue; return }
            if minimum > maximum { minimum = maximum }
            value = clamped(value)
        }
    }
    var value: Double {
        didSet {
            let kept = clamped(value)
            if kept != value { value = kept }
        }
    }

    init(minimum: Double, maximum: Double, value: Double) {
        self.minimum = minimum
        self.maximum = Swift.max(minimum, maximum)
        self.value = Swift.min(self.maximum, Swift.max(minimum, value))
    }

    /// `value` within the range; a NaN is the minimum.
    func clamped(_ value: Double) -> Double {
        Swift.min(maximum, Swift.max(minimum, value))
    }
}

// Which touches the content may keep (Behaviour A6): refusing delivery with `touchesShouldBegin`, and
// the pan's right to cancel touches the content already has.

extension ScrollView {
    /// Whether the pan may begin: every touch of the pan that a view has already received
    /// (`touchesBegan` delivered) may be cancelled there — `canCancelContentTouches` is true and
    /// `touchesShouldCancel(in:)` answers true for that view. Touches still withheld by the delay
    /// do not count: the pan beginning drops them (Behaviour A4 g), the content never hears of them.
    func panMayTakeContentTouches() -> Bool {
        for touch in panGestureRecognizer.touches where touch.delivery == .tracking {
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

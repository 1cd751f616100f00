/// SPEC A3 steps 2–4: what gesture recognizers do with a window's touches before its views get
/// them. The dispatcher calls these in order for every frame, timer frames included.
///
/// The recognizer state machines and arbitration (SPEC A4) are not implemented yet:
/// ``InertRecognizerStage`` is the stage until they are, and does nothing.
protocol RecognizerStage: AnyObject {
    /// Step 2: recognizers receive their touches of this frame, in priority order.
    func deliverTouches(_ touches: [Touch], of event: Event)
    /// Step 3: transitions are resolved and actions sent.
    func resolveTransitions(for event: Event?)
    /// Step 4: the touches recognizers cancel in their views this frame.
    func takeTouchesCancelledInViews() -> [Touch]
    /// A view is leaving its window: its recognizers are cancelled or failed (SPEC A3).
    func viewWillLeaveWindow(_ view: View)
}

/// The recognizer stage while no recognizer behaviour exists: touches pass straight to step 5.
final class InertRecognizerStage: RecognizerStage {
    func deliverTouches(_ touches: [Touch], of event: Event) {}
    func resolveTransitions(for event: Event?) {}
    func takeTouchesCancelledInViews() -> [Touch] { [] }
    func viewWillLeaveWindow(_ view: View) {}
}

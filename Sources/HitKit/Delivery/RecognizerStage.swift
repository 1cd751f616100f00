/// SPEC A3 steps 2–4, and what step 5 must hold back: what gesture recognizers do with a
/// window's touches before its views get them. The dispatcher calls these in order for every
/// frame, timer frames included; ``GestureStage`` is the implementation.
protocol RecognizerStage: AnyObject {
    /// Step 2: recognizers receive their touches of this frame, in priority order.
    func deliverTouches(_ touches: [Touch], of event: Event)
    /// Step 3: transitions are resolved and actions sent.
    func resolveTransitions(for event: Event?)
    /// Step 4: the touches recognizers cancel in their views this frame.
    func takeTouchesCancelledInViews() -> [Touch]
    /// Step 5: whether the touch's began (and moves) are withheld from its view (SPEC A4 g).
    func withholdsBegan(_ touch: Touch) -> Bool
    /// Step 5: whether the touch's end is withheld from its view (SPEC A4 h).
    func withholdsEnd(_ touch: Touch) -> Bool
    /// The frame is over: finished recognizers whose touches have all ended reset (SPEC A4).
    func endFrame()
    /// A view is leaving its window: its recognizers are cancelled or failed (SPEC A3).
    func viewWillLeaveWindow(_ view: View)
}

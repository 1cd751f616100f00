import HitKit

/// A plain view drawn as a filled rectangle of ``fill`` with a ``label``.
class SwatchView: View {
    var fill: Colour = .background
    var label = ""
}

/// The pan target: a swatch that also receives the touches themselves, by overriding the
/// responder methods as a UIKit view subclass does, and logs them. Its pan recognizer cancels
/// the touches once the drag begins (`cancelsTouchesInView`), which the log shows.
final class DraggableView: SwatchView {
    /// Where each touch call is reported.
    var log: (String) -> Void = { _ in }

    // Not calling super: this view consumes its touches instead of passing them up the chain.
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log("draggable touchesBegan") }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) { log("draggable touchesMoved") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log("draggable touchesEnded") }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) { log("draggable touchesCancelled") }
}

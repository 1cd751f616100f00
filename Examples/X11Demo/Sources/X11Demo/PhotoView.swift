#if canImport(Glibc)
import Glibc
#endif
import HitKit

/// A photo-like view: sky, ground and a sun, drawn through its transform so a pinch's zoom and a
/// rotation show (``SceneRenderer`` draws each part as the polygon its corners map to).
final class PhotoView: View {
    /// The parts, in the view's bounds as fractions of its size, back to front.
    static let parts: [(colour: Colour, x: Double, y: Double, width: Double, height: Double)] = [
        (.photoSky, 0, 0, 1, 0.6),
        (.photoGround, 0, 0.6, 1, 0.4),
        (.photoSun, 0.7, 0.12, 0.16, 0.26),
    ]

    /// The transform when the current two-finger gesture began, nil between gestures.
    var transformAtGestureStart: AffineTransform?
    /// The pinch's scale and the rotation's angle so far in the current gesture, each set by its
    /// own recognizer's action (the other may already have reset when the fingers lift).
    var gestureScale = 1.0
    var gestureRotation = 0.0

    /// Applies the gesture so far to the transform the gesture started from.
    func applyGesture() {
        let start = transformAtGestureStart ?? transform
        transformAtGestureStart = start
        // Uniform scale and rotation commute: the order of the two does not matter.
        transform = start.concatenating(AffineTransform(scaleX: gestureScale, y: gestureScale))
            .concatenating(AffineTransform(rotationAngle: gestureRotation))
    }

    /// Ends the gesture: the next one starts from the transform it left, or, when the gesture was
    /// cancelled, from the one it started from (a cancelled pinch puts the photo back).
    func endGesture(cancelled: Bool) {
        if cancelled, let start = transformAtGestureStart { transform = start }
        transformAtGestureStart = nil
        gestureScale = 1
        gestureRotation = 0
    }

    /// The transform's scale and rotation (degrees, clockwise on screen), for the log.
    var scaleAndDegrees: (scale: Double, degrees: Double) {
        ((transform.a * transform.a + transform.b * transform.b).squareRoot(), atan2(transform.b, transform.a) * 180 / .pi)
    }
}

extension DemoScene {
    /// The photo's frame before any gesture.
    static let photoFrame = Rect(x: 20, y: 290, width: 180, height: 100)

    /// Two fingers on the photo zoom and rotate it: a pinch and a rotation recognizer, allowed to
    /// recognize together, set its transform from where the gesture began (UIKit's
    /// `transform.scaledBy(x:y:).rotated(by:)` pattern). When neither runs any more the log gets
    /// the photo's scale and rotation.
    func wirePhoto() {
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        pinch.delegate = photoGestures
        rotation.delegate = photoGestures
        pinch.observeStateChanges { [log] _, state in log.write("photo pinch \(state)") }
        rotation.observeStateChanges { [log] _, state in log.write("photo rotation \(state)") }
        pinch.addTarget { [weak self] _ in
            guard let self else { return }
            photo.gestureScale = pinch.scale
            updatePhoto(pinch, other: rotation)
        }
        rotation.addTarget { [weak self] _ in
            guard let self else { return }
            photo.gestureRotation = rotation.rotation
            updatePhoto(rotation, other: pinch)
        }
        photo.addGestureRecognizer(pinch)
        photo.addGestureRecognizer(rotation)
    }

    /// Moves the photo while `recognizer` runs; when it stops and `other` does not run either, the
    /// gesture is over (the two may end in one frame: the last of them to stop ends it). A
    /// cancelled gesture (by either recognizer) puts the photo back where the gesture began.
    private func updatePhoto(_ recognizer: GestureRecognizer, other: GestureRecognizer) {
        let running: Set<GestureRecognizer.State> = [.began, .changed]
        if running.contains(recognizer.state) { return photo.applyGesture() }
        guard photo.transformAtGestureStart != nil, !running.contains(other.state) else { return }
        let cancelled = recognizer.state == .cancelled || other.state == .cancelled
        photo.endGesture(cancelled: cancelled)
        if cancelled { log.write("photo gesture cancelled") }
        let (scale, degrees) = photo.scaleAndDegrees
        log.write("photo scale \(Self.decimal(scale)) rotation \(Self.decimal(degrees))")
    }

    /// Two decimals with a sign when negative: `-12.50`.
    nonisolated static func decimal(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(value < 0 && hundredths > 0 ? "-" : "")\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Lets the photo's pinch and rotation recognize at the same time (Behaviour A4 c).
final class SimultaneousGestures: GestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}

#if canImport(Glibc)
import Glibc
#endif
import HitKit

/// A photo-like view: sky, ground and a sun, drawn through its transform and the transforms
/// above it, so the zoom of the scroll view it is in and its own rotation show
/// (``SceneRenderer`` draws each part as the polygon its corners map to).
final class PhotoView: View {
    /// The parts, in the view's bounds as fractions of its size, back to front.
    static let parts: [(colour: Colour, x: Double, y: Double, width: Double, height: Double)] = [
        (.photoSky, 0, 0, 1, 0.6),
        (.photoGround, 0, 0.6, 1, 0.4),
        (.photoSun, 0.7, 0.12, 0.16, 0.26),
    ]

    /// The transform when the current rotation began, nil between rotations.
    var transformAtGestureStart: AffineTransform?

    /// Turns the photo by `angle` from where the rotation began.
    func rotate(by angle: Double) {
        let start = transformAtGestureStart ?? transform
        transformAtGestureStart = start
        transform = start.concatenating(AffineTransform(rotationAngle: angle))
    }

    /// Ends the rotation: the next one starts from the transform it left, or, when it was
    /// cancelled, from the one it started from (a cancelled gesture puts the photo back).
    func endRotation(cancelled: Bool) {
        if cancelled, let start = transformAtGestureStart { transform = start }
        transformAtGestureStart = nil
    }

    /// The rotation in degrees, clockwise on screen, for the log.
    var degrees: Double { atan2(transform.b, transform.a) * 180 / .pi }
}

extension DemoScene {
    /// The photo's frame (and its scroll view's) before any gesture.
    static let photoFrame = Rect(x: 20, y: 290, width: 180, height: 100)

    /// Two fingers on the photo, or a touchpad's pinch, zoom it — the pinch of the scroll view it
    /// is in (ZoomablePhoto.swift) — and turn it: a rotation recognizer of its own, allowed to
    /// recognize with the zoom, turns it from where the gesture began. When the rotation ends the
    /// log gets the photo's scale and rotation.
    func wirePhoto() {
        let rotation = RotationGestureRecognizer()
        rotation.delegate = photoGestures
        rotation.observeStateChanges { [log] _, state in log.write("photo rotation \(state)") }
        rotation.addTarget { [weak self] _ in
            guard let self else { return }
            switch rotation.state {
            case .began, .changed: photo.rotate(by: rotation.rotation)
            case .ended, .cancelled:
                let cancelled = rotation.state == .cancelled
                photo.endRotation(cancelled: cancelled)
                if cancelled { log.write("photo gesture cancelled") }
                log.write("photo scale \(Self.decimal(photoScroller.zoomScale)) rotation \(Self.decimal(photo.degrees))")
            default: break
            }
        }
        photo.addGestureRecognizer(rotation)
        wireZoom()
    }

    /// Two decimals with a sign when negative: `-12.50`.
    nonisolated static func decimal(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let fraction = hundredths % 100
        return "\(value < 0 && hundredths > 0 ? "-" : "")\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// Lets the photo's rotation recognize with its scroll view's pinch and pan (Behaviour A4 c).
final class SimultaneousGestures: GestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}

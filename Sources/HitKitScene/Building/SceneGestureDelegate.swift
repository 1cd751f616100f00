import HitKit

/// A scene gesture's `delegate` (Behaviour B2): fixed answers, with other recognizers named by
/// their scene ids.
final class SceneGestureDelegate: GestureRecognizerDelegate {
    let answers: SceneDescription.Gesture.Delegate
    /// The scene id of every recognizer built from the scene.
    private let idOf: (GestureRecognizer) -> String?

    init(_ answers: SceneDescription.Gesture.Delegate, idOf: @escaping (GestureRecognizer) -> String?) {
        self.answers = answers
        self.idOf = idOf
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        switch answers.shouldReceiveTouch ?? .always {
        case .always: true
        case .never: false
        case .ownViewOnly: touch.view === gestureRecognizer.view
        }
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        answers.shouldBegin ?? true
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        switch answers.simultaneousWith {
        case nil: false
        case .all: true
        case .ids(let ids): idOf(other).map(ids.contains) ?? false
        }
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        idOf(other).map { (answers.requireFailureOf ?? []).contains($0) } ?? false
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        idOf(other).map { (answers.requiredToFailBy ?? []).contains($0) } ?? false
    }
}

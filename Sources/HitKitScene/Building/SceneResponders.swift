import HitKit

/// The responders built from a scene — the façade's own classes, not subclasses of them — with
/// what the scene file says about each beside it (Behaviour B1): its `id`, by which the delivery
/// log (B6) names it, and its `touches` and `actions` keys.
///
/// It keeps every responder alive (the façade holds some relations weakly, as UIKit does: the
/// application's delegate, a view's controller), so the object identities it is keyed by stay valid.
final class SceneResponders {
    private(set) var byID: [String: Responder] = [:]
    private var identities: [ObjectIdentifier: (id: String, traits: SceneDescription.ResponderTraits)] = [:]

    /// Records `responder` under its scene `id`, and gives it the `actions` key as the façade's
    /// performable actions.
    func add(_ responder: Responder, id: String, traits: SceneDescription.ResponderTraits) {
        responder.performableActions = Set(traits.actions.map { Action($0) })
        byID[id] = responder
        identities[ObjectIdentifier(responder)] = (id, traits)
    }

    subscript(id: String) -> Responder? { byID[id] }

    /// The scene id of a responder of this scene, `nil` for any other object.
    func id(of responder: Responder) -> String? {
        identities[ObjectIdentifier(responder)]?.id
    }

    func traits(of responder: Responder) -> SceneDescription.ResponderTraits? {
        identities[ObjectIdentifier(responder)]?.traits
    }

    /// Behaviour B1 `touches`: `forward` (the default) needs nothing; `log` logs each touch call
    /// and consumes it (the touches go no further), `logAndForward` logs it and lets the method
    /// run. On a control both only log: its own touch handling runs either way.
    func logTouches(to log: DeliveryLog) {
        for (id, responder) in byID {
            guard let traits = traits(of: responder), traits.touches != .forward else { continue }
            let runsMethod = traits.touches == .logAndForward || responder is Control
            responder.observeTouches { _, method, touches, _ in
                log.appendTouches(id, method, touches)
                return runsMethod ? touches : []
            }
        }
    }
}

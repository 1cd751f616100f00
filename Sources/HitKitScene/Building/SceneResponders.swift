import HitKit

/// The responders built from a scene — the façade's own classes, not subclasses of them — with
/// what the scene file says about each beside it (Behaviour B1): its `id`, by which the delivery
/// log (B6) names it, and its `touches` and `actions` keys.
///
/// It keeps every responder alive (the façade holds some relations weakly, as UIKit does: the
/// application's delegate, a view's controller), so the object identities it is keyed by stay valid.
///
/// Kept small because a large scene has one entry per view: the responder and its id side by
/// side, a table from id to entry that holds 4-byte indices (``SceneIDTable``), and for views
/// (nearly every responder) a table by the view's row in the store, 4 bytes a row, where a
/// dictionary by object would cost 16 to 32 bytes a view. The `touches` and `actions` keys are
/// kept only for the responders that give either.
final class SceneResponders {
    /// Every responder in the order added, and its scene id at the same index; `nil` once the
    /// host destroyed it (``forget(_:)``).
    private var responders: [Responder?] = []
    private var ids = SceneIDTable()
    /// The index of the responder of each store row (-1 for none), for the views.
    private var indexByRow: [Int32] = []
    /// The index of each responder that is not a view (the application, the delegate, controllers).
    private var indexByObject: [ObjectIdentifier: Int32] = [:]
    /// The `touches` and `actions` keys of the responders that do not leave both at their defaults.
    private var customTraits: [Int32: SceneDescription.ResponderTraits] = [:]

    /// Makes room for `count` responders, so that adding them grows no table in doubling steps.
    func reserveCapacity(_ count: Int) {
        responders.reserveCapacity(count)
        ids.reserveCapacity(count)
        indexByRow.reserveCapacity(count)
    }

    /// Records `responder` under its scene `id`, and gives it the `actions` key as the façade's
    /// performable actions.
    func add(_ responder: Responder, id: String, traits: SceneDescription.ResponderTraits) {
        let index = ids.append(id)
        responders.append(responder)
        if let view = responder as? View {
            let row = Int(view.id.index)
            if indexByRow.count <= row { indexByRow.append(contentsOf: repeatElement(-1, count: row + 1 - indexByRow.count)) }
            indexByRow[row] = index
        } else {
            indexByObject[ObjectIdentifier(responder)] = index
        }
        if traits != SceneDescription.ResponderTraits() {
            responder.performableActions = Set(traits.actions.map { Action($0) })
            customTraits[index] = traits
        }
    }

    subscript(id: String) -> Responder? {
        ids.index(of: id).flatMap { responders[Int($0)] }
    }

    /// Lets go of a responder the host destroys (the C library's `hk_app_view_destroy`), which
    /// this table would otherwise keep alive: its id then names nothing.
    func forget(_ responder: Responder) {
        guard let index = index(of: responder) else { return }
        responders[index] = nil
        customTraits[Int32(index)] = nil
        if let view = responder as? View {
            indexByRow[Int(view.id.index)] = -1
        } else {
            indexByObject[ObjectIdentifier(responder)] = nil
        }
    }

    /// The index of a responder of this scene, `nil` for any other object.
    private func index(of responder: Responder) -> Int? {
        let found: Int32?
        if let view = responder as? View {
            let row = Int(view.id.index)
            found = row < indexByRow.count && indexByRow[row] >= 0 ? indexByRow[row] : nil
        } else {
            found = indexByObject[ObjectIdentifier(responder)]
        }
        // A view of another application may have the same row: only this very object counts.
        guard let found, responders[Int(found)] === responder else { return nil }
        return Int(found)
    }

    /// The scene id of a responder of this scene, `nil` for any other object.
    func id(of responder: Responder) -> String? {
        index(of: responder).map { ids[$0] }
    }

    func traits(of responder: Responder) -> SceneDescription.ResponderTraits? {
        index(of: responder).map { customTraits[Int32($0)] ?? SceneDescription.ResponderTraits() }
    }

    /// Calls `body` with each responder whose `touches`, `actions`, `presses` or `keyCommands`
    /// are not the defaults, in the order they were added.
    func forEachWithTraits(_ body: (String, Responder, SceneDescription.ResponderTraits) -> Void) {
        for (index, traits) in customTraits.sorted(by: { $0.key < $1.key }) {
            guard let responder = responders[Int(index)] else { continue }
            body(ids[Int(index)], responder, traits)
        }
    }

    /// Behaviour B1 `touches`: `forward` (the default) needs nothing; `log` logs each touch call
    /// and consumes it (the touches go no further), `logAndForward` logs it and lets the method
    /// run. On a control both only log: its own touch handling runs either way.
    func logTouches(to log: DeliveryLog) {
        for (index, traits) in customTraits where traits.touches != .forward {
            guard let responder = responders[Int(index)] else { continue }
            let id = ids[Int(index)]
            let runsMethod = traits.touches == .logAndForward || responder is Control
            responder.observeTouches { _, method, touches, _ in
                log.appendTouches(id, method, touches)
                return runsMethod ? touches : []
            }
        }
    }
}

// hk_control_add_action / hk_control_remove_action: several actions per control (UIKit's
// target-action with any number of targets), each with its own events, callback, user data and
// destroy notification, called in the order they were added.

import CHitKit
import HitKit
import HitTestCore

/// One action added by C: the control's closure actions (one per single event) and the user data.
final class AddedAction {
    /// Not a weak reference: that would give the control a side table, and every retain and
    /// release of it in a delivery the runtime's slow path (the link policy in HitKit's Links.swift).
    private let controlLink: ViewLink<Control>
    var control: Control? { controlLink.object }
    var actionIDs: [Control.ActionID] = []
    let userData: UserData

    init(control: Control, userData: UserData) {
        controlLink = ViewLink(control)
        self.userData = userData
    }
}

extension AppBox {
    /// Adds closure actions to `control` that call `callback` with an hk_action_event, one per
    /// single event in `events` (so that each call knows which event it reports).
    /// The closures hold `userData`: it lives (and its destroy waits) while any of them does.
    func addCActions(to control: Control, events: UInt32, callback: @escaping ActionCallback,
                     userData: UserData) -> [Control.ActionID] {
        Control.Event.singleEvents.filter { UInt(events) & $0.rawValue != 0 }.map { single in
            let name = StaticStrings.pointer(for: single.name)
            return control.addAction(for: single) { [weak self] control in
                guard let self else { return }
                let event = hk_action_event(control: self.handle(control.id), kind: controlKind(control),
                                            event: UInt32(single.rawValue), event_name: name,
                                            value: controlValue(control), timestamp: self.application.time)
                self.delivery.callingOut { withCValue(event) { callback($0, userData.pointer) } }
            }
        }
    }
}

@_cdecl("hk__control_add_action")
public func hk__control_add_action(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ events: UInt32,
                                   _ out: UnsafeMutablePointer<Int32>?, _ callback: ActionCallback?,
                                   _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), control = try box.control(vi, vg), out = try required(out)
        let callback = try required(callback, "callback")
        guard events != 0 else { throw CFailure(.invalidArgument, "the events mask is empty") }
        let id = try box.controls.actionIDs.take()
        let action = AddedAction(control: control, userData: UserData(userData, destroy: destroy))
        action.actionIDs = box.addCActions(to: control, events: events, callback: callback, userData: action.userData)
        box.controls.add(action, as: id, to: control)
        _ = box.hold(control)
        out.pointee = id
    }
}

@_cdecl("hk__control_remove_action")
public func hk__control_remove_action(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ id: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), control = try box.control(vi, vg)
        guard box.controls.remove(id, from: control) else {
            throw CFailure(.staleHandle, "action \(id) is not live on control \(control.id)")
        }
    }
}

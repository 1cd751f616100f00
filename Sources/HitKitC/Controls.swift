// Controls for C (Behaviour A5): the built-in controls by kind, their value and range, and action
// callbacks that receive each control event with its name.

import CHitKit
import HitKit
import HitTestCore

/// `hk_action_callback`: receives an `hk_action_event *` and the user data.
public typealias ActionCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void

/// A control's C action callback and the closure actions that call it, one per single event
/// (so that each call knows which event it reports).
final class ActionBinding {
    let callback: ActionCallback
    let userData: UserData
    var actions: [Control.ActionID] = []

    init(callback: ActionCallback, userData: UserData) {
        self.callback = callback
        self.userData = userData
    }
}

/// An app's controls as C set them up: each control's action callback
/// (`hk_control_set_action_callback`) and the actions added with `hk_control_add_action`.
final class ControlTable {
    var bindings: [ViewID: ActionBinding] = [:]
    /// Added actions by action id (1 and up).
    private(set) var addedActions: [Int32: AddedAction] = [:]
    /// The ids of each control's added actions: a control destroyed lets go of its own without a
    /// search of every control's.
    private var addedByControl: [ViewID: [Int32]] = [:]
    /// The ids given and the next one; taken before an action is added to its control, so that a
    /// refused one (HK_ERR_LIMIT) leaves nothing behind. Moved near the end only by a test.
    var actionIDs = HandleSequence(of: "added action id")

    /// Keeps an action added to `control` under `id`, taken from ``actionIDs``.
    func add(_ action: AddedAction, as id: Int32, to control: Control) {
        addedActions[id] = action
        addedByControl[control.id, default: []].append(id)
    }

    /// Removes the added action `id` of `control` from it and from the table (its user data is
    /// notified once nothing holds it); false if `control` has no such action.
    func remove(_ id: Int32, from control: Control) -> Bool {
        guard let action = addedActions[id], action.control === control else { return false }
        for actionID in action.actionIDs { control.removeAction(actionID) }
        addedActions[id] = nil
        addedByControl[control.id]?.removeAll { $0 == id }
        if addedByControl[control.id]?.isEmpty == true { addedByControl[control.id] = nil }
        return true
    }

    /// Removes the control's action callback and added actions (their user data is notified).
    func forget(_ control: Control) {
        if let binding = bindings.removeValue(forKey: control.id) {
            for id in binding.actions { control.removeAction(id) }
        }
        for id in addedByControl.removeValue(forKey: control.id) ?? [] {
            guard let action = addedActions.removeValue(forKey: id) else { continue }
            for actionID in action.actionIDs { control.removeAction(actionID) }
        }
    }
}

/// The `HK_CONTROL_` kind of a control.
func controlKind(_ control: Control) -> Int32 {
    let kind = switch control {
    case is Button: HK_CONTROL_BUTTON
    case is Switch: HK_CONTROL_SWITCH
    case is Slider: HK_CONTROL_SLIDER
    case is Stepper: HK_CONTROL_STEPPER
    case is SegmentedControl: HK_CONTROL_SEGMENTED
    case is PageControl: HK_CONTROL_PAGE
    default: HK_CONTROL_PLAIN
    }
    return Int32(kind)
}

/// The value hk_action_event and hk_control_value report.
func controlValue(_ control: Control) -> Double {
    switch control {
    case let control as Switch: control.isOn ? 1 : 0
    case let control as Slider: control.value
    case let control as Stepper: control.value
    case let control as SegmentedControl: Double(control.selectedSegmentIndex)
    case let control as PageControl: Double(control.currentPage)
    default: 0
    }
}

extension AppBox {
    func control(_ index: Int32, _ generation: UInt32) throws(CFailure) -> Control {
        let view = try view(index, generation, "control")
        guard let control = view as? Control else { throw CFailure(.invalidArgument, "view \(view.id) is not a control") }
        return control
    }

    /// Replaces the control's C action callback (nil clears it).
    func bind(_ control: Control, events: UInt32, to binding: ActionBinding?) {
        if let old = controls.bindings[control.id] {
            for id in old.actions { control.removeAction(id) }
        }
        controls.bindings[control.id] = binding
        guard let binding else { return }
        _ = hold(control)
        binding.actions = addCActions(to: control, events: events, callback: binding.callback,
                                      userData: binding.userData)
    }
}

@_cdecl("hk__control_create")
public func hk__control_create(_ app: UnsafeMutableRawPointer?, _ kind: Int32, _ x: Double, _ y: Double,
                               _ w: Double, _ h: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), rect = try frame(x, y, w, h)
        try box.checkRoomForView()
        let application = box.application
        let control: Control = switch Int(kind) {
        case HK_CONTROL_BUTTON: Button(frame: rect, in: application)
        case HK_CONTROL_SWITCH: Switch(frame: rect, in: application)
        case HK_CONTROL_SLIDER: Slider(frame: rect, in: application)
        case HK_CONTROL_STEPPER: Stepper(frame: rect, in: application)
        case HK_CONTROL_SEGMENTED: SegmentedControl(frame: rect, in: application)
        case HK_CONTROL_PAGE: PageControl(frame: rect, in: application)
        case HK_CONTROL_PLAIN: Control(frame: rect, in: application)
        default: throw CFailure(.invalidArgument, "unknown control kind \(kind)")
        }
        box.write(box.hold(control), to: out)
    }
}

/// A slider made with its range and value in one call: everything is checked before it is made,
/// so a refused call leaves no slider behind (the three calls the header's wrapper once made did).
@_cdecl("hk__slider_create")
public func hk__slider_create(_ app: UnsafeMutableRawPointer?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                              _ minimum: Double, _ maximum: Double, _ value: Double,
                              _ out: UnsafeMutableRawPointer?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), out = try required(out), rect = try frame(x, y, w, h)
        try requireRange(minimum, maximum)
        try requireFinite(value, what: "value")
        try box.checkRoomForView()
        let slider = Slider(frame: rect, in: box.application)
        slider.minimumValue = minimum
        slider.maximumValue = maximum
        slider.value = value
        box.write(box.hold(slider), to: out)
    }
}

/// Sets the thread's message for a NULL struct pointer that a header wrapper found before it
/// could unpack the struct, so the status and the message agree as for every other refusal.
@_cdecl("hk__null_pointer")
public func hk__null_pointer(_ name: UnsafePointer<CChar>?) -> Int32 {
    let parameter = name.map { String(cString: $0) } ?? "struct"
    return guarded { () throws(CFailure) in throw CFailure(.invalidArgument, "the \(parameter) pointer is NULL") }
}

private func requireRange(_ minimum: Double, _ maximum: Double) throws(CFailure) {
    try requireFinite(minimum, maximum, what: "range")
    guard minimum <= maximum else { throw CFailure(.invalidArgument, "the minimum \(minimum) is above the maximum \(maximum)") }
}

private func onControl(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, reading: Bool = false,
                       _ body: (AppBox, Control) throws(CFailure) -> Void) -> Int32 {
    appCall(app, reading: reading) { box throws(CFailure) in try body(box, try box.control(vi, vg)) }
}

@_cdecl("hk__control_set_action_callback")
public func hk__control_set_action_callback(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ events: UInt32,
                                            _ callback: ActionCallback?, _ userData: UnsafeMutableRawPointer?,
                                            _ destroy: DestroyNotify?) -> Int32 {
    onControl(app, vi, vg) { box, control in
        box.bind(control, events: events, to: callback.map { ActionBinding(callback: $0, userData: UserData(userData, destroy: destroy)) })
    }
}

@_cdecl("hk__control_set_enabled")
public func hk__control_set_enabled(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ enabled: Int32) -> Int32 {
    onControl(app, vi, vg) { box, control in control.isEnabled = enabled != 0 }
}

@_cdecl("hk__control_value")
public func hk__control_value(_ app: UnsafeRawPointer?, _ vi: Int32, _ vg: UInt32, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
    onControl(app, vi, vg, reading: true) { _, control throws(CFailure) in try required(out).pointee = controlValue(control) }
}

@_cdecl("hk__control_set_value")
public func hk__control_set_value(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ value: Double) -> Int32 {
    onControl(app, vi, vg) { _, control throws(CFailure) in
        try requireFinite(value, what: "value")
        // An index far out of range selects nothing (segments) or the last page, as a near one does;
        // clamping first keeps `Int(_:)` from trapping on a huge double.
        let index = Int(Swift.min(Swift.max(value, -1), Double(Int32.max)))
        switch control {
        case let control as Switch: control.isOn = value != 0
        case let control as Slider: control.value = value
        case let control as Stepper: control.value = value
        case let control as SegmentedControl: control.selectedSegmentIndex = index
        case let control as PageControl: control.currentPage = index
        default: throw CFailure(.invalidArgument, "control \(control.id) has no value")
        }
    }
}

@_cdecl("hk__control_set_range")
public func hk__control_set_range(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                  _ minimum: Double, _ maximum: Double) -> Int32 {
    onControl(app, vi, vg) { _, control throws(CFailure) in
        try requireRange(minimum, maximum)
        switch control {
        case let control as Slider:
            control.minimumValue = minimum
            control.maximumValue = maximum
        case let control as Stepper:
            control.minimumValue = minimum
            control.maximumValue = maximum
        default: throw CFailure(.invalidArgument, "control \(control.id) has no range (only sliders and steppers)")
        }
    }
}

@_cdecl("hk__control_set_count")
public func hk__control_set_count(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ count: Int32) -> Int32 {
    onControl(app, vi, vg) { _, control throws(CFailure) in
        guard count >= 0 else { throw CFailure(.invalidArgument, "the count must be >= 0 (got \(count))") }
        try Limits.check(count, atMost: Limits.controlCount, "the count")
        switch control {
        case let control as SegmentedControl: control.numberOfSegments = Int(count)
        case let control as PageControl: control.numberOfPages = Int(count)
        default: throw CFailure(.invalidArgument, "control \(control.id) has no count (only segmented and page controls)")
        }
    }
}

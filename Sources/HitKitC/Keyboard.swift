// The keyboard for C (Behaviour A10): key frames and what became of each key, press handlers on
// views, controllers and the application, key commands with C actions, the focus system and its
// callback, and the trace record's key. Declared in the "The keyboard" section of hitkit.h.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CHitKit
import HitKit
import HitTestCore

/// `hk_press_handler`: receives an `hk_press_event *` and the user data; returns HK_PRESS_CONSUME
/// (0) or HK_PRESS_PASS_ON (non-zero).
public typealias PressHandlerCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
/// `hk_key_command_callback`: receives an `hk_key_command_event *` and the user data.
public typealias KeyCommandCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void
/// `hk_focus_callback`: receives an `hk_focus_event *` and the user data.
public typealias FocusCallback = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Void

/// What C attached to an app's keyboard, each holding its user data while it is attached.
final class KeyboardTable {
    /// A key command C declared, its C action and the responder that declared it.
    struct Command {
        let command: KeyCommand
        let callback: KeyCommandCallback
        let userData: UserData
        weak var declaredBy: Responder?
    }

    /// The press handler of each responder, by identity; cancelling releases the user data.
    var pressObservations: [ObjectIdentifier: CObservation] = [:]
    /// A command performed finds its C action from the command.
    // Thread-confined, as a plain property (the promise in ThreadConfined.swift).
    #if HITKIT_INTERNAL_CHECKS
    var commands = ObjectHandles<Command>(of: "key command")
    #else
    @exclusivity(unchecked) var commands = ObjectHandles<Command>(of: "key command")
    #endif
    /// The observation that calls the C actions of key commands, made with the first one.
    var commandObservation: ObservationToken?
    var focusObservation: ObservationToken?
    /// The key of the trace record being handed to C (`hk_app_trace_key`).
    var traceKey: Int?
}

// MARK: Key frames

/// C's hk_key_input array, checked: its count within the limit, and not NULL unless empty.
func keyInputs(_ pointer: UnsafeRawPointer?, _ count: UInt) throws(CFailure) -> UnsafeBufferPointer<hk_key_input> {
    if count > 0 { try Limits.check(count, atMost: Limits.keysPerFrame, "the frame's key count") }
    return try cBuffer(pointer, count, of: hk_key_input.self, "keys")
}

/// A key's text from C. A `String` holds up to 15 bytes in itself; made from C's bytes, a longer
/// one would allocate at every key, so the UIKit input names longer than that (the arrows,
/// Escape, Page Up and Down, Delete: every arrow key gives one) come from literals, which are
/// never allocated.
private func text(_ pointer: UnsafePointer<CChar>?) -> String {
    guard let pointer else { return "" }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
    if bytes.count > 15, let name = longInputName(bytes) { return name }
    return String(decoding: bytes, as: UTF8.self)
}

/// The UIKit input name (``KeyCommand/inputNames``) longer than 15 bytes that `bytes` spell, if any.
/// The names are written here again rather than read from `KeyCommand`'s constants: a string read
/// from a global is retained at each read (`swift_bridgeObjectRetain` a key, which the peers
/// benchmark's check of a frame's C side refuses), a literal is not. `KeyTextTests` holds the two
/// lists equal.
func longInputName(_ bytes: UnsafeRawBufferPointer) -> String? {
    // Called for 16 bytes or more: neither buffer is empty, so both have a base address.
    @inline(__always) func spelled(_ name: String) -> String? {
        let same = name.utf8.withContiguousStorageIfAvailable { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        return same == true ? name : nil
    }
    switch bytes.count {
    case 16: return spelled("UIKeyInputEscape") ?? spelled("UIKeyInputPageUp") ?? spelled("UIKeyInputDelete")
    case 17: return spelled("UIKeyInputUpArrow")
    case 18: return spelled("UIKeyInputPageDown")
    case 19: return spelled("UIKeyInputDownArrow") ?? spelled("UIKeyInputLeftArrow")
    case 20: return spelled("UIKeyInputRightArrow")
    default: return nil
    }
}

extension AppBox {
    /// Writes the outcome of each of the last key frame's `count` events, by C index, reading
    /// the delivery's arrays in place.
    func writeKeyOutcomes(to outcomes: UnsafeMutablePointer<UInt8>, count: Int) {
        if delivery.value.rejections.contains(where: \.reason.rejectsWholeFrame) {
            return outcomes.update(repeating: UInt8(HK_KEY_REJECTED), count: count)
        }
        outcomes.update(repeating: UInt8(HK_KEY_HANDLED), count: count)
        for i in delivery.value.outcome.unhandledKeys.indices {
            outcomes[delivery.value.sentKeys[delivery.value.outcome.unhandledKeys[i]]] = UInt8(HK_KEY_UNHANDLED)
        }
        for i in delivery.value.outcome.unhandledRepeats.indices {
            outcomes[delivery.value.sentKeys[delivery.value.outcome.unhandledRepeats[i]]] = UInt8(HK_KEY_UNHANDLED_REPEAT)
        }
        for i in delivery.value.badPhaseKeys.indices { outcomes[delivery.value.badPhaseKeys[i]] = UInt8(HK_KEY_REJECTED) }
        // The rejections name a key by its index among the events sent on; C names it by its own.
        for i in delivery.value.rejections.indices {
            if case .key(let problem) = delivery.value.rejections[i].reason {
                outcomes[delivery.value.sentKeys[problem.index]] = UInt8(HK_KEY_REJECTED)
            }
        }
    }
}

/// The phase of C's `HK_KEY_` value, or nil for another value.
private func keyPhase(_ phase: Int32) -> KeyInput.Phase? {
    switch phase {
    case Int32(HK_KEY_DOWN): .down
    case Int32(HK_KEY_UP): .up
    case Int32(HK_KEY_CANCELLED): .cancelled
    default: nil
    }
}

/// Checks the modifier masks of the events a frame would send on: a bad one refuses the whole
/// call, before the frame is touched.
func checkKeyModifiers(_ items: UnsafeBufferPointer<hk_key_input>) throws(CFailure) {
    for item in items where keyPhase(item.phase) != nil { _ = try modifierFlags(item.modifier_flags) }
}

extension AppBox {
    /// Puts C's key events into `frame` (whose arrays keep their room from frame to frame),
    /// noting the C index of each sent on, and those refused here for their phase.
    func setKeys(_ items: UnsafeBufferPointer<hk_key_input>, of frame: inout FrameScratch.Frame) {
        for (index, item) in items.enumerated() {
            guard let phase = keyPhase(item.phase) else {
                frame.badKeyPhases.append(index)
                continue
            }
            frame.input.keys.append(KeyInput(code: Int(item.code), phase: phase, characters: text(item.characters),
                                             charactersIgnoringModifiers: text(item.characters_ignoring_modifiers),
                                             modifierFlags: checkedModifierFlags(item.modifier_flags)))
            frame.sentKeys.append(index)
        }
    }
}

@_cdecl("hk_app_send_key_frame")
public func hk_app_send_key_frame(_ app: UnsafeMutableRawPointer?, _ timestamp: Double, _ keys: UnsafeRawPointer?,
                                  _ count: UInt, _ outcomes: UnsafeMutablePointer<UInt8>?) -> Int32 {
    frameCall(app) { box throws(CFailure) in
        let items = try keyInputs(keys, count)
        try checkKeyModifiers(items)
        var delivered = false
        // Written for a frame that was delivered: a refused call (HK_ERR_BUSY) leaves them.
        defer { if let outcomes, delivered { box.writeKeyOutcomes(to: outcomes, count: items.count) } }
        try box.deliverFrame(at: timestamp) { frame in
            frame.setTouches(UnsafeBufferPointer(start: nil, count: 0))
            box.setKeys(items, of: &frame)
            delivered = true
        }
    }
}

// MARK: Press handlers

/// The observer that asks C about each press call of `responder`.
private func pressObserver(_ callback: PressHandlerCallback, _ userData: UserData, owner: OwnerTag,
                           box: AppBox) -> Responder.PressObserver {
    { [unowned box] responder, method, presses, event in
        let phase: Int32 = switch method {
        case .pressesBegan, .pressesChanged: Int32(HK_PRESS_BEGAN)
        case .pressesEnded: Int32(HK_PRESS_ENDED)
        case .pressesCancelled: Int32(HK_PRESS_CANCELLED)
        }
        var passed = presses
        // In the order the presses began: a set's own order changes from run to run.
        for press in presses.sorted(by: { $0.sequence < $1.sequence }) {
            // Cleared or replaced from C about an earlier press: the rest go on unreported.
            if userData.isLetGo { break }
            guard let key = press.key else { continue }
            let answer = key.characters.withCString { characters in
                key.charactersIgnoringModifiers.withCString { ignoring in
                    let value = hk_press_event(
                        responder_kind: responderKind(responder), view: owner.handle((responder as? View)?.id),
                        controller: (responder as? ViewController).flatMap { try? box.handle(of: $0) } ?? 0, phase: phase,
                        code: Int32(key.keyCode.rawValue), modifier_flags: modifierBits(of: event?.modifierFlags ?? key.modifierFlags),
                        characters: characters, characters_ignoring_modifiers: ignoring, timestamp: press.timestamp)
                    return box.delivery.callingOut { withCValue(value) { callback($0, userData.pointer) } }
                }
            }
            if answer == Int32(HK_PRESS_CONSUME) && method == .pressesBegan { passed.remove(press) }
        }
        return passed
    }
}

private func responderKind(_ responder: Responder) -> hk_responder_kind {
    switch responder {
    case is View: hk_responder_kind(HK_RESPONDER_VIEW)
    case is ViewController: hk_responder_kind(HK_RESPONDER_CONTROLLER)
    case is Application: hk_responder_kind(HK_RESPONDER_APPLICATION)
    default: hk_responder_kind(HK_RESPONDER_OTHER)
    }
}

extension AppBox {
    /// Installs (or with `nil` removes) C's press handler on `responder`; the replaced one's user
    /// data is notified.
    func setPressHandler(_ callback: PressHandlerCallback?, _ userData: UnsafeMutableRawPointer?,
                         _ destroy: DestroyNotify?, on responder: Responder) {
        keyboard.pressObservations.removeValue(forKey: ObjectIdentifier(responder))?.end()
        guard let callback else { return }
        let data = UserData(userData, destroy: destroy)
        let observer = pressObserver(callback, data, owner: ownerTag, box: self)
        keyboard.pressObservations[ObjectIdentifier(responder)] = CObservation(token: responder.observePresses(observer), userData: data)
    }

    /// Lets go of what C attached to the keyboard side of a view or controller it destroys.
    func forgetKeyboardAttachments(of responder: Responder) {
        keyboard.pressObservations.removeValue(forKey: ObjectIdentifier(responder))?.end()
        // From the responder's own list, not a search of the table: a destruction costs its own
        // commands, however many the app has.
        for command in responder.addedKeyCommands {
            if let handle = keyboard.commands.handle(of: command) { removeKeyCommand(handle) }
        }
    }
}

@_cdecl("hk__app_view_set_press_handler")
public func hk__app_view_set_press_handler(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                           _ handler: PressHandlerCallback?, _ userData: UnsafeMutableRawPointer?,
                                           _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        box.setPressHandler(handler, userData, destroy, on: view)
        if handler != nil { _ = box.hold(view) }
    }
}

@_cdecl("hk_view_controller_set_press_handler")
public func hk_view_controller_set_press_handler(_ app: UnsafeMutableRawPointer?, _ controller: Int32,
                                                 _ handler: PressHandlerCallback?, _ userData: UnsafeMutableRawPointer?,
                                                 _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        box.setPressHandler(handler, userData, destroy, on: try box.controller(controller))
    }
}

@_cdecl("hk_app_set_press_handler")
public func hk_app_set_press_handler(_ app: UnsafeMutableRawPointer?, _ handler: PressHandlerCallback?,
                                     _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        box.setPressHandler(handler, userData, destroy, on: box.application)
    }
}

// MARK: Key commands

private let commandOptions = UInt32(HK_KEY_COMMAND_PRIORITY | HK_KEY_COMMAND_NOT_REPEATABLE | HK_KEY_COMMAND_DISABLED)
private let commandModifiers = UInt32(HK_MOD_SHIFT | HK_MOD_CONTROL | HK_MOD_ALTERNATE | HK_MOD_COMMAND)

extension AppBox {
    /// Declares a key command with a C action on `responder`: its action is one of its own, which
    /// `responder` performs, so the command has a target exactly when `responder` is on the
    /// chain from the press's target — where its commands are collected from.
    func addKeyCommand(to responder: Responder, _ input: UnsafePointer<CChar>?, _ modifiers: UInt32, _ options: UInt32,
                       _ callback: KeyCommandCallback?, _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?,
                       _ out: UnsafeMutablePointer<Int32>?) throws(CFailure) {
        let out = try required(out), callback = try required(callback, "callback")
        let input = try utf8Name(try required(input, "input"), "key command's input")
        guard input.count == 1 || KeyCommand.inputNames.contains(input) else {
            throw CFailure(.invalidArgument, "a key command's input is one character or a UIKit input name (got \"\(input)\")")
        }
        guard modifiers & ~commandModifiers == 0 else {
            throw CFailure(.invalidArgument, "a key command's modifiers are HK_MOD_SHIFT, _CONTROL, _ALTERNATE, _COMMAND (got \(modifiers))")
        }
        guard options & ~commandOptions == 0 else { throw CFailure(.invalidArgument, "unknown key command options \(options)") }
        // The handle the insert below gives: the command's action is named after it.
        let handle = try keyboard.commands.nextFreeHandle()
        let command = KeyCommand(input: input, modifierFlags: try modifierFlags(modifiers), action: Action("hk.keyCommand.\(handle)"))
        command.wantsPriorityOverSystemBehavior = options & UInt32(HK_KEY_COMMAND_PRIORITY) != 0
        command.isRepeatable = options & UInt32(HK_KEY_COMMAND_NOT_REPEATABLE) == 0
        command.isEnabled = options & UInt32(HK_KEY_COMMAND_DISABLED) == 0
        responder.performableActions.insert(command.action)
        responder.addKeyCommand(command)
        let inserted = try keyboard.commands.insert(KeyboardTable.Command(command: command, callback: callback,
                                                                      userData: UserData(userData, destroy: destroy),
                                                                      declaredBy: responder),
                                                for: command)
        assert(inserted == handle)
        if keyboard.commandObservation == nil {
            let owner = ownerTag
            keyboard.commandObservation = application.observeKeyCommands { [unowned self] report in
                performCAction(of: report, owner: owner)
            }
        }
        out.pointee = handle
    }

    private func performCAction(of report: KeyCommandReport, owner: OwnerTag) {
        guard let handle = keyboard.commands.handle(of: report.command), let entry = keyboard.commands[handle] else { return }
        let target = (report.target as? View)?.id
        let event = hk_key_command_event(command: handle, is_repeat: report.isRepeat ? 1 : 0, target: owner.handle(target),
                                         timestamp: application.time)
        delivery.callingOut { withCValue(event) { entry.callback($0, entry.userData.pointer) } }
    }

    func keyCommand(_ handle: Int32) throws(CFailure) -> KeyboardTable.Command {
        guard let entry = keyboard.commands[handle] else {
            throw CFailure(.staleHandle, "key command handle \(handle) is not live in this app")
        }
        return entry
    }

    func removeKeyCommand(_ handle: Int32) {
        guard let entry = keyboard.commands.remove(handle) else { return }
        entry.declaredBy?.removeKeyCommand(entry.command)
        entry.declaredBy?.performableActions.remove(entry.command.action)
    }
}

@_cdecl("hk__app_view_add_key_command")
public func hk__app_view_add_key_command(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ input: UnsafePointer<CChar>?,
                                         _ modifiers: UInt32, _ options: UInt32, _ out: UnsafeMutablePointer<Int32>?,
                                         _ callback: KeyCommandCallback?, _ userData: UnsafeMutableRawPointer?,
                                         _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        try box.addKeyCommand(to: view, input, modifiers, options, callback, userData, destroy, out)
        _ = box.hold(view)
    }
}

@_cdecl("hk_view_controller_add_key_command")
public func hk_view_controller_add_key_command(_ app: UnsafeMutableRawPointer?, _ controller: Int32, _ input: UnsafePointer<CChar>?,
                                               _ modifiers: UInt32, _ options: UInt32, _ out: UnsafeMutablePointer<Int32>?,
                                               _ callback: KeyCommandCallback?, _ userData: UnsafeMutableRawPointer?,
                                               _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        try box.addKeyCommand(to: try box.controller(controller), input, modifiers, options, callback, userData, destroy, out)
    }
}

@_cdecl("hk_app_add_key_command")
public func hk_app_add_key_command(_ app: UnsafeMutableRawPointer?, _ input: UnsafePointer<CChar>?, _ modifiers: UInt32,
                                   _ options: UInt32, _ out: UnsafeMutablePointer<Int32>?, _ callback: KeyCommandCallback?,
                                   _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        try box.addKeyCommand(to: box.application, input, modifiers, options, callback, userData, destroy, out)
    }
}

@_cdecl("hk_key_command_set_enabled")
public func hk_key_command_set_enabled(_ app: UnsafeMutableRawPointer?, _ handle: Int32, _ enabled: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        try appBox(app).keyCommand(handle).command.isEnabled = enabled != 0
    }
}

@_cdecl("hk_key_command_remove")
public func hk_key_command_remove(_ app: UnsafeMutableRawPointer?, _ handle: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        _ = try box.keyCommand(handle)
        box.removeKeyCommand(handle)
    }
}

// MARK: Focus

@_cdecl("hk__window_set_focus_system_enabled")
public func hk__window_set_focus_system_enabled(_ app: UnsafeMutableRawPointer?, _ wi: Int32, _ wg: UInt32, _ enabled: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        guard let window = try box.view(wi, wg, "window") as? Window else { throw CFailure(.notAWindow, "view \(wi) is not a window") }
        window.isFocusSystemEnabled = enabled != 0
    }
}

@_cdecl("hk__window_focused_view")
public func hk__window_focused_view(_ app: UnsafeRawPointer?, _ wi: Int32, _ wg: UInt32, _ out: UnsafeMutableRawPointer?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        guard let window = try box.view(wi, wg, "window") as? Window else { throw CFailure(.notAWindow, "view \(wi) is not a window") }
        box.write(window.focusedItem?.id, to: out)
    }
}

@_cdecl("hk__app_view_set_can_become_focused")
public func hk__app_view_set_can_become_focused(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32, _ value: Int32) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        guard (-1...1).contains(value) else { throw CFailure(.invalidArgument, "can-become-focused is -1, 0 or 1 (got \(value))") }
        view.allowsFocus = value < 0 ? nil : value == 1
    }
}

@_cdecl("hk__app_view_set_focus_group")
public func hk__app_view_set_focus_group(_ app: UnsafeMutableRawPointer?, _ vi: Int32, _ vg: UInt32,
                                         _ identifier: UnsafePointer<CChar>?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app), view = try box.view(vi, vg)
        view.focusGroupIdentifier = try identifier.map { identifier throws(CFailure) in try utf8Name(identifier, "focus group identifier") }
    }
}

@_cdecl("hk_app_set_focus_callback")
public func hk_app_set_focus_callback(_ app: UnsafeMutableRawPointer?, _ callback: FocusCallback?,
                                      _ userData: UnsafeMutableRawPointer?, _ destroy: DestroyNotify?) -> Int32 {
    guarded { () throws(CFailure) in
        let box = try appBox(app)
        box.keyboard.focusObservation?.cancel()
        box.keyboard.focusObservation = callback.map { callback in
            let userData = UserData(userData, destroy: destroy), owner = box.ownerTag
            return box.application.observeFocus { [unowned box] context in
                let event = hk_focus_event(window: owner.handle(context.window.id), previous: owner.handle(context.previouslyFocusedItem?.id),
                                           next: owner.handle(context.nextFocusedItem?.id),
                                           heading: UInt32(truncatingIfNeeded: context.focusHeading.rawValue),
                                           timestamp: box.application.time)
                box.delivery.callingOut { withCValue(event) { callback($0, userData.pointer) } }
            }
        }
    }
}

// MARK: The trace's key

@_cdecl("hk_app_trace_key")
public func hk_app_trace_key(_ app: UnsafeRawPointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    appRead(app) { box throws(CFailure) in
        let out = try required(out)
        guard let key = box.keyboard.traceKey else {
            throw CFailure(.notFound, "no trace record about a key is being handed to a trace callback")
        }
        out.pointee = Int32(key)
    }
}

import HitKit

// The keyboard's scene keys built into the façade (Behaviour B1, A10), and its log lines (B6):
// `presses`, key commands performed, focus moves and unhandled keys.

extension SceneBuilder {
    /// A view's `canBecomeFocused` and `focusGroup`.
    static func applyFocus(_ focus: SceneDescription.Focus, to view: View) {
        if let focusable = focus.canBecomeFocused { view.allowsFocus = focusable }
        if let group = focus.group { view.focusGroupIdentifier = group }
    }

    /// Key commands, `presses` logging, the windows' focus systems, and the lines for key commands,
    /// focus and unhandled keys.
    static func configureKeyboard(of scene: SceneDescription, application: Application, windows: [Window],
                                  responders: SceneResponders, log: DeliveryLog, names: SceneKeyNames) {
        for (index, description) in scene.windows.enumerated() where description.focusSystem {
            windows[index].isFocusSystemEnabled = true
        }
        responders.forEachWithTraits { id, responder, traits in
            for command in traits.keyCommands { responder.addKeyCommand(makeKeyCommand(command)) }
            guard traits.presses != .forward else { return }
            let keeps = traits.presses == .log
            responder.observePresses { [unowned log, unowned names] _, method, presses, _ in
                log.append("\(id) \(method.rawValue) \(names.names(of: presses))")
                return keeps && method == .pressesBegan ? [] : presses
            }
        }
        application.observeKeyCommands { [unowned log, unowned responders] report in
            let receiver = responders.id(of: report.receiver) ?? "\(report.receiver)"
            log.append("\(receiver) \(report.command.action.name) from keyCommand \(report.command)")
        }
        application.observeFocus { [unowned log, unowned responders] context in
            guard context.window.isKeyWindow else { return }
            log.append("focus " + (context.nextFocusedItem.map { responders.id(of: $0) ?? "\($0)" } ?? "-"))
        }
    }

    private static func makeKeyCommand(_ description: SceneDescription.KeyCommand) -> HitKit.KeyCommand {
        let flags = description.modifiers.reduce(into: KeyModifierFlags()) { flags, modifier in
            switch modifier {
            case .shift: flags.insert(.shift)
            case .control: flags.insert(.control)
            case .alternate: flags.insert(.alternate)
            case .command: flags.insert(.command)
            }
        }
        let command = HitKit.KeyCommand(input: description.input, modifierFlags: flags, action: Action(description.action))
        command.wantsPriorityOverSystemBehavior = description.priority
        command.isRepeatable = description.repeatable
        command.isEnabled = description.enabled
        return command
    }
}

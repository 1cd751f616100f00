import HitKit
import HitTestCore

// A step's pointer, scroll and edits in the replay (Behaviour A8, B5).

extension ScenarioReplayer {
    /// The façade's frame for a step: its touches, pointer state, scroll input and touchpad
    /// gesture (Behaviour A9).
    static func inputFrame(of step: Scenario.Step) -> InputFrame {
        InputFrame(timestamp: step.time, touches: step.touches.map(\.input),
                   pointer: step.pointer.map(\.input), scroll: step.scroll.map(\.input),
                   touchpadGesture: step.touchpad.map(\.input), keys: step.keys.map(\.input))
    }

    /// Makes the step's edits in order; one that cannot be made is logged as
    /// `! step N: edit K: why` and the others go on. Hovers then follow the edited views.
    static func applyEdits(of step: Scenario.Step, index: Int, to scene: LoadedScene) {
        guard !step.edits.isEmpty else { return }
        // Focus is checked once after all of them (Behaviour A10), hover after each.
        scene.application.deferringFocusChecks {
            for (editIndex, edit) in step.edits.enumerated() {
                // An edit of several properties is one change: hover follows its end state.
                if let problem = scene.application.deferringUpdates({ apply(edit, to: scene) }) {
                    scene.log.append("! step \(index): edit \(editIndex): \(problem)")
                }
                scene.application.updateHover()
            }
        }
    }

    /// Makes one edit; returns why it cannot be made, if it cannot.
    private static func apply(_ edit: Scenario.Edit, to scene: LoadedScene) -> String? {
        switch edit {
        case .removeFromSuperview(let id):
            guard let view = scene.view(withID: id) else { return "no view \"\(id)\"" }
            if view is Window { return "\"\(id)\" is a window" }
            view.removeFromSuperview()
        case .move(let id, let parentID, let index):
            guard let view = scene.view(withID: id) else { return "no view \"\(id)\"" }
            guard let parent = scene.view(withID: parentID) else { return "no view \"\(parentID)\"" }
            if view is Window { return "\"\(id)\" is a window" }
            if parent.isDescendant(of: view) { return "moving \"\(id)\" into \"\(parentID)\" makes a cycle" }
            // An index past the end puts the view on top, as no index does.
            let others = parent.subviews.filter { $0 !== view }.count
            parent.insertSubview(view, at: min(index ?? others, others))
        case .setView(let id, let properties):
            guard let view = scene.view(withID: id) else { return "no view \"\(id)\"" }
            for property in properties { set(property, on: view) }
        case .scrollView(let id, let edit):
            return apply(edit, toScrollView: id, in: scene)
        case .setGestureEnabled(let id, let enabled):
            guard let recognizer = scene.gestureRecognizer(withID: id) else { return "no gesture \"\(id)\"" }
            recognizer.isEnabled = enabled
        case .becomeFirstResponder, .resignFirstResponder, .makeKey, .setFocusSystem, .setControlEnabled:
            return applyKeyboardEdit(edit, to: scene)  // Behaviour A10
        }
        return nil
    }

    private static func set(_ property: Scenario.ViewProperty, on view: View) {
        switch property {
        case .frame(let frame): view.frame = frame
        case .center(let center): view.center = center
        case .bounds(let bounds): view.bounds = bounds
        case .transform(let transform): view.transform = transform
        case .anchorPoint(let anchor): view.anchorPoint = anchor
        case .hidden(let hidden): view.isHidden = hidden
        case .alpha(let alpha): view.alpha = alpha
        case .userInteractionEnabled(let enabled): view.isUserInteractionEnabled = enabled
        case .multipleTouchEnabled(let enabled): view.isMultipleTouchEnabled = enabled
        case .exclusiveTouch(let exclusive): view.isExclusiveTouch = exclusive
        case .passThrough(let passes): view.passesTouchesThrough = passes
        case .hitsOutsideBounds(let hits): view.hitsOutsideBounds = hits
        case .redirectsToSuperview(let redirects): view.redirectsToSuperview = redirects
        case .hitTestInsets(let insets): view.hitTestInsets = insets
        case .minimumHitSize(let size): view.minimumHitSize = size
        case .canBecomeFocused(let focusable): view.allowsFocus = focusable
        case .focusGroup(let group): view.focusGroupIdentifier = group
        }
    }
}

extension Scenario.PointerChange {
    /// The façade's pointer input for this change.
    var input: PointerInput {
        guard let location else { return .left(id: id) }
        return PointerInput(id: id, location: location, buttonNumbers: buttons,
                            modifierFlags: PointerNames.flags(of: modifiers))
    }
}

extension PointerNames {
    /// The façade's flags for `modifiers` entries (a pointer's or a key event's).
    static func flags(of modifiers: [Modifier]) -> KeyModifierFlags {
        modifiers.reduce(into: []) { flags, modifier in
            switch modifier {
            case .alphaShift: flags.insert(.alphaShift)
            case .shift: flags.insert(.shift)
            case .control: flags.insert(.control)
            case .alternate: flags.insert(.alternate)
            case .command: flags.insert(.command)
            case .numericPad: flags.insert(.numericPad)
            }
        }
    }
}

extension Scenario.ScrollChange {
    /// The façade's scroll input for this change.
    var input: ScrollInput {
        let kind: ScrollInput.Kind = switch (type, phase) {
        case (.discrete, _): .discrete
        case (.continuous, .began?): .continuous(.began)
        case (.continuous, .ended?): .continuous(.ended)
        case (.continuous, _): .continuous(.changed)  // the loader requires a phase
        }
        return ScrollInput(location: location, delta: delta, kind: kind)
    }
}

// The log's wording for rejected pointer and scroll input (Behaviour A8, B6).

extension ScenarioReplayer {
    static func pointerReason(_ problem: InputError.PointerProblem) -> String {
        switch problem {
        case .buttonOutOfRange(let number): "pointer button \(number) out of range"
        case .nonFiniteLocation: "pointer location not finite"
        case .idInUseByFinger: "pointer id in use by a finger"
        case .leftWithButtonHeld: "pointer left with a button held"
        case .anotherPointerPresent(let other): "pointer \(other) still on the screen"
        }
    }

    static func scrollReason(_ problem: InputError.ScrollProblem) -> String {
        switch problem {
        case .nonFiniteLocation: "scroll location not finite"
        case .nonFiniteDelta: "scroll delta not finite"
        case .notBegan: "continuous scroll not begun"
        case .alreadyBegan: "continuous scroll already begun"
        }
    }
}

// A responder's side of the keyboard (Behaviour A10): the default `pressesBegan` passing a press
// on along the chain and recording its route, the key commands a responder declares, and the
// observers that see press calls without subclassing (the scene files' `presses` modes).

/// One of the four press methods of a responder.
public enum PressMethod: String, Hashable, Sendable {
    case pressesBegan, pressesChanged, pressesEnded, pressesCancelled
}

/// A view's own focus settings (``View/allowsFocus``, ``View/focusGroupIdentifier``).
struct FocusSettings {
    var allowsFocus: Bool?
    var groupIdentifier: String?
}

/// What few responders set for the keyboard, kept in their side storage when one is set.
final class ResponderKeyboardStorage {
    // Fenced (``ExclusivityFence``): changed only by adding and removing commands and
    // observers; a key down reads them at every level of the chain.
    #if HITKIT_INTERNAL_CHECKS
    var keyCommands: [KeyCommand] = []
    var pressObservers = ObserverList<Responder.PressObserver>()
    #else
    @exclusivity(unchecked) var keyCommands: [KeyCommand] = []
    @exclusivity(unchecked) var pressObservers = ObserverList<Responder.PressObserver>()
    #endif
    /// ``View/allowsFocus`` and the ``View/focusGroupIdentifier`` set on this view.
    // Fenced (``ExclusivityFence``): changed only by their setters, which call nothing while they
    // write; a focus key reads them for every view of the window.
    #if HITKIT_INTERNAL_CHECKS
    var focus = FocusSettings()
    #else
    @exclusivity(unchecked) var focus = FocusSettings()
    #endif
    /// ``Window``'s focus state, for a window.
    var windowFocus: WindowFocusState?
}

extension Responder {
    /// The keyboard part of the side storage, made on first use: only setters call this.
    var keyboardStorageForWriting: ResponderKeyboardStorage {
        let side = sideStorageForWriting
        if let storage = side.keyboard { return storage }
        let made = ResponderKeyboardStorage()
        side.keyboard = made
        return made
    }

    var keyboardStorage: ResponderKeyboardStorage? { sideStorage?.keyboard }

    /// The key commands added with ``addKeyCommand(_:)``, in order.
    public var addedKeyCommands: [KeyCommand] { keyboardStorage?.keyCommands ?? [] }

    /// Adds `command` at the end of this responder's ``keyCommands`` (UIKit's
    /// `addKeyCommand(_:)`); adding one already there does nothing.
    public func addKeyCommand(_ command: KeyCommand) {
        guard !addedKeyCommands.contains(command) else { return }
        keyboardStorageForWriting.keyCommands.append(command)
    }

    /// Removes `command` from this responder's key commands.
    public func removeKeyCommand(_ command: KeyCommand) {
        keyboardStorage?.keyCommands.removeAll { $0 === command }
    }

    // MARK: Passing presses on

    /// Passes a began to ``next`` for each press whose began this responder is handling now (the
    /// last one its route reached), recording the next responder on the route; the last
    /// responder of the chain passing it on marks it unconsumed.
    func forwardPressesBegan(_ presses: Set<Press>, with event: PressesEvent?) {
        let target = next
        // A key's press comes alone in its set: that set itself goes on.
        if presses.count == 1 {
            let press = presses[presses.startIndex]
            guard press.passBegan(from: self, to: target), var onward = target else { return }
            // A responder whose began is this very method, unobserved, passes the press on here,
            // in a loop rather than by a call per level: it is the last one the route reached.
            while onward.handlesPressesByDefault {
                if onward is View {
                    let view = unsafeDowncast(onward, to: View.self)
                    let reached = press.route.appendViews(passingOnFrom: view)
                    if reached !== view {
                        onward = reached
                        continue
                    }
                }
                guard let next = onward.next else {
                    press.passedEndOfChain = true
                    return
                }
                press.route.append(next)
                onward = next
            }
            press.beganRanOnlyDefaults = false
            onward.receivePresses(.pressesBegan, presses, with: event)
            return
        }
        var onward = presses  // usually every press is this responder's to pass: the set itself goes on
        for press in presses {
            press.beganRanOnlyDefaults = false
            if !press.passBegan(from: self, to: target) { onward.remove(press) }
        }
        if let target, !onward.isEmpty { target.receivePresses(.pressesBegan, onward, with: event) }
    }

    /// Whether a press call on this responder runs only HitKit's own code, the same for every
    /// call: nobody observes its press calls, and its class is one of HitKit's whose press
    /// methods, ``keyCommands``, ``canPerformAction(_:withSender:)`` and
    /// ``target(forAction:withSender:)`` are this class's defaults (its ``next`` being HitKit's
    /// own, which reads the hierarchy and nothing else). The key delivery then does their work
    /// directly.
    var handlesPressesByDefault: Bool {
        Responder.keepsKeyDefaults(type(of: self)) && (keyboardStorage?.pressObservers.isEmpty ?? true)
    }

    /// Whether `type` is one of HitKit's classes that override none of the responder's press
    /// methods, ``keyCommands``, ``canPerformAction(_:withSender:)`` and
    /// ``target(forAction:withSender:)``: a class of HitKit's that overrides one must not be
    /// listed. Subclasses are not: their overrides are unknown.
    static func keepsKeyDefaults(_ type: AnyClass) -> Bool {
        type == View.self || type == Window.self || type == Application.self || type == Button.self
            || type == Control.self || type == Switch.self || type == Slider.self || type == Stepper.self
            || type == SegmentedControl.self || type == PageControl.self || type == ScrollView.self
    }

    // MARK: Observing press calls

    /// An observer of a responder's press calls (see ``observePresses(_:)``): it gets the
    /// responder, the method, its presses and event, and answers which of the presses the call
    /// goes on with — all of them to let it run as it is, none to consume a began.
    public typealias PressObserver = (Responder, PressMethod, Set<Press>, PressesEvent?) -> Set<Press>

    /// Calls `body` with each press call HitKit's delivery is about to make on this responder
    /// (the ones an override would receive), before the method runs. The method then runs with
    /// the presses every observer let through; a began with none left is consumed, as by an
    /// override that does nothing. An end's answer is ignored: every responder a began reached
    /// gets its end.
    @discardableResult
    public func observePresses(_ body: @escaping PressObserver) -> ObservationToken {
        // The token links to the responder (ResponderLink), not weakly: see ResponderLink.
        keyboardStorageForWriting.pressObservers.add(body) { [link = ResponderLink(self)] in
            link.object?.keyboardStorage?.pressObservers.remove($0)
        }
    }

    /// Makes one press call on this responder on behalf of HitKit's delivery.
    func receivePresses(_ method: PressMethod, _ presses: Set<Press>, with event: PressesEvent?) {
        guard let storage = keyboardStorage, !storage.pressObservers.isEmpty else {
            return callPresses(method, presses, event)
        }
        let observers = storage.pressObservers
        var passed = presses
        observers.callEach { observer in
            let answer = observer(self, method, presses, event)
            if answer != presses { passed.formIntersection(answer) }
        }
        if method == .pressesEnded || method == .pressesCancelled { passed = presses }
        if !passed.isEmpty { callPresses(method, passed, event) }
    }

    @inline(__always)
    private func callPresses(_ method: PressMethod, _ presses: Set<Press>, _ event: PressesEvent?) {
        switch method {
        case .pressesBegan: pressesBegan(presses, with: event)
        case .pressesChanged: pressesChanged(presses, with: event)
        case .pressesEnded: pressesEnded(presses, with: event)
        case .pressesCancelled: pressesCancelled(presses, with: event)
        }
    }
}

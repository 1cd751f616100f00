// The keyboard's trace records (Behaviour A10): where a press went and who kept it, which key
// commands matched and why each was passed over, why focus moved where it did, why a key was
// unhandled. Each hook is called only while the trace has an observer.

extension Tracer {
    /// A record about `key`, naming `view` if the record is about one.
    func record(_ kind: TraceRecord.Kind, key: Key?, view: View? = nil, _ message: String) {
        let record = TraceRecord(kind: kind, time: application.time, view: view.map(subject(of:)),
                                 message: message, key: key?.keyCode.rawValue)
        let observers = self.observers  // a copy: an observer may cancel itself
        observers.callEach { $0(record) }
    }

    /// A responder's trace name: a view's, else the name set for it, else its class.
    func responderName(_ responder: Responder) -> String {
        if let view = responder as? View { return name(of: view) }
        if let name = application.traceNames[responder] { return name }
        return "\(type(of: responder))"
    }

    private func keyName(_ key: Key) -> String {
        let capsLock = key.modifierFlags.contains(.alphaShift) ? " (caps lock on, which key commands ignore)" : ""
        return "\(KeyCommand.describe(key)) down\(capsLock)"
    }

    func keyTarget(_ key: Key, _ target: Responder, in window: Window?) {
        let why: String
        if let window, window.focusedItem === target {
            why = "the focused item of \(name(of: window))"
        } else if let window, window.firstResponder === target {
            why = "the first responder of \(name(of: window))"
        } else if let window, window.rootViewController === target {
            why = "the root view controller of \(name(of: window)), which has no first responder"
        } else if let window, window.rootViewController != nil {
            why = "the key window, which has no first responder, and whose root view controller's view is not in it"
        } else {
            why = "the key window, which has no first responder and no root view controller"
        }
        record(.keyTarget, key: key, view: target as? View, "\(keyName(key)): its press goes to \(responderName(target)), \(why)")
    }

    func pressRoute(_ press: Press) {
        guard let key = press.key else { return }
        let route = press.route
        let names = (0..<route.count).compactMap { route.responder(at: $0).map(responderName) }.joined(separator: " → ")
        let verdict = press.passedEndOfChain
            ? "not kept: it passed the end of the chain"
            : "kept by \(route.last.map(responderName) ?? "a responder since freed")"
        record(.pressRoute, key: key, "pressesBegan reached \(names); \(verdict)")
    }

    func keyCommandSkipped(_ command: KeyCommand, key: Key, declaredBy: Responder, _ why: String) {
        record(.keyCommandSkipped, key: key,
               "\(command) → \(command.action) of \(responderName(declaredBy)) skipped: \(why)")
    }

    func keyCommandPerformed(_ command: KeyCommand, key: Key, declaredBy: Responder, receiver: Responder) {
        record(.keyCommandPerformed, key: key,
               "\(command) → \(command.action) of \(responderName(declaredBy)) performed by \(responderName(receiver))")
    }

    func keyRepeat(_ key: Key, _ what: String) {
        record(.keyRepeat, key: key, "a repeat of \(KeyCommand.describe(key)) \(what)")
    }

    func pressCancelled(_ press: Press, _ reason: String) {
        guard let key = press.key else { return }
        record(.pressCancelled, key: key, "the press of \(KeyCommand.describe(key)) is cancelled: \(reason)")
    }

    func keyTaken(_ key: Key, by interceptor: any KeyInterceptor) {
        record(.keyTarget, key: key, "\(keyName(key)): taken before the chain by \(type(of: interceptor)); it makes no press")
    }

    func keyUnhandled(_ key: Key, reason: String) {
        record(.keyUnhandled, key: key, "\(keyName(key)) is unhandled: \(reason)")
    }

    func focusNotMoved(_ key: Key, _ why: String) {
        record(.focusNotMoved, key: key, "\(KeyCommand.describe(key)) does not move focus: \(why)")
    }

    func controlActivated(_ control: Control, key: Key) {
        record(.controlActivated, key: key, view: control, "\(KeyCommand.describe(key)) activates the focused \(name(of: control))")
    }

    func focusChanged(in window: Window, from previous: View?, to next: View?, heading: FocusHeading) {
        let message: String
        if let next {
            message = "focus moves \(heading) from \(previous.map(name(of:)) ?? "nothing") to \(name(of: next)) in \(name(of: window))"
        } else {
            message = "\(previous.map(name(of:)) ?? "nothing") loses focus in \(name(of: window)): "
                + (window.isFocusSystemEnabled ? "it is no longer focusable" : "the focus system is off")
        }
        record(.focusChanged, key: nil, view: next ?? previous, message)
    }

    /// Tab's groups in reading order (each with its first item) and where focus enters.
    func focusGroups(_ map: FocusMap, from focused: Int?, to group: Int, entry: Int, key: Key) {
        let list = map.groupOrder.map { index -> String in
            let first = map.groups[index].first
            return "\(groupName(map.groups[index].key, first: map.candidates[first].id)) (\(candidateName(map, first)) at \(TraceFormat.point(map.candidates[first].frame.origin)))"
        }.joined(separator: ", ")
        let from = focused.map { "from \(candidateName(map, $0))" } ?? "with nothing focused"
        let entered = map.groups[group].first == entry ? "its first item" : "its last focused item"
        record(.focusCandidates, key: key,
               "\(KeyCommand.describe(key)) \(from): groups in reading order \(list); enters \(groupName(map.groups[group].key, first: map.candidates[entry].id)) at \(entered) \(candidateName(map, entry))")
    }

    /// An arrow's candidates in the focused item's group, in and out of the cone.
    func focusCandidates(_ map: FocusMap, from focused: Int, heading: FocusHeading, key: Key) {
        guard let direction = heading.direction else { return }
        let origin = map.candidates[focused]
        var inside: [String] = [], outside: [String] = []
        for index in map.candidates.indices where index != focused && map.candidates[index].group == origin.group {
            let (along, across, distance) = map.offsets(of: index, from: focused, toward: direction)
            let entry = "\(candidateName(map, index)) (along \(TraceFormat.number(along)), across \(TraceFormat.number(across))"
            if along > 0 && along >= across {
                inside.append(entry + ", distance \(TraceFormat.number(distance)))")
            } else {
                outside.append(entry + ")")
            }
        }
        let chosen = map.candidate(from: focused, toward: direction).map { candidateName(map, $0) } ?? "none"
        let center = Point(x: origin.frame.midX, y: origin.frame.midY)
        record(.focusCandidates, key: key,
               "\(KeyCommand.describe(key)) from \(candidateName(map, focused)) at \(TraceFormat.point(center)), \(heading): in the cone "
               + (inside.isEmpty ? "none" : inside.joined(separator: ", "))
               + "; outside " + (outside.isEmpty ? "none" : outside.joined(separator: ", ")) + "; chosen \(chosen)")
    }

    private func candidateName(_ map: FocusMap, _ index: Int) -> String {
        name(of: map.view(at: index))
    }

    private func groupName(_ key: FocusGroupKey, first: ViewID) -> String {
        switch key {
        case .named(let name): "group \"\(name)\""
        case .view(let id), .started(by: let id): id == first ? "\(name(of: application.view(for: id)))'s own group" : "the group of \(name(of: application.view(for: id)))"
        }
    }
}

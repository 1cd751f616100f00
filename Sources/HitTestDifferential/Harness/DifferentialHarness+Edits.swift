import HitTestCore
import HitTestReference

// Applying an edit to both sides: the reference model predicts whether the engine must refuse it
// and with which error; the engine must then do exactly that.

extension DifferentialHarness {
    /// Applies `edit` to both sides. Returns a mismatch when the engine refused an edit it should
    /// have made, made one it should have refused, or refused with another error.
    public func apply(_ edit: Edit) -> Mismatch? {
        editLog.append(edit)
        let expected = expectedError(of: edit)
        let outcome: ViewStoreError?
        do {
            try applyToEngine(edit)
            outcome = nil
        } catch {
            outcome = error
        }
        guard outcome == expected else {
            return mismatch(query: "edit \(edit)",
                            engine: outcome.map { "threw \($0)" } ?? "succeeded",
                            reference: expected.map { "expects \($0)" } ?? "expects success")
        }
        if expected == nil { applyToReference(edit) }
        return nil
    }

    // MARK: The engine's expected refusal

    private func stale(_ key: Int) -> ViewStoreError? {
        isLive(key) ? nil : .staleHandle(engineIDs[key])
    }

    /// `ViewStore.checkedPair`'s checks, in its order.
    private func pairError(child: Int, parent: Int) -> ViewStoreError? {
        if let e = stale(child) ?? stale(parent) { return e }
        if windowKeys.contains(child) { return .windowCannotBeSubview(engineIDs[child]) }
        if referenceViews[parent]!.isDescendant(of: referenceViews[child]!) {
            return .cycle(view: engineIDs[child], parent: engineIDs[parent])
        }
        return nil
    }

    private func superviewError(_ key: Int) -> ViewStoreError? {
        if let e = stale(key) { return e }
        return referenceViews[key]!.superview == nil ? .notASubview(view: engineIDs[key], parent: nil) : nil
    }

    private func windowError(_ key: Int) -> ViewStoreError? {
        if let e = stale(key) { return e }
        return windowKeys.contains(key) ? nil : .notAWindow(engineIDs[key])
    }

    func expectedError(of edit: Edit) -> ViewStoreError? {
        switch edit {
        case .addSubview(let child, let parent):
            return pairError(child: child, parent: parent)
        case .insertSubview(let child, let parent, let index):
            if let e = pairError(child: child, parent: parent) { return e }
            let count = referenceViews[parent]!.subviews.filter { $0 !== referenceViews[child]! }.count
            return (0...count).contains(index) ? nil : .indexOutOfRange(index: index, count: count)
        case .insertAbove(let child, let sibling), .insertBelow(let child, let sibling):
            if let e = superviewError(sibling) { return e }
            return pairError(child: child, parent: referenceViews[sibling]!.superview!.id)
        case .removeFromSuperview(let key), .destroy(let key):
            return stale(key)
        case .bringToFront(let key), .sendToBack(let key):
            return superviewError(key)
        case .exchangeSubviews(let parent, let first, let second):
            if let e = stale(parent) { return e }
            let count = referenceViews[parent]!.subviews.count
            for index in [first, second] where !(0..<count).contains(index) {
                return .indexOutOfRange(index: index, count: count)
            }
            return nil
        case .setCenter(let key, _), .setBounds(let key, _), .setFrame(let key, _), .setTransform(let key, _),
             .setAnchorPoint(let key, _), .setFlag(let key, _, _), .setAlpha(let key, _),
             .setHitTestInsets(let key, _), .setMinimumHitSize(let key, _), .setPointInsideRule(let key, _),
             .setHitTestRule(let key, _):
            return stale(key)
        case .makeView, .makeWindow:
            return nil
        case .setWindowLevel(let key, _), .orderFront(let key):
            return windowError(key)
        }
    }

    // MARK: The engine

    private func applyToEngine(_ edit: Edit) throws(ViewStoreError) {
        let id = { (key: Int) in self.engineIDs[key] }
        switch edit {
        case .addSubview(let child, let parent): try store.addSubview(id(child), to: id(parent))
        case .insertSubview(let child, let parent, let index): try store.insertSubview(id(child), into: id(parent), at: index)
        case .insertAbove(let child, let sibling): try store.insertSubview(id(child), above: id(sibling))
        case .insertBelow(let child, let sibling): try store.insertSubview(id(child), below: id(sibling))
        case .removeFromSuperview(let key): try store.removeFromSuperview(id(key))
        case .bringToFront(let key): try store.bringToFront(id(key))
        case .sendToBack(let key): try store.sendToBack(id(key))
        case .exchangeSubviews(let parent, let first, let second): try store.exchangeSubviews(of: id(parent), at: first, second)
        case .destroy(let key): try store.destroy(id(key))
        case .setCenter(let key, let value): try store.setCenter(value, of: id(key))
        case .setBounds(let key, let value): try store.setBounds(value, of: id(key))
        case .setFrame(let key, let value): try store.setFrame(value, of: id(key))
        case .setTransform(let key, let value): try store.setTransform(value, of: id(key))
        case .setAnchorPoint(let key, let value): try store.setAnchorPoint(value, of: id(key))
        case .setFlag(let key, let flag, let value): try store.setFlag(flag, value, of: id(key))
        case .setAlpha(let key, let value): try store.setAlpha(value, of: id(key))
        case .setHitTestInsets(let key, let value): try store.setHitTestInsets(value, of: id(key))
        case .setMinimumHitSize(let key, let value): try store.setMinimumHitSize(value, of: id(key))
        case .setPointInsideRule(let key, let rule):
            // Both sides at once (the closures must be the same); refusals are checked first.
            if let e = stale(key) { throw e }
            setPointInsideRule(rule, of: key)
        case .setHitTestRule(let key, let rule):
            if let e = stale(key) { throw e }
            setHitTestRule(rule, of: key)
        case .makeView(let attributes):
            setAttributes(attributes, of: addView())
        case .makeWindow(let level, let attributes):
            setAttributes(attributes, of: addWindow(level: level))
        case .setWindowLevel(let key, let level): try store.setWindowLevel(level, of: id(key))
        case .orderFront(let key): try store.orderFront(id(key))
        }
    }

    // MARK: The reference

    private func applyToReference(_ edit: Edit) {
        let view = { (key: Int) in self.referenceViews[key]! }
        switch edit {
        case .addSubview(let child, let parent):
            view(parent).addSubview(view(child))
        case .insertSubview(let child, let parent, let index):
            view(parent).insertSubview(view(child), at: index)
        case .insertAbove(let child, let sibling), .insertBelow(let child, let sibling):
            guard child != sibling else { return }
            let parent = view(sibling).superview!
            view(child).removeFromSuperview()
            let position = parent.subviews.firstIndex { $0 === view(sibling) }!
            if case .insertAbove = edit {
                parent.insertSubview(view(child), at: position + 1)
            } else {
                parent.insertSubview(view(child), at: position)
            }
        case .removeFromSuperview(let key):
            view(key).removeFromSuperview()
        case .bringToFront(let key):
            view(key).superview!.addSubview(view(key))
        case .sendToBack(let key):
            view(key).superview!.insertSubview(view(key), at: 0)
        case .exchangeSubviews(let parent, let first, let second):
            var order = view(parent).subviews
            order.swapAt(first, second)
            for subview in order { view(parent).addSubview(subview) }
        case .destroy(let key):
            let root = view(key)
            root.removeFromSuperview()
            screen.windows.removeAll { $0.window === root }
            var pending = [root]
            while let next = pending.popLast() {
                pending.append(contentsOf: next.subviews)
                referenceViews[next.id] = nil
            }
            liveKeys.removeAll { referenceViews[$0] == nil }
        case .setCenter(let key, let value): view(key).center = value
        case .setBounds(let key, let value): view(key).bounds = value
        case .setFrame(let key, let value): view(key).setFrame(value)
        case .setTransform(let key, let value): view(key).transform = value
        case .setAnchorPoint(let key, let value): view(key).anchorPoint = value
        case .setFlag(let key, let flag, let value):
            switch flag {
            case .hidden:
                // A hidden window shown again comes in front of its level (Behaviour A2).
                if !value, view(key).isHidden, let index = screen.windows.firstIndex(where: { $0.window === view(key) }) {
                    screen.windows.append(screen.windows.remove(at: index))
                }
                view(key).isHidden = value
            case .userInteractionEnabled: view(key).isUserInteractionEnabled = value
            case .passThrough: view(key).passThrough = value
            case .hitsOutsideBounds: view(key).hitsOutsideBounds = value
            case .redirectsToSuperview: view(key).redirectsToSuperview = value
            // No effect on hit testing (Behaviour A2): the reference has no such property.
            case .clipsToBounds, .multipleTouchEnabled, .exclusiveTouch: break
            }
        case .setAlpha(let key, let value): view(key).alpha = value
        case .setHitTestInsets(let key, let value): view(key).hitTestInsets = value
        case .setMinimumHitSize(let key, let value): view(key).minimumHitSize = value
        case .setPointInsideRule, .setHitTestRule, .makeView, .makeWindow:
            break  // done on both sides by `applyToEngine`
        case .setWindowLevel(let key, let level):
            if let index = screen.windows.firstIndex(where: { $0.window === view(key) }) {
                screen.windows[index].level = level
            }
        case .orderFront(let key):
            if let index = screen.windows.firstIndex(where: { $0.window === view(key) }) {
                screen.windows.append(screen.windows.remove(at: index))
            }
        }
    }
}

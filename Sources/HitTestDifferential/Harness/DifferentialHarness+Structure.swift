import HitTestCore
import HitTestReference

// Comparing the two hierarchies: all of it, or only what one edit can have changed (the fuzzer
// checks each edit's footprint at once and the whole forest once per input, instead of the whole
// forest after every edit).

extension DifferentialHarness {
    /// Compares the two hierarchies: every live view's superview and subviews, and the windows'
    /// front-to-back order.
    public func checkStructure() -> Mismatch? {
        if let mismatch = checkWindowOrder() { return mismatch }
        for key in liveKeys {
            if let mismatch = checkLinks(of: key) { return mismatch }
        }
        return nil
    }

    /// Applies `edit` to both sides, then compares the superview and subviews of every view the
    /// edit names, of their superviews before and after it, and the windows' order when the edit
    /// can change it. Together with one ``checkStructure()`` at the end, this catches every
    /// structural difference an edit makes, where it is made.
    public func applyAndCheckFootprint(_ edit: Edit) -> Mismatch? {
        var keys: [Int] = [], windows = false
        switch edit {
        case .addSubview(let child, let parent), .insertSubview(let child, let parent, _):
            keys = [child, parent]
        case .insertAbove(let child, let sibling), .insertBelow(let child, let sibling):
            keys = [child, sibling]
        case .removeFromSuperview(let key), .bringToFront(let key), .sendToBack(let key),
             .exchangeSubviews(let key, _, _):
            keys = [key]
        case .destroy(let key):
            keys = [key]
            windows = true
        case .makeView:
            keys = [referenceViews.count]
        case .makeWindow:
            keys = [referenceViews.count]
            windows = true
        case .setWindowLevel, .orderFront:
            windows = true
        case .setCenter, .setBounds, .setFrame, .setTransform, .setAnchorPoint, .setFlag, .setAlpha,
             .setHitTestInsets, .setMinimumHitSize, .setPointInsideRule, .setHitTestRule:
            break
        }
        let superviewsBefore = keys.compactMap(superviewKey(of:))
        if let mismatch = apply(edit) { return mismatch }
        if windows, let mismatch = checkWindowOrder() { return mismatch }
        let superviewsAfter = keys.compactMap(superviewKey(of:))
        for key in keys + superviewsBefore + superviewsAfter where isLive(key) {
            if let mismatch = checkLinks(of: key) { return mismatch }
        }
        return nil
    }

    /// The key of the reference superview of `key`, if it is live and has one.
    private func superviewKey(of key: Int) -> Int? {
        isLive(key) ? referenceViews[key]!.superview?.id : nil
    }

    private func checkWindowOrder() -> Mismatch? {
        let engineWindows = store.windows.map(key(of:))
        let referenceWindows = screen.frontToBack.map(\.id)
        guard engineWindows != referenceWindows else { return nil }
        return mismatch(query: "windows front to back", engine: "\(engineWindows)", reference: "\(referenceWindows)")
    }

    /// Compares the superview and subviews of the live view `key`.
    private func checkLinks(of key: Int) -> Mismatch? {
        let id = engineIDs[key], view = referenceViews[key]!
        let engineSubviews = (try? store.subviews(of: id))?.map(self.key(of:))
        let engineSuperview = (try? store.superview(of: id)).map(self.key(of:))
        guard engineSubviews != view.subviews.map(\.id) || engineSuperview != view.superview?.id else { return nil }
        return mismatch(query: "superview and subviews of view \(key)",
                        engine: "\(String(describing: engineSuperview)) \(String(describing: engineSubviews))",
                        reference: "\(String(describing: view.superview?.id)) \(view.subviews.map(\.id))")
    }
}

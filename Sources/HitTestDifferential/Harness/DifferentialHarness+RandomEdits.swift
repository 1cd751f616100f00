import HitTestCore

// Random edits, mostly valid, with a share of the invalid ones the engine must refuse: cycles,
// windows as subviews, stale handles and indices out of range.

extension DifferentialHarness {
    /// A random edit of the current forest.
    public func randomEdit<Source: EntropySource>(using source: inout Source) -> Edit {
        let live = liveKeys
        let all = referenceViews.count
        guard !live.isEmpty else {
            return .makeWindow(level: ViewAttributes.randomWindowLevel(using: &source),
                               ViewAttributes.randomWindow(using: &source, keyCount: all))
        }
        // A live key mostly; a destroyed one (a stale handle) now and then.
        func key(_ source: inout Source) -> Int {
            source.chance(0.93) ? source.pick(live) : source.int(below: all)
        }
        func childIndex(of parent: Int, _ source: inout Source) -> Int {
            let count = referenceViews[parent]?.subviews.count ?? 0
            return source.chance(0.9) ? source.int(in: 0...count) : source.pick([-1, count + 1, count + 5])
        }
        let k = key(&source)
        switch source.int(below: 25) {
        case 0, 1, 2: return .addSubview(child: k, parent: key(&source))
        case 3: let p = key(&source); return .insertSubview(child: k, parent: p, index: childIndex(of: p, &source))
        case 4: return .insertAbove(child: k, sibling: key(&source))
        case 5: return .insertBelow(child: k, sibling: key(&source))
        case 6: return .removeFromSuperview(k)
        case 7: return .bringToFront(k)
        case 8: return .sendToBack(k)
        case 9: return .exchangeSubviews(parent: k, childIndex(of: k, &source), childIndex(of: k, &source))
        case 10: return .destroy(k)
        case 11: return .setCenter(k, ViewAttributes.randomCenter(using: &source, in: referenceViews[k]?.superview?.bounds ?? Rect(0, 0, 300, 300)))
        case 12: return .setBounds(k, ViewAttributes.randomBounds(using: &source))
        case 13: return .setFrame(k, Rect(source.grid(-40...400), source.grid(-40...400), source.grid(-10...300), source.grid(-10...300)))
        case 14: return .setTransform(k, source.chance(0.3) ? .identity : ViewAttributes.randomTransform(using: &source))
        case 15: return .setAnchorPoint(k, ViewAttributes.randomAnchorPoint(using: &source))
        case 16, 17: return .setFlag(k, source.pick(ViewStore.Flag.allCases), source.chance(0.5))
        case 18: return .setAlpha(k, source.pick([0, 0.009, 0.01, 0.5, 1, .nan]))
        case 19:
            return source.chance(0.5) ? .setHitTestInsets(k, source.chance(0.3) ? .zero : ViewAttributes.randomInsets(using: &source))
                : .setMinimumHitSize(k, source.chance(0.3) ? .zero : ViewAttributes.randomMinimumSize(using: &source))
        case 20:
            var a = ViewAttributes()
            ViewAttributes.randomizeFlags(&a, using: &source, keyCount: all)
            return source.chance(0.5) ? .setPointInsideRule(k, source.chance(0.3) ? nil : a.pointInsideRule)
                : .setHitTestRule(k, source.chance(0.3) ? nil : ViewAttributes.randomHitTestRule(using: &source, keyCount: all))
        case 21:
            let parentBounds = referenceViews[k]?.bounds ?? Rect(0, 0, 300, 300)
            return .makeView(ViewAttributes.random(using: &source, parentBounds: parentBounds, keyCount: all))
        case 22:
            return .makeWindow(level: ViewAttributes.randomWindowLevel(using: &source),
                               ViewAttributes.randomWindow(using: &source, keyCount: all))
        case 23: return .setWindowLevel(k, ViewAttributes.randomWindowLevel(using: &source))
        default: return .orderFront(k)
        }
    }
}

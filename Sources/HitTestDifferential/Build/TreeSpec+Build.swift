import HitTestCore
import HitTestReference

// Building a spec into one engine alone (the benchmarks time each side on its own); the
// differential harness builds both at once with ``DifferentialHarness/init(spec:)``.

extension TreeSpec {
    /// Builds the forest into a new store; `ids[key]` is node `key`'s handle.
    public func buildEngine() -> (store: ViewStore, ids: [ViewID]) {
        let store = ViewStore(capacity: Swift.max(nodes.count, 1))
        var ids: [ViewID] = []
        ids.reserveCapacity(nodes.count)
        for node in nodes {
            let id = node.isWindow && node.parent == nil
                ? try! store.makeWindow(level: node.windowLevel) : try! store.makeView()
            if let parent = node.parent { try! store.addSubview(id, to: ids[parent]) }
            ids.append(id)
        }
        for (key, node) in nodes.enumerated() { try! store.setAttributes(node.attributes, of: ids[key], keys: ids) }
        return (store, ids)
    }

    /// Builds the forest into new reference views; `views[key]` is node `key`'s view (its
    /// ``ReferenceView/id`` is `key`). Windows are shown in node order.
    public func buildReference() -> (screen: ReferenceScreen, views: [ReferenceView]) {
        var screen = ReferenceScreen()
        let views = nodes.indices.map { ReferenceView(id: $0) }
        for (key, node) in nodes.enumerated() {
            if let parent = node.parent {
                views[parent].addSubview(views[key])
            } else if node.isWindow {
                screen.windows.append((window: views[key], level: node.windowLevel))
            }
        }
        // Weak: a fixed answer must not keep its target alive (a view answering itself would
        // never be freed).
        let weakViews = views.map(WeakReferenceView.init)
        let lookup: (Int) -> ReferenceView? = { key in
            key >= 0 && key < weakViews.count ? weakViews[key].view : nil
        }
        for (key, node) in nodes.enumerated() { views[key].setAttributes(node.attributes, view: lookup) }
        return (screen, views)
    }
}

/// A weak reference to a reference view.
private final class WeakReferenceView {
    weak var view: ReferenceView?

    init(_ view: ReferenceView) {
        self.view = view
    }
}

/// A window's focusable views, their groups and their reading order, as Behaviour A10 defines
/// them, found afresh for each focus key: what Tab and the arrows choose from.
///
/// One object per application, its lists kept with their capacity, so a focus key allocates
/// nothing once warm.
final class FocusMap {
    /// A focusable view.
    struct Candidate {
        let view: View
        /// Its frame in window coordinates: the bounding box of its bounds converted to the window.
        let frame: Rect
        /// Its group's index in ``groups``.
        let group: Int
        /// Its place in tree order (a view before its subviews, subviews back-most first).
        let order: Int

        var center: Point { Point(x: frame.midX, y: frame.midY) }

        /// Whether this comes before `other` in reading order: by the frame's minimum y, then
        /// its minimum x, then tree order.
        func readsBefore(_ other: Candidate) -> Bool {
            if frame.minY != other.frame.minY { return frame.minY < other.frame.minY }
            if frame.minX != other.frame.minX { return frame.minX < other.frame.minX }
            return order < other.order
        }
    }

    /// A group, with its first candidate in reading order (-1 while it has none).
    struct Group {
        let key: FocusGroupKey
        var first: Int
    }

    private(set) var candidates: [Candidate] = []
    private(set) var groups: [Group] = []
    /// The indices of the groups that have a candidate, in reading order of their first items.
    private(set) var groupOrder: [Int] = []
    /// The walk's stack: a view and the index of the group it inherits (-1: none).
    private var stack: [(id: ViewID, group: Int)] = []
    private var subviews: [ViewID] = []

    /// Finds `window`'s focusable views.
    func build(for window: Window) {
        candidates.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        groupOrder.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        guard let application = window.application else { return }
        let store = window.store
        guard View.isShownAndInteractive(window.id, in: store) else { return }
        let windowGroup = window.ownFocusGroupIdentifier.map { group(for: .named($0)) } ?? -1
        pushSubviews(of: window.id, group: windowGroup, store: store)
        var order = 0
        while let (id, inherited) = stack.popLast() {
            // A hidden, transparent or non-interactive view hides its whole subtree from focus.
            guard View.isShownAndInteractive(id, in: store), let view = application.view(for: id) else { continue }
            var own = inherited
            if let name = view.ownFocusGroupIdentifier {
                own = group(for: .named(name))
            } else if view is ScrollView {
                own = group(for: .view(id))
            }
            if view.canBecomeFocused {
                let group = own >= 0 ? own : self.group(for: .view(id))
                let frame = view.convert(view.bounds, to: window)
                candidates.append(Candidate(view: view, frame: frame, group: group, order: order))
                let index = candidates.count - 1
                if groups[group].first < 0 || candidates[index].readsBefore(candidates[groups[group].first]) {
                    groups[group].first = index
                }
            }
            order += 1
            pushSubviews(of: id, group: own, store: store)
        }
        for index in groups.indices where groups[index].first >= 0 {
            let first = candidates[groups[index].first]
            // Insertion into a list kept sorted: there are few groups.
            var position = groupOrder.count
            while position > 0 && first.readsBefore(candidates[groups[groupOrder[position - 1]].first]) { position -= 1 }
            groupOrder.insert(index, at: position)
        }
    }

    /// Pushes `id`'s subviews so that the back-most is visited first.
    private func pushSubviews(of id: ViewID, group: Int, store: ViewStore) {
        subviews.removeAll(keepingCapacity: true)
        try? store.appendSubviews(of: id, to: &subviews)
        for subview in subviews.reversed() { stack.append((subview, group)) }
    }

    /// The index of the group `key`, added when new.
    private func group(for key: FocusGroupKey) -> Int {
        if let index = groups.firstIndex(where: { $0.key == key }) { return index }
        groups.append(Group(key: key, first: -1))
        return groups.count - 1
    }

    /// The candidate index of `view`, if it is focusable.
    func candidate(of view: View) -> Int? {
        candidates.firstIndex { $0.view === view }
    }

    /// The group after (or before) the one of candidate `index` in reading order, wrapping;
    /// with no index, the first (or last) group.
    func neighbourGroup(of index: Int?, forward: Bool) -> Int? {
        guard !groupOrder.isEmpty else { return nil }
        guard let index, let position = groupOrder.firstIndex(of: candidates[index].group) else {
            return forward ? groupOrder.first : groupOrder.last
        }
        let count = groupOrder.count
        return groupOrder[(position + (forward ? 1 : count - 1)) % count]
    }

    /// The candidate an arrow moves to from candidate `index` (Behaviour A10): in the same
    /// group, its centre in the 90° cone of `direction` (the offset along it above 0 and at least
    /// the offset across it), nearest by straight-line distance, ties in reading order.
    func candidate(from index: Int, toward direction: (x: Double, y: Double)) -> Int? {
        let origin = candidates[index].center, group = candidates[index].group
        var best: (index: Int, distance: Double)?
        for (other, candidate) in candidates.enumerated() where other != index && candidate.group == group {
            let offset = (x: candidate.center.x - origin.x, y: candidate.center.y - origin.y)
            let along = offset.x * direction.x + offset.y * direction.y
            let across = abs(offset.x * direction.y - offset.y * direction.x)
            guard along > 0, along >= across else { continue }
            let distance = offset.x * offset.x + offset.y * offset.y  // squared: exact ties stay ties
            if let current = best {
                if distance > current.distance { continue }
                if distance == current.distance && !candidate.readsBefore(candidates[current.index]) { continue }
            }
            best = (other, distance)
        }
        return best?.index
    }

    /// The offsets the trace reports for candidate `other` seen from `index` toward `direction`.
    func offsets(of other: Int, from index: Int, toward direction: (x: Double, y: Double)) -> (along: Double, across: Double, distance: Double) {
        let origin = candidates[index].center, center = candidates[other].center
        let offset = (x: center.x - origin.x, y: center.y - origin.y)
        let along = offset.x * direction.x + offset.y * direction.y
        let across = abs(offset.x * direction.y - offset.y * direction.x)
        return (along, across, (offset.x * offset.x + offset.y * offset.y).squareRoot())
    }
}

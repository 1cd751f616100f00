/// A window's focusable views, their groups and their reading order, as Behaviour A10 defines
/// them, found afresh for each focus key: what Tab and the arrows choose from.
///
/// One object per application, its lists kept with their capacity, so a focus key allocates
/// nothing once warm.
final class FocusMap {
    /// A focusable view (by id: the map keeps no view alive, and holds no reference per view).
    struct Candidate {
        let id: ViewID
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
        var key: FocusGroupKey
        var first: Int
    }

    /// The last walk's results and its reused lists.
    private var walk = Walk()
    /// The table of the application's views the last map was built from.
    private var context: ViewContext?

    var candidates: [Candidate] { walk.candidates }
    var groups: [Group] { walk.groups }
    /// The indices of the groups that have a candidate, in reading order of their first items.
    var groupOrder: [Int] { walk.groupOrder }

    /// Finds `window`'s focusable views. The walk is a value taken out of the object while it
    /// runs: its lists, changed at every step, are then checked for exclusive access once, not
    /// at every change.
    func build(for window: Window) {
        var walk = Walk()
        swap(&walk, &self.walk)
        walk.reset()
        context = window.context
        if window.application != nil { walk.run(from: window) }
        swap(&walk, &self.walk)
    }

    /// The view of candidate `index`.
    func view(at index: Int) -> View? {
        context?.view(for: walk.candidates[index].id)
    }

    /// One walk down a window's tree (pre-order: a view before its subviews, subviews
    /// back-most first), skipping hidden, transparent and non-interactive subtrees, carrying each
    /// view's group and its map to the window's coordinates.
    private struct Walk {
        var candidates: [Candidate] = []
        var groups: [Group] = []
        var groupOrder: [Int] = []
        /// The subviews of the views being walked, one run per level of ``levels``, back-most
        /// first.
        private var pending: [ViewID] = []
        /// The levels of the walk under way, the deepest last: each one's run of subviews in
        /// ``pending``, the next to visit, the group they inherit (-1: none) and the map from
        /// their superview's coordinates to the window's.
        private var levels: [Level] = []
        /// The group of each identifier met.
        private var groupIndexByName: [String: Int] = [:]
        /// Whether an identifier met is a scroll view's default one (``View/startedGroupIdentifier(row:)``),
        /// which the scroll views met afterwards look for.
        private var namesStartedGroups = false

        private struct Level {
            let start: Int
            let end: Int
            var next: Int
            let group: Int
            let superviewToWindow: AffineTransform
        }

        /// Empties every list, keeping its capacity.
        mutating func reset() {
            candidates.removeAllKeepingCapacity()
            groups.removeAllKeepingCapacity()
            groupOrder.removeAllKeepingCapacity()
            pending.removeAllKeepingCapacity()
            levels.removeAllKeepingCapacity()
            groupIndexByName.removeAllKeepingCapacity()
            namesStartedGroups = false
        }

        /// The group `view` starts (``View/focusGroupIdentifier``'s rule: the identifier set on
        /// it, else itself when its class starts one, as a scroll view's does), or `nil` when it
        /// takes its superview's. Asked of every view walked, so no key value is built for the
        /// usual answer.
        @inline(__always)
        private mutating func ownGroup(of view: View) -> Int? {
            if let name = view.ownFocusGroupIdentifier { return group(for: .named(name)) }
            return type(of: view).startsFocusGroup ? group(for: .started(by: view.id)) : nil
        }

        mutating func run(from window: Window) {
            let context = window.context, store = window.store
            guard (try? store.visibleStep(of: window.id, appendingSubviewsTo: &pending)) != nil else { return }
            enterSubviews(from: 0, group: ownGroup(of: window) ?? -1,
                          toWindow: .identity)
            var order = 0
            // The deepest level is taken out while its views are visited, and put back under its
            // first subview's level when one of them has subviews.
            walking: while var level = levels.popLast() {
                while level.next < level.end {
                    let id = pending[level.next], subviewsStart = pending.count
                    level.next += 1
                    // A hidden, transparent or non-interactive view hides its whole subtree from focus.
                    guard let step = try? store.visibleStep(of: id, appendingSubviewsTo: &pending) else { continue }
                    guard let view = context.view(for: id) else {
                        pending.removeLast(pending.count - subviewsStart)
                        continue
                    }
                    let hasSubviews = pending.count > subviewsStart
                    let toWindow = FocusMap.map(step.toSuperview, then: level.superviewToWindow)
                    // A scroll view starts a group even as a leaf inside a named one.
                    let own = ownGroup(of: view) ?? level.group
                    if view.canBecomeFocused {
                        let candidateGroup = own >= 0 ? own : group(for: .view(id))
                        candidates.append(Candidate(id: id, frame: FocusMap.boundingBox(of: step.bounds, under: toWindow),
                                                    group: candidateGroup, order: order))
                        let index = candidates.count - 1, first = groups[candidateGroup].first
                        if first < 0 || candidates[index].readsBefore(candidates[first]) { groups[candidateGroup].first = index }
                    }
                    order += 1
                    if hasSubviews {
                        levels.append(level)
                        levels.append(Level(start: subviewsStart, end: pending.count, next: subviewsStart, group: own,
                                            superviewToWindow: toWindow))
                        continue walking
                    }
                }
                // The level's views are done: their run is the last in the list.
                pending.removeLast(level.end - level.start)
            }
            for index in groups.indices where groups[index].first >= 0 {
                let first = candidates[groups[index].first]
                // Insertion into a list kept sorted: there are few groups.
                var position = groupOrder.count
                while position > 0 && first.readsBefore(candidates[groups[groupOrder[position - 1]].first]) { position -= 1 }
                groupOrder.insert(index, at: position)
            }
        }

        /// Makes the subviews listed in ``pending`` from `start` on the next level to visit.
        private mutating func enterSubviews(from start: Int, group: Int, toWindow: AffineTransform) {
            guard pending.count > start else { return }
            levels.append(Level(start: start, end: pending.count, next: start, group: group, superviewToWindow: toWindow))
        }

        /// The index of the group `key`, added when new.
        private mutating func group(for key: FocusGroupKey) -> Int {
            switch key {
            case .named(let name):
                // One lookup for a new name (the usual case: an identifier is set on one container).
                if let index = groupIndexByName.updateValue(groups.count, forKey: name) {
                    groupIndexByName[name] = index
                    return index
                }
                // A scroll view's default identifier set on another view: that scroll view's
                // group, if it was met already (else the scroll view will look for the name).
                if let row = View.row(inStartedGroupIdentifier: name) {
                    namesStartedGroups = true
                    if let index = groups.lastIndex(where: { if case .started(let id) = $0.key { id.index == row } else { false } }) {
                        groupIndexByName[name] = index
                        return index
                    }
                }
            case .started(let id):
                if let index = groups.lastIndex(where: { $0.key == key }) { return index }
                if namesStartedGroups, let index = groupIndexByName[View.startedGroupIdentifier(row: id.index)] {
                    groups[index].key = key  // one key for the group, whichever of its views came first
                    return index
                }
            case .view:
                if let index = groups.lastIndex(where: { $0.key == key }) { return index }
            }
            groups.append(Group(key: key, first: -1))
            return groups.count - 1
        }
    }

    /// `first` then `second`: with two translations (most views: no transform, no bounds
    /// origin) a sum, else the whole product.
    @inline(__always)
    fileprivate static func map(_ first: AffineTransform, then second: AffineTransform) -> AffineTransform {
        guard first.isTranslation && second.isTranslation else { return first.concatenating(second) }
        return AffineTransform(translationX: first.tx + second.tx, y: first.ty + second.ty)
    }

    /// The bounding box of `rect`'s corners mapped by `map` (Behaviour A1's rect conversion).
    @inline(__always)
    fileprivate static func boundingBox(of rect: Rect, under map: AffineTransform) -> Rect {
        // No rotation or skew (the usual case): two corners give the box.
        if map.b == 0 && map.c == 0 {
            let x0 = map.a * rect.minX + map.tx, x1 = map.a * rect.maxX + map.tx
            let y0 = map.d * rect.minY + map.ty, y1 = map.d * rect.maxY + map.ty
            return Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        }
        return rect.applying(map)
    }

    /// The candidate index of `view`, if it is focusable.
    func candidate(of view: View) -> Int? {
        candidates.firstIndex { $0.id == view.id }
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
        let candidates = walk.candidates  // one read of the stored list, not one per step
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

private extension AffineTransform {
    /// Whether the map only moves points (no scale, rotation or skew).
    var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
}

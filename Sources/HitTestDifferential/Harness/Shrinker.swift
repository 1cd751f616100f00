/// Makes a mismatch smaller: drops whole subtrees (windows included) of a static forest, or edits
/// of an edit sequence, one at a time for as long as the same query still disagrees.
public enum Shrinker {
    /// A reproduction of `mismatch` (found with `query` after `mismatch.edits`) with as few edits
    /// as it takes, or `nil` when it does not reproduce on a fresh replay. Edits that create views
    /// stay (dropping one would renumber the keys after it); so does every edit the replay needs.
    /// `makeHarness` builds each candidate (tests use it to plant a known difference).
    public static func shrinkEdits(_ mismatch: Mismatch, query: Query,
                                   makeHarness: (TreeSpec) -> DifferentialHarness = DifferentialHarness.init(spec:))
        -> Mismatch?
    {
        func replay(_ edits: [Edit]) -> Mismatch? {
            let harness = makeHarness(mismatch.spec)
            for edit in edits where harness.apply(edit) != nil { return nil }
            return harness.check(query)
        }
        var edits = mismatch.edits
        guard var best = replay(edits) else { return nil }
        var index = edits.count - 1
        while index >= 0 {
            switch edits[index] {
            case .makeView, .makeWindow: break
            default:
                var fewer = edits
                fewer.remove(at: index)
                if let found = replay(fewer) {
                    edits = fewer
                    best = found
                }
            }
            index -= 1
        }
        return best
    }

    /// A smaller reproduction of `mismatch` (found with `query` on a forest with no edits), or
    /// `nil` when it has edits or does not reproduce on a fresh build.
    public static func shrink(_ mismatch: Mismatch, query: Query,
                              makeHarness: (TreeSpec) -> DifferentialHarness = DifferentialHarness.init(spec:))
        -> Mismatch?
    {
        guard mismatch.edits.isEmpty else { return nil }
        var spec = mismatch.spec, query = query
        guard var best = makeHarness(spec).check(query) else { return nil }
        var progress = true
        while progress {
            progress = false
            // Back to front, so that removing a node keeps the earlier candidates' keys.
            for key in spec.nodes.indices.reversed() where key < spec.nodes.count {
                let (smaller, newKeys) = spec.removingSubtree(at: key)
                guard let movedQuery = query.remapped(newKeys),
                      let found = makeHarness(smaller).check(movedQuery) else { continue }
                spec = smaller
                query = movedQuery
                best = found
                progress = true
            }
        }
        return best
    }
}

extension Query {
    /// The query with its keys renumbered, or `nil` when it names a removed view.
    func remapped(_ newKeys: [Int?]) -> Query? {
        func move(_ key: Int?) -> Int?? {
            guard let key else { return .some(nil) }
            guard key >= 0, key < newKeys.count, let moved = newKeys[key] else { return nil }
            return .some(moved)
        }
        switch self {
        case .screenHitTest: return self
        case .hitTest(let p, let key):
            guard let moved = move(key), let moved else { return nil }
            return .hitTest(p, inView: moved)
        case .pointInside(let p, let key):
            guard let moved = move(key), let moved else { return nil }
            return .pointInside(p, inView: moved)
        case .convertPoint(let p, let from, let to):
            guard let a = move(from), let b = move(to) else { return nil }
            return .convertPoint(p, from: a, to: b)
        case .convertRect(let r, let from, let to):
            guard let a = move(from), let b = move(to) else { return nil }
            return .convertRect(r, from: a, to: b)
        }
    }
}

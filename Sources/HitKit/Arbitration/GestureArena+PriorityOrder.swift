// Rule d's priority order (Behaviour A4 d), kept by insertion: a list is put in order as its
// entries arrive, each compared with those before it only until its place is found. A list
// that arrives in order (the usual case: a touch lists its recognizers in priority order) costs
// one comparison an entry, and a comparison reads the recognizers' views only when two depths tie.

/// Insertion into a list kept in an order given by `comesBefore`.
enum PriorityOrder {
    /// Appends `element` to `list` (in order), then moves it before every element it comes
    /// before, stopping at the first it does not: equal elements keep their arrival order.
    ///
    /// Inserting a list's elements one by one in their order gives what the standard library's
    /// stable sort gives with `comesBefore`, the arrival order breaking ties (for lists under 64
    /// elements, which the library sorts by this same insertion, even when `comesBefore` is not
    /// transitive, as rule d's is not across views; `PriorityOrderTests` checks it).
    static func insert<Element>(_ element: Element, into list: inout [Element],
                                comesBefore: (Element, Element) -> Bool) {
        list.append(element)
        moveUp(list.count - 1, in: &list, comesBefore: comesBefore)
    }

    /// Puts `list` in order, as inserting its elements one by one in their order would.
    static func order<Element>(_ list: inout [Element], comesBefore: (Element, Element) -> Bool) {
        guard list.count > 1 else { return }
        for end in 1..<list.count { moveUp(end, in: &list, comesBefore: comesBefore) }
    }

    /// Moves the element at `index` before every element it comes before, the elements before
    /// `index` being in order.
    private static func moveUp<Element>(_ index: Int, in list: inout [Element],
                                        comesBefore: (Element, Element) -> Bool) {
        var index = index
        while index > 0 && comesBefore(list[index], list[index - 1]) {
            list.swapAt(index, index - 1)
            index -= 1
        }
    }
}

extension GestureArena {
    /// Rule d: whether `a` goes before `b`: its view is deeper, or both are of one view and `a`
    /// was added to it later (a higher index in the view's list). Otherwise neither goes first,
    /// and they keep the order they arrived in.
    static func comesBefore(_ a: ArenaEntry, _ b: ArenaEntry) -> Bool {
        if a.priorityDepth != b.priorityDepth { return a.priorityDepth > b.priorityDepth }
        guard let first = a.recognizer, let second = b.recognizer else { return false }
        return isLaterOnOneView(first, than: second)
    }

    /// Rule d for two recognizers that need not be in the arena (the owners of timers due
    /// together, Behaviour A3): by the depths their views had at their last walk.
    static func comesBefore(_ first: GestureRecognizer, _ second: GestureRecognizer) -> Bool {
        if first.lastPriorityDepth != second.lastPriorityDepth { return first.lastPriorityDepth > second.lastPriorityDepth }
        return isLaterOnOneView(first, than: second)
    }

    /// Whether both are of one view and `first` was added to it later.
    private static func isLaterOnOneView(_ first: GestureRecognizer, than second: GestureRecognizer) -> Bool {
        // A recognizer with no view (detached) has index 0, as does one that left the arena.
        // One view by its id (a freed view's too: its recognizers then both have index 0), without
        // looking the objects up.
        guard first.fenced.viewLink?.id == second.fenced.viewLink?.id, let view = first.view else { return false }
        // Their indices in one read of the view's list.
        let list = view.attachedRecognizers
        return (list.firstIndex { $0 === first } ?? 0) > (list.firstIndex { $0 === second } ?? 0)
    }

    /// Inserts `entry` into `list`, which is in rule d's priority order.
    func insertInPriorityOrder(_ entry: ArenaEntry, into list: inout [ArenaEntry]) {
        PriorityOrder.insert(entry, into: &list, comesBefore: Self.comesBefore)
    }
}

/// Lists kept with their capacity from frame to frame, so a frame's working lists allocate
/// nothing once warm (a frame must not allocate: Docs/Performance.md). A list is taken out while in use — a nested frame started from
/// a responder takes another — and given back emptied.
struct ScratchPool<Element> {
    private var spare: [[Element]] = []

    /// An empty list, with the capacity an earlier frame gave it.
    mutating func take() -> [Element] {
        spare.popLast() ?? []
    }

    /// Gives `list` back for a later frame; `list` is left empty. It is emptied while it is the
    /// only reference to its buffer, so its capacity is kept rather than copied.
    mutating func give(_ list: inout [Element]) {
        list.empty()
        spare.append(list)
        list = []
    }
}

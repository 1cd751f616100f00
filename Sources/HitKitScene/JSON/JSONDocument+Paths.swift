/// Paths of nodes, rebuilt from the flat document: a loader keeps a node index where it would
/// otherwise keep a ``JSONPath`` per value (a path is an allocation per step), and asks for the
/// path only when a message needs it.
extension JSONDocument {
    /// The path of value node `target`, which lies inside value node `start` whose path is
    /// `startPath`. Walks down from `start` skipping whole siblings: O(depth × siblings).
    func path(to target: Int, from start: Int, at startPath: JSONPath) -> JSONPath {
        var path = startPath
        var current = start
        while current != target {
            guard current < target, target < end(of: current) else { return path }  // not inside
            switch nodes[current].kind {
            case .array:
                var element = current + 1, index = 0
                while end(of: element) <= target {
                    element = end(of: element)
                    index += 1
                }
                path = path / index
                current = element
            case .object:
                var key = current + 1  // a member is its key node, then its value
                while end(of: key + 1) <= target { key = end(of: key + 1) }
                path = path / string(at: key)
                current = key + 1
            default:
                return path
            }
        }
        return path
    }
}

/// Questions about an object's keys asked of the flat document, without making a value per member.
extension JSONDocument {
    /// How many objects within value node `container` (itself included) have a member `key`.
    func objectCount(within container: Int, havingKey key: String) -> Int {
        var count = 0
        for index in container..<end(of: container) where nodes[index].kind == .object && hasMember(key, in: index) {
            count += 1
        }
        return count
    }

    /// Whether object node `object` has a member `key`.
    func hasMember(_ key: String, in object: Int) -> Bool {
        var member = object + 1  // a member is its key node, then its value
        while member < end(of: object) {
            if Self.text(of: nodes[member], in: bytes, equals: key) { return true }
            member = end(of: member + 1)
        }
        return false
    }
}

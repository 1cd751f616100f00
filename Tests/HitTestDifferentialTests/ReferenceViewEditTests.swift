import Testing
import HitTestReference

/// The reference's own edits do what HitKit's `View` edits do with the same calls, so a tree
/// built either way has the same order; a cycle traps with a message rather than leaving a tree
/// the recursive hit test would never leave.
@Suite("Reference views: subview edits")
struct ReferenceViewEditTests {
    static func parent(withSubviews count: Int) -> (ReferenceView, [ReferenceView]) {
        let parent = ReferenceView(id: 0)
        let children = (1...count).map { ReferenceView(id: $0) }
        for child in children { parent.addSubview(child) }
        return (parent, children)
    }

    @Test("an index past the end puts the view in front, a negative one behind")
    func indexClamped() {
        let (parent, _) = Self.parent(withSubviews: 2)
        parent.insertSubview(ReferenceView(id: 3), at: 10)
        parent.insertSubview(ReferenceView(id: 4), at: -1)
        #expect(parent.subviews.map(\.id) == [4, 1, 2, 3])
    }

    @Test("moving a subview within its superview counts the index among the others")
    func moveWithinParent() {
        let (parent, children) = Self.parent(withSubviews: 3)
        parent.insertSubview(children[0], at: 2)
        #expect(parent.subviews.map(\.id) == [2, 3, 1])
        parent.addSubview(children[1])
        #expect(parent.subviews.map(\.id) == [3, 1, 2])
        #expect(children.allSatisfy { $0.superview === parent })
    }

    @Test("adding a view to another superview takes it from the first")
    func reparent() {
        let (first, children) = Self.parent(withSubviews: 2)
        let second = ReferenceView(id: 9)
        second.addSubview(children[0])
        #expect(first.subviews.map(\.id) == [2])
        #expect(second.subviews.map(\.id) == [1])
        #expect(children[0].superview === second)
    }

    @Test("adding a view to itself traps")
    func selfTraps() async {
        await #expect(processExitsWith: .failure) {
            let view = ReferenceView(id: 1)
            view.addSubview(view)
        }
    }

    @Test("adding an ancestor under its descendant traps")
    func ancestorTraps() async {
        await #expect(processExitsWith: .failure) {
            let (parent, children) = Self.parent(withSubviews: 1)
            children[0].insertSubview(parent, at: 0)
        }
    }
}

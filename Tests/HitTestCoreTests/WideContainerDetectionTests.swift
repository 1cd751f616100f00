import Testing
@testable import HitTestCore

/// A container is found wide when edits give it ``ViewStore/wideContainerThreshold`` subviews, not
/// by counting the siblings a query walks: the flag is set by the edit, the grid by the first query
/// that enters the container, whichever subview that query hits.
@Suite("Wide containers found at edit time")
struct WideContainerDetectionTests {
    private func isWide(_ store: ViewStore, _ id: ViewID) -> Bool {
        store.flags[id.index].contains(.wideContainer)
    }

    /// A window with `count` 10 × 10 subviews side by side, the last one front-most at x 0.
    private func row(of count: Int) throws -> (ViewStore, ViewID, [ViewID]) {
        let store = ViewStore()
        let window = try store.makeWindow(frame: Rect(0, 0, Double(count) * 10, 10))
        var tiles: [ViewID] = []
        for i in 0..<count {
            let tile = try store.makeView(frame: Rect(Double(count - 1 - i) * 10, 0, 10, 10))
            try store.addSubview(tile, to: window)
            tiles.append(tile)
        }
        return (store, window, tiles)
    }

    @Test("The threshold's subview makes the container wide; one fewer does not")
    func flagFollowsTheCount() throws {
        let threshold = Int(ViewStore.wideContainerThreshold)
        let (store, window, tiles) = try row(of: threshold - 1)
        #expect(!isWide(store, window))
        // The count follows removals and moves: remove two, add them back elsewhere and return.
        try store.removeFromSuperview(tiles[3])
        try store.removeFromSuperview(tiles[5])
        try store.insertSubview(tiles[3], into: window, at: 0)
        try store.bringToFront(tiles[0])
        try store.exchangeSubviews(of: window, at: 1, 7)
        try store.insertSubview(tiles[5], into: window, at: 10)
        #expect(!isWide(store, window))
        try store.addSubview(try store.makeView(frame: Rect(0, 0, 10, 10)), to: window)
        #expect(isWide(store, window))
        // Wide stays wide: the grid keeps serving while subviews come and go.
        try store.removeFromSuperview(tiles[9])
        #expect(isWide(store, window))
    }

    @Test("The count bits never reach the hit test's flags or another row")
    func countStaysOutOfTheFlags() throws {
        let (store, window, tiles) = try row(of: 40)
        let countBits = store.flags[window.index].rawValue & RowFlags.subviewCount.rawValue
        #expect(countBits == 40 << RowFlags.subviewCountShift)
        #expect(store.flags[window.index].rawValue & RowFlags.offFastPath.rawValue == 0)
        // Setting a flag or a transform on the container keeps its count.
        try store.setFlag(.clipsToBounds, true, of: window)
        try store.setTransform(AffineTransform(scaleX: 2, y: 1), of: window)
        #expect(store.flags[window.index].rawValue & RowFlags.subviewCount.rawValue == countBits)
        // Destroying the container and reusing its row starts the new view at zero.
        try store.destroy(window)
        let reused = try store.makeView(frame: Rect(0, 0, 10, 10))
        #expect(store.flags[reused.index].rawValue & RowFlags.subviewCount.rawValue == 0)
        #expect(!store.contains(tiles[0]))
    }

    @Test("A query hitting the front-most subview of a wide container has its grid built")
    func gridAfterFirstQuery() throws {
        let (store, window, tiles) = try row(of: Int(ViewStore.wideContainerThreshold))
        #expect(try !store.hasContainerGrid(window))
        // The front-most tile answers after one sibling test: no walk, yet the grid is built.
        #expect(store.hitTest(screenPoint: Point(5, 5)) == tiles.last)
        #expect(try store.hasContainerGrid(window))
        #expect(store.hitTest(screenPoint: Point(5, 5)) == tiles.last)
        #expect(store.hitTest(screenPoint: Point(Double(tiles.count) * 10 - 5, 5)) == tiles[0])
    }
}

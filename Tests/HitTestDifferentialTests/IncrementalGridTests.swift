@testable import HitTestCore
import HitTestDifferential
import HitTestReference
import Testing

/// Edits of single subviews of a container served by a grid: the grid must follow each edit in
/// place (no rebuild) and still answer exactly what the reference answers.
@Suite("Incremental wide-container grids against the reference")
struct IncrementalGridTests {
    typealias Forest = WideContainerGridTests.Forest

    /// Queries `rounds` random points and requires the engine and the reference to agree.
    func check(_ forest: Forest, _ rounds: Int, using random: inout SplitMix64) throws {
        for _ in 0..<rounds {
            let p = try forest.point(using: &random)
            let engine = forest.key(forest.store.hitTest(screenPoint: p))
            let reference = forest.screen.hitTest(screenPoint: p)?.id
            try #require(engine == reference, "point \(p): engine \(String(describing: engine)), reference \(String(describing: reference))")
        }
    }

    @Test("Moving, resizing, rotating and reordering tiles keeps the grid and its answers", arguments: 0..<4)
    func movesWithoutRebuild(batch: Int) throws {
        var random = SplitMix64(seed: 9_100_000 + UInt64(batch))
        let forest = try Forest(count: Int.random(in: 500...2000, using: &random), using: &random)
        try check(forest, 300, using: &random)
        try #require(try forest.store.hasContainerGrid(forest.container))
        let rebuilds = forest.store.gridRebuilds
        // A few tiles edited many times: each edit moves one tile's entries, never the grid.
        let moving = (0..<4).map { _ in Int.random(in: 0..<forest.subviews.count, using: &random) }
        for step in 0..<400 {
            let k = moving[step % moving.count]
            let view = forest.subviews[k], reference = forest.referenceSubviews[k]
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                // Some moves leave the container's extent (the list for points outside the grid).
                let center = Point(Double.random(in: -200...1200, using: &random), Double.random(in: -200...1200, using: &random))
                try forest.store.setCenter(center, of: view)
                reference.center = center
            case 5:
                let bounds = Rect(0, 0, Double.random(in: 0...80, using: &random), Double.random(in: 0...80, using: &random))
                try forest.store.setBounds(bounds, of: view)
                reference.bounds = bounds
            case 6:
                let t = Bool.random(using: &random) ? AffineTransform(rotationAngle: Double.random(in: 0...6.3, using: &random))
                                                    : AffineTransform(scaleX: 0, y: 1)  // singular: never entered
                try forest.store.setTransform(t, of: view)
                reference.transform = t
            case 7:
                try forest.store.bringToFront(view)
                forest.referenceContainer.addSubview(reference)
            case 8:
                try forest.store.sendToBack(view)
                forest.referenceContainer.insertSubview(reference, at: 0)
            default:
                // Out and back in just behind a random sibling.
                try forest.store.removeFromSuperview(view)
                reference.removeFromSuperview()
                try check(forest, 2, using: &random)
                let index = Int.random(in: 0...forest.referenceContainer.subviews.count, using: &random)
                try forest.store.insertSubview(view, into: forest.container, at: index)
                forest.referenceContainer.insertSubview(reference, at: index)
            }
            try check(forest, 3, using: &random)
            // Aim right at the edited tile too.
            let frame = try forest.store.frame(of: view)
            let p = Point(frame.midX, frame.midY)
            let engine = forest.key(forest.store.hitTest(screenPoint: p))
            try #require(engine == forest.screen.hitTest(screenPoint: p)?.id, "point \(p) after step \(step)")
        }
        #expect(forest.store.gridRebuilds == rebuilds)
        #expect(try forest.store.hasContainerGrid(forest.container))
    }

    @Test("An edit the grid cannot follow marks it dirty, and the answers stay exact")
    func edgeCasesFallBackToRebuild() throws {
        var random = SplitMix64(seed: 9_200_000)
        let forest = try Forest(count: 1500, using: &random)
        try check(forest, 300, using: &random)
        try #require(try forest.store.hasContainerGrid(forest.container))
        // A tile that may be hit anywhere would be listed in every cell: too many for one edit.
        try forest.store.setFlag(.hitsOutsideBounds, true, of: forest.subviews[7])
        forest.referenceSubviews[7].hitsOutsideBounds = true
        #expect(try !forest.store.hasContainerGrid(forest.container))
        try check(forest, 300, using: &random)
        #expect(try forest.store.hasContainerGrid(forest.container))
        // A new view joins: it gets an ordinal between its neighbours' and the grid keeps.
        let rebuilds = forest.store.gridRebuilds
        let added = try forest.store.makeView(frame: Rect(400, 400, 30, 30))
        try forest.store.insertSubview(added, into: forest.container, at: 700)
        let reference = ReferenceView(id: forest.subviews.count)
        reference.setFrame(Rect(400, 400, 30, 30))
        forest.referenceContainer.insertSubview(reference, at: 700)
        forest.subviews.append(added)
        forest.referenceSubviews.append(reference)
        try check(forest, 300, using: &random)
        #expect(forest.store.gridRebuilds == rebuilds)
    }
}

import Testing
@testable import HitKit

/// Parent and presentation links never form a loop (Behaviour A7): `present` and `addChild`
/// leave everything as it is when the link would close one, since a parent keeps its children
/// and a presenter what it presents, and such a loop would never be freed.
extension ViewControllerTests {
    /// A controller whose root view is in the window, as a presenter's is.
    func controllerInWindow() -> ViewController {
        let controller = ViewController(in: app)
        window.addSubview(controller.view)
        return controller
    }

    /// Every link of `controllers` and where their views are, to compare before and after a refusal.
    func links(_ controllers: [ViewController]) -> [String] {
        func name(_ other: ViewController?) -> String {
            other.map { other in controllers.firstIndex { $0 === other }.map(String.init) ?? "?" } ?? "-"
        }
        return controllers.map { controller in
            "parent \(name(controller.parent)) children \(controller.children.map(name)) "
                + "presenting \(name(controller.presentingViewController)) presented \(name(controller.presentedViewController)) "
                + "view in \(controller.view.superview.map { "\(ObjectIdentifier($0))" } ?? "-")"
        }
    }

    @Test("a child cannot present its parent, nor a parent take the controller presenting it as a child")
    func childAndPresenter() {
        let parent = controllerInWindow(), child = controllerInWindow()
        parent.addChild(child)
        let before = links([parent, child])
        #expect(child.wouldCloseLoop(linking: parent))
        child.present(parent)
        #expect(links([parent, child]) == before)

        // The other order: the presentation first, then the child.
        let presenter = controllerInWindow(), presented = ViewController(in: app)
        presenter.present(presented)
        let presentedBefore = links([presenter, presented])
        presented.addChild(presenter)
        #expect(links([presenter, presented]) == presentedBefore)
        #expect(presented.view.superview === window, "the presented view stays in the window")
    }

    @Test("a grandchild cannot present its grandparent")
    func grandchildPresentsGrandparent() {
        let top = controllerInWindow(), middle = controllerInWindow(), bottom = controllerInWindow()
        top.addChild(middle)
        middle.addChild(bottom)
        let before = links([top, middle, bottom])
        bottom.present(top)
        #expect(links([top, middle, bottom]) == before)
    }

    @Test("a loop through both kinds of link is refused from either end")
    func mixedLoops() {
        // top presents middle; bottom is middle's child: top is above bottom.
        let top = controllerInWindow(), middle = ViewController(in: app), bottom = controllerInWindow()
        top.present(middle)
        middle.addChild(bottom)
        let all = [top, middle, bottom]
        let before = links(all)
        bottom.present(top)
        #expect(links(all) == before, "presenting a controller above it through a presentation")
        bottom.addChild(top)
        #expect(links(all) == before, "adopting a controller above it through a presentation")
        // And the link the other way round, from above, is no loop.
        top.addChild(bottom)
        #expect(bottom.parent === top && middle.children.isEmpty)
    }

    @Test("links that meet again without a loop are made")
    func sharedAncestorsAreNoLoop() {
        // leaf is left's child and presented by right; both are root's children.
        let root = controllerInWindow(), left = controllerInWindow(), right = controllerInWindow(), leaf = controllerInWindow()
        root.addChild(left)
        root.addChild(right)
        left.addChild(leaf)
        right.present(leaf)
        #expect(leaf.parent === left && leaf.presentingViewController === right)
        // root is above leaf through both paths.
        #expect(leaf.wouldCloseLoop(linking: root))
        #expect(!root.wouldCloseLoop(linking: leaf))
        // A controller that presents another may still be adopted by an unrelated one.
        let other = controllerInWindow()
        other.addChild(right)
        #expect(right.parent === other && root.children.map(ObjectIdentifier.init) == [ObjectIdentifier(left)])
    }

    /// Random links and unlinks among a few controllers: the links stay free of loops, and
    /// whatever links remain, every controller is freed once nothing outside holds it.
    @Test func randomLinksNeverLoopAndAreFreed() {
        var loopsRefused = 0
        for seed in 0..<100 {
            var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9)
            var controllers = (0..<6).map { _ in ViewController(in: app) }
            for _ in 0..<40 {
                let first = controllers.randomElement(using: &random)!, second = controllers.randomElement(using: &random)!
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1:
                    let loops = first.wouldCloseLoop(linking: second), before = links(controllers)
                    first.addChild(second)
                    if loops { loopsRefused += 1; #expect(links(controllers) == before, "seed \(seed)") }
                case 2, 3:
                    let loops = first.wouldCloseLoop(linking: second), before = links(controllers)
                    first.present(second)
                    if loops { loopsRefused += 1; #expect(links(controllers) == before, "seed \(seed)") }
                case 4: first.removeFromParent()
                default: first.dismiss()
                }
                #expect(!controllers.contains { $0.isAboveItself }, "seed \(seed)")
            }
            let weakControllers = controllers.map { Weak($0) }
            controllers = []
            #expect(weakControllers.allSatisfy { $0.object == nil }, "seed \(seed): a controller outlived its last holder")
        }
        #expect(loopsRefused > 0, "the seeds try links that would loop")
    }
}

private final class Weak {
    weak var object: ViewController?
    init(_ object: ViewController) { self.object = object }
}

private extension ViewController {
    /// Whether this controller is above itself through parents and presenters.
    var isAboveItself: Bool {
        var pending = [parent, presentingViewController].compactMap { $0 }
        var walked: Set<ObjectIdentifier> = []
        while let current = pending.popLast() {
            if current === self { return true }
            guard walked.insert(ObjectIdentifier(current)).inserted else { continue }
            pending += [current.parent, current.presentingViewController].compactMap { $0 }
        }
        return false
    }
}

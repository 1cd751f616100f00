import Testing
@testable import HitKit

/// View controllers: root views, containment, presentation and dismissal.
@Suite struct ViewControllerTests {
    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(0, 0, 100, 100), in: app)
    }

    @Test func rootViewControllerKeepsAViewAlreadyInTheWindowWhereItIs() {
        let controller = ViewController(in: app)
        let front = View(in: app)
        window.addSubview(controller.view)
        window.addSubview(front)
        window.rootViewController = controller
        #expect(window.subviews.map(ObjectIdentifier.init) == [controller.view, front].map(ObjectIdentifier.init))
        #expect(controller.next === window)
    }

    @Test func containment() {
        let parent = ViewController(in: app), child = ViewController(in: app), other = ViewController(in: app)
        parent.addChild(child)
        parent.addChild(child)
        #expect(parent.children.count == 1 && child.parent === parent)
        other.addChild(child)
        #expect(parent.children.isEmpty && other.children.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
        child.removeFromParent()
        #expect(child.parent == nil && other.children.isEmpty)
        parent.addChild(parent)
        #expect(parent.children.isEmpty, "a controller cannot be its own child")
        // Nor the child of its descendant: the parents would form a cycle.
        parent.addChild(child)
        child.addChild(other)
        other.addChild(parent)
        #expect(parent.parent == nil && other.children.isEmpty && child.parent === parent && other.parent === child)
    }

    @Test("a child added again keeps its place among its siblings")
    func childAddedAgain() {
        let parent = ViewController(in: app), first = ViewController(in: app), second = ViewController(in: app)
        parent.addChild(first)
        parent.addChild(second)
        parent.addChild(first)
        #expect(parent.children.map(ObjectIdentifier.init) == [ObjectIdentifier(first), ObjectIdentifier(second)])
    }

    @Test func dismissFromThePresentedSide() {
        let root = ViewController(in: app)
        window.rootViewController = root
        let modal = ViewController(in: app)
        root.present(modal)
        modal.dismiss()
        #expect(root.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(modal.view.window == nil)
        #expect(modal.next == nil, "a dismissed controller's view has no superview")
    }

    @Test func aPresentedViewAlreadyPlacedStaysWhereItIs() {
        let root = ViewController(in: app)
        window.rootViewController = root
        let modal = ViewController(in: app)
        root.view.addSubview(modal.view)
        root.present(modal)
        #expect(modal.view.superview === root.view)
        #expect(modal.next === root)
    }

    @Test func aControllerCannotPresentItself() {
        let root = ViewController(in: app)
        root.present(root)
        #expect(root.presentedViewController == nil)
    }
}

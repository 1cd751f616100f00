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

    /// UIKit's stack: dismissing from a controller low in it dismisses everything above, the
    /// topmost view first (seen by the order its finger is cancelled in); from the top, only the
    /// top goes.
    @Test func dismissingFromBelowDismissesTheStackAbove() throws {
        let root = ViewController(in: app)
        window.rootViewController = root
        var cancelled: [String] = []
        func controller(_ name: String, x: Double) -> ViewController {
            let view = CancelRecordingView(frame: Rect(x, 0, 30, 30), in: app)
            view.onCancel = { cancelled.append(name) }
            return ViewController(view: view)
        }
        let sheet = controller("sheet", x: 0), alert = controller("alert", x: 30), top = controller("top", x: 60)
        root.present(sheet)
        sheet.present(alert)
        alert.present(top)
        #expect(app.presentationsMade == 3)
        func fingers(_ t: Double, _ phase: Touch.Phase, _ ids: [Int]) throws {
            try app.send(InputFrame(timestamp: t, touches: ids.map { TouchInput(id: $0, phase: phase, location: Point(Double($0) * 30 + 15, 15)) }))
        }

        try fingers(0, .began, [0, 1, 2])
        top.dismiss()
        #expect(alert.presentedViewController == nil && top.view.window == nil)
        #expect(sheet.presentedViewController === alert, "only the top goes")
        #expect(cancelled == ["top"])

        alert.present(top)
        try fingers(0.1, .ended, [0, 1, 2])
        try fingers(0.2, .began, [0, 1, 2])
        cancelled = []
        root.dismiss()
        #expect(root.presentedViewController == nil && sheet.presentedViewController == nil
                && alert.presentedViewController == nil)
        #expect(sheet.presentingViewController == nil && alert.presentingViewController == nil
                && top.presentingViewController == nil)
        #expect(sheet.view.window == nil && alert.view.window == nil && top.view.window == nil)
        #expect(cancelled == ["top", "alert", "sheet"], "the topmost first")
        #expect(app.presentationsMade == 0)
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

/// A view that tells when its touches are cancelled (as when it leaves its window).
private final class CancelRecordingView: View {
    var onCancel: () -> Void = {}

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        onCancel()
        super.touchesCancelled(touches, with: event)
    }
}

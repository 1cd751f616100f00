import Testing
@testable import HitKit

/// Behaviour A7: who comes next in the responder chain.
@Suite struct ResponderChainTests {
    let app = Application()

    /// The chain from `responder`, as a list of objects.
    func chain(from responder: Responder) -> [Responder] {
        var result: [Responder] = []
        var current: Responder? = responder
        while let r = current, result.count < 50 {
            result.append(r)
            current = r.next
        }
        return result
    }

    @Test func viewGoesToSuperviewThenWindowThenApplication() {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let parent = View(frame: Rect(0, 0, 50, 50), in: app)
        let child = View(frame: Rect(0, 0, 10, 10), in: app)
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(chain(from: child).map(ObjectIdentifier.init)
                == [child, parent, window, app].map { ObjectIdentifier($0 as Responder) })
    }

    @Test func rootViewGoesToItsControllerThenWindow() {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let controller = ViewController(in: app)
        window.rootViewController = controller
        #expect(controller.view.superview === window, "setting the root controller adds its view")
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
    }

    @Test func controllerOfANestedViewGoesToItsViewsSuperview() {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let container = View(in: app)
        window.addSubview(container)
        let controller = ViewController(in: app)
        container.addSubview(controller.view)
        #expect(controller.next === container)
    }

    @Test func controllerOfAWindowSubviewThatIsNotTheRootGoesToItsSuperview() {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let root = ViewController(in: app)
        window.rootViewController = root
        let other = ViewController(in: app)
        window.addSubview(other.view)
        // Its superview is the window too, reached by the last rule rather than the root rule.
        #expect(other.next === window)
        window.rootViewController = nil
        #expect(root.next === window, "a controller that is no longer root still has its view in the window")
    }

    @Test func presentedControllerGoesToItsPresenter() {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let root = ViewController(in: app)
        window.rootViewController = root
        let modal = ViewController(in: app)
        root.present(modal)
        #expect(modal.presentingViewController === root)
        #expect(root.presentedViewController === modal)
        #expect(modal.view.window === window, "a presented view without a superview is put in the window")
        #expect(modal.next === root, "the presenter, not the window")
        let presentedChain = chain(from: modal.view).map(ObjectIdentifier.init)
        #expect(presentedChain == [modal.view, modal, root, window, app].map { ObjectIdentifier($0 as Responder) })
        modal.dismiss()
        #expect(modal.presentingViewController == nil)
        #expect(root.presentedViewController == nil)
        #expect(modal.view.superview == nil)
    }

    @Test func presentingTwiceIsIgnored() {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let root = ViewController(in: app)
        window.rootViewController = root
        let first = ViewController(in: app), second = ViewController(in: app)
        root.present(first)
        root.present(second)
        #expect(root.presentedViewController === first)
        #expect(second.presentingViewController == nil)
    }

    @Test func presentingAControllerAnotherOnePresentsIsIgnored() {
        let window = Window(frame: Rect(0, 0, 100, 100), in: app)
        let root = ViewController(in: app), other = ViewController(in: app)
        window.rootViewController = root
        let modal = ViewController(in: app)
        root.present(modal)
        other.present(modal)
        #expect(other.presentedViewController == nil)
        #expect(modal.presentingViewController === root && root.presentedViewController === modal)
        #expect(modal.next === root, "its presenter stays the next responder")
    }

    @Test func replacingAControllersViewMovesTheLink() {
        let controller = ViewController(in: app)
        let old = controller.view
        let replacement = View(in: app)
        controller.view = replacement
        #expect(replacement.next === controller)
        #expect(old.next == nil, "the old view is detached and no longer the controller's")
    }

    @Test func plainResponderDelegateFollowsTheApplicationAndEndsTheChain() {
        let delegate = ActionRecorder("delegate")
        app.delegate = delegate
        #expect(app.next === delegate)
        #expect(delegate.next == nil)
    }

    @Test func delegateThatIsAViewControllerViewOrApplicationIsNotNext() {
        let controller = ViewController(in: app)
        app.delegate = controller
        #expect(app.next == nil)
        let view = View(in: app)
        app.delegate = view
        #expect(app.next == nil)
        let other = Application()
        app.delegate = other
        #expect(app.next == nil)
        app.delegate = app
        #expect(app.next == nil)
    }

    @Test func delegateThatIsNotAResponderIsNotNext() {
        final class Plain {}
        let plain = Plain()
        app.delegate = plain
        #expect(app.delegate === plain)
        #expect(app.next == nil)
    }

    @Test func delegateIsHeldWeakly() {
        do {
            let delegate = ActionRecorder("delegate")
            app.delegate = delegate
            #expect(app.next != nil)
        }
        #expect(app.delegate == nil)
        #expect(app.next == nil)
    }

    @Test func windowLevelsAndKeyWindow() {
        let back = Window(frame: Rect(0, 0, 100, 100), in: app)
        let front = Window(frame: Rect(0, 0, 100, 100), in: app)
        let alert = Window(frame: Rect(0, 0, 100, 100), in: app)
        alert.windowLevel = 10
        #expect(app.windows.map(ObjectIdentifier.init) == [back, front, alert].map(ObjectIdentifier.init))
        back.makeKeyAndVisible()
        #expect(app.windows.map(ObjectIdentifier.init) == [front, back, alert].map(ObjectIdentifier.init))
        #expect(back.isKeyWindow && !front.isKeyWindow)
        #expect(app.keyWindow === back)
        front.makeKey()
        #expect(app.keyWindow === front)
        app.removeWindow(front)
        #expect(app.keyWindow == nil)
        #expect(app.windows.count == 2)
    }
}

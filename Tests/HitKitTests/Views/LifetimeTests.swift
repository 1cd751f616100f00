import Testing
@testable import HitKit

/// Object lifetimes: no leaks of objects or engine rows, and no row freed too early.
@Suite struct LifetimeTests {
    let app = Application()
    let window: Window

    init() {
        window = Window(frame: Rect(0, 0, 100, 100), in: app)
    }

    @Test func aRemovedUnreferencedViewAndItsRecognizersAreFreed() {
        weak var weakView: View?
        weak var weakChild: View?
        weak var weakRecognizer: GestureRecognizer?
        let rowsBefore = app.store.liveViewCount
        do {
            let view = View(frame: Rect(0, 0, 10, 10), in: app)
            let child = View(frame: Rect(0, 0, 5, 5), in: app)
            let recognizer = GestureRecognizer()
            view.addGestureRecognizer(recognizer)
            view.addSubview(child)
            window.addSubview(view)
            weakView = view
            weakChild = child
            weakRecognizer = recognizer
        }
        #expect(weakView != nil, "the window keeps its subviews alive")
        #expect(app.store.liveViewCount == rowsBefore + 2)
        weakView?.removeFromSuperview()
        #expect(weakView == nil)
        #expect(weakChild == nil)
        #expect(weakRecognizer == nil)
        #expect(app.store.liveViewCount == rowsBefore, "both rows were destroyed")
    }

    @Test func aSubviewReferencedElsewhereKeepsItsRowWhenItsParentIsFreed() {
        let survivor = View(frame: Rect(1, 2, 3, 4), in: app)
        weak var weakParent: View?
        do {
            let parent = View(frame: Rect(0, 0, 10, 10), in: app)
            parent.addSubview(survivor)
            weakParent = parent
        }
        #expect(weakParent == nil)
        #expect(app.store.contains(survivor.id))
        #expect(survivor.superview == nil)
        #expect(survivor.frame == Rect(1, 2, 3, 4))
        window.addSubview(survivor)
        #expect(app.hitTest(screenPoint: Point(2, 3)) === survivor)
    }

    @Test func freedViewsAreForgottenByTheApplication() {
        var id: ViewID?
        do {
            let view = View(in: app)
            id = view.id
            #expect(app.view(for: view.id) === view)
        }
        #expect(app.view(for: id!) == nil)
        #expect(!app.store.contains(id!))
    }

    @Test func overridingViewsAreFreedToo() {
        final class Custom: View {
            override class var overridesHitTest: Bool { true }
            override class var overridesPointInside: Bool { true }
            override func hitTest(_ point: Point, with event: Event?) -> View? { super.hitTest(point, with: event) }
            override func point(inside point: Point, with event: Event?) -> Bool { true }
        }
        weak var weakCustom: View?
        do {
            let custom = Custom(frame: Rect(0, 0, 10, 10), in: app)
            window.addSubview(custom)
            #expect(app.hitTest(screenPoint: Point(5, 5)) === custom, "the engine asked the overrides")
            custom.removeFromSuperview()
            weakCustom = custom
        }
        #expect(weakCustom == nil, "the engine's override hooks hold the view weakly")
    }

    @Test func theApplicationFreesEverything() {
        weak var weakApp: Application?
        weak var weakWindow: Window?
        weak var weakView: View?
        weak var weakController: ViewController?
        weak var weakStore: ViewStore?
        do {
            let other = Application()
            let window = Window(frame: Rect(0, 0, 10, 10), in: other)
            let controller = ViewController(in: other)
            window.rootViewController = controller
            let view = View(in: other)
            controller.view.addSubview(view)
            window.makeKeyAndVisible()
            other.delegate = controller
            weakApp = other
            weakWindow = window
            weakView = view
            weakController = controller
            weakStore = other.store
        }
        #expect(weakApp == nil)
        #expect(weakWindow == nil)
        #expect(weakView == nil)
        #expect(weakController == nil)
        #expect(weakStore == nil)
    }

    @Test func removedWindowIsFreedAndItsRowDestroyed() {
        let rowsBefore = app.store.liveViewCount
        weak var weakWindow: Window?
        do {
            let extra = Window(frame: Rect(0, 0, 10, 10), in: app)
            extra.addSubview(View(in: app))
            weakWindow = extra
        }
        #expect(weakWindow != nil, "the application keeps its windows")
        #expect(app.store.liveViewCount == rowsBefore + 2)
        app.removeWindow(weakWindow!)
        #expect(weakWindow == nil)
        #expect(app.store.liveViewCount == rowsBefore)
        #expect(app.store.windows == [window.id])
    }

    @Test func windowsRemovedInAnyOrderLeaveTheOthersKeptInTheirOrder() {
        // Removal moves the last window kept into the removed one's place: each removal, first,
        // middle or last, must leave exactly the others, freed only when removed.
        var extras = (1...5).map { _ in Window(frame: Rect(0, 0, 10, 10), in: app) }
        weak var weakFirst: Window?
        weakFirst = extras[0]
        let key = extras[4]
        key.makeKeyAndVisible()
        for index in [0, 2, 1, 1, 0] {
            let removed = extras.remove(at: index)
            app.removeWindow(removed)
            app.removeWindow(removed)  // a second removal does nothing
            #expect(app.windows.map(\.id) == ([window] + extras).map(\.id), "after removing the window at \(index)")
            #expect(app.keyWindow === (extras.contains { $0 === key } ? key : nil))
        }
        #expect(weakFirst == nil)
        #expect(app.keyWindow == nil, "the key window was removed with the others")
        app.removeWindow(window)
        #expect(app.windows.isEmpty)
    }

    @Test func dismissedControllerIsFreed() {
        let root = ViewController(in: app)
        window.rootViewController = root
        weak var weakModal: ViewController?
        do {
            let modal = ViewController(in: app)
            root.present(modal)
            weakModal = modal
        }
        #expect(weakModal != nil, "the presenter keeps what it presents")
        root.dismiss()
        #expect(weakModal == nil)
    }

    @Test func touchesDoNotKeepViewsAlive() throws {
        weak var weakView: View?
        do {
            let view = View(frame: Rect(0, 0, 50, 50), in: app)
            window.addSubview(view)
            weakView = view
        }
        try app.frame(0, began(1, 10, 10))
        #expect(app.activeTouches.first?.view === weakView)
        weakView?.removeFromSuperview()
        #expect(weakView == nil, "freed although its touch is still down")
        try app.frame(0.1, moved(1, 20, 20))
        try app.frame(0.2, ended(1, 20, 20))
        #expect(app.activeTouches.isEmpty)
    }
}

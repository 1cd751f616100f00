import Testing
import HitKit
import HitKitScene
import HitTestCore

@Suite("Building scenes into façade objects")
struct SceneBuilderTests {
    func load(_ name: String) throws -> LoadedScene {
        try LoadedScene.load(contentsOf: Fixtures.scenes.appendingPathComponent("\(name).json").path)
    }

    @Test func firstResponderKeyWindowAndDelegate() throws {
        let scene = try load("text-field-chain")
        let field = try #require(scene.view(withID: "field"))
        #expect(field.isFirstResponder)
        #expect(scene.application.firstResponder === field)
        #expect(scene.application.keyWindow === scene.view(withID: "win"))
        let delegate = try #require(scene.delegate)
        #expect(scene.application.delegate === delegate)
        #expect(scene.application.next === delegate)
        #expect(scene.id(of: delegate) == "appDelegate")
        #expect(scene.view(withID: "inner")?.isFirstResponder == false)
    }

    @Test func canBecomeFirstResponderIsThePlainViewsSettableAnswer() throws {
        let scene = try load("text-field-chain")
        let field = try #require(scene.view(withID: "field"))
        #expect(type(of: field) == View.self)
        #expect(field.acceptsFirstResponder && field.canBecomeFirstResponder)
        let inner = try #require(scene.view(withID: "inner"))
        #expect(!inner.acceptsFirstResponder && !inner.becomeFirstResponder())
    }

    @Test func aSceneWithMoreViewsThanTheAppMayHoldIsRefusedBeforeAnythingIsBuilt() throws {
        let json = #"{"windows": [{"id": "w", "frame": [0, 0, 100, 100], "subviews": [{"id": "a", "frame": [0, 0, 10, 10], "subviews": [{"id": "b", "frame": [0, 0, 5, 5]}]}]}]}"#
        let description = try SceneLoader.decode(data: Array(json.utf8), file: "three.json")
        let error = try #require(throws: SceneError.self) { try SceneBuilder.build(description, file: "three.json", viewLimit: 2) }
        #expect(error.description == "three.json: windows: the scene has 3 views and windows; an app here holds at most 2")
        let scene = try SceneBuilder.build(description, file: "three.json", viewLimit: 3)
        #expect(scene.application.store.viewLimit == 3 && scene.application.store.isFull)
        #expect(scene.hitTest(screenPoint: Point(2, 2)) == "b")
    }

    @Test func windowsKeepFileOrderLevelsAndTheMarkedKeyWindow() throws {
        let scene = try load("windows")
        #expect(scene.windows.map(scene.id(of:)) == ["back", "alert", "front", "hiddenWindow"])
        #expect(scene.windows.map(\.windowLevel) == [0, 10, 0, 100])
        #expect(scene.application.keyWindow === scene.view(withID: "front"))
        #expect(scene.application.firstResponder === scene.view(withID: "frontView"))
        #expect(scene.view(withID: "hiddenWindow")?.isHidden == true)
    }

    @Test func touchesModesAndActionsAreKeptOnTheBuiltResponders() throws {
        let scene = try load("windows")
        #expect(scene.traits(of: scene.application)?.touches == .log)
        #expect(scene.application.performableActions == [Action("undo")])
        let delegate = try #require(scene.delegate)
        #expect(scene.traits(of: delegate)?.touches == .logAndForward)
        #expect(delegate.performableActions == [Action("save"), Action("quit")])
        #expect(scene.responder(withID: "alertView").flatMap(scene.traits(of:))?.touches == .log)
        #expect(scene.responder(withID: "back")?.canPerformAction(Action("close"), withSender: nil) == true)
        #expect(scene.responder(withID: "backView").flatMap(scene.traits(of:)) == SceneDescription.ResponderTraits())
    }

    @Test func presentedAndChildControllers() throws {
        let presented = try load("presented-controller")
        let main = try #require(presented.responder(withID: "main") as? ViewController)
        let modal = try #require(presented.responder(withID: "modal") as? ViewController)
        #expect(main.presentedViewController === modal && modal.presentingViewController === main)
        #expect(modal.parent == nil)
        #expect((presented.view(withID: "win") as? Window)?.rootViewController === main)

        let contained = try load("child-controller")
        let parent = try #require(contained.responder(withID: "parent") as? ViewController)
        let child = try #require(contained.responder(withID: "child") as? ViewController)
        #expect(child.parent === parent && parent.children.count == 1 && parent.children[0] === child)
        #expect(child.view === contained.view(withID: "childView"))
    }

    @Test func geometryAndFlagsReachTheViews() throws {
        let scene = try load("geometry")
        let fb = try #require(scene.view(withID: "fb"))
        #expect(fb.center == Point(x: 250, y: 50) && fb.bounds == Rect(x: 50, y: 50, width: 60, height: 60))
        let scaled = try #require(scene.view(withID: "scaled"))
        #expect(scaled.center == Point(x: 50, y: 250) && scaled.transform == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
        #expect(scaled.frame == Rect(x: -50, y: 150, width: 200, height: 200))
        #expect(scene.view(withID: "anchored")?.anchorPoint == Point(x: 0, y: 0))

        let flags = try load("flags")
        #expect(flags.view(withID: "transparent")?.alpha == 0.009)
        #expect(flags.view(withID: "inset")?.hitTestInsets == EdgeInsets(top: 10, left: 20, bottom: 30, right: 40))
        #expect(flags.view(withID: "small")?.minimumHitSize == Size(width: 44, height: 44))
        #expect(flags.view(withID: "clips")?.clipsToBounds == true)
        #expect(flags.view(withID: "clips")?.canBecomeFirstResponder == true)
        #expect(flags.view(withID: "bg")?.isMultipleTouchEnabled == true)
        #expect(flags.view(withID: "clipsChild")?.isExclusiveTouch == true)
        #expect(flags.view(withID: "passer")?.passesTouchesThrough == true)
        #expect(flags.view(withID: "disabled")?.isUserInteractionEnabled == false)
    }

    @Test func aScrollViewsContentOffsetIsItsBoundsOrigin() throws {
        let scene = try load("scroll-offset")
        #expect(scene.view(withID: "scroller")?.bounds == Rect(x: 0, y: 200, width: 300, height: 300))
    }

    @Test func theChainFollowsTheFacadesNextResponder() throws {
        let scene = try load("presented-controller")
        var walked: [String] = []
        var responder: Responder? = scene.responder(withID: "close")
        while let current = responder {
            walked.append(try #require(scene.id(of: current)))
            responder = current.next
        }
        #expect(scene.responderChain(from: "close") == walked)
        #expect(walked == ["close", "modalView", "modal", "main", "win", "app", "appDelegate"])
        #expect(scene.responderChain(from: "nothing") == nil)
    }

    @Test func hitTestingGoesThroughTheFacade() throws {
        let scene = try load("seeds-abcde")
        #expect(scene.hitTest(screenPoint: Point(x: 150, y: 200)) == "E")
        #expect(scene.hitTest(screenPoint: Point(x: .nan, y: 1)) == nil)
        #expect(scene.kindDescription(of: "E") == "a view")
        #expect(scene.kindDescription(of: "win") == "a window")
        #expect(scene.kindDescription(of: "app") == "the application")
        #expect(scene.kindDescription(of: "zzz") == nil)
    }
}

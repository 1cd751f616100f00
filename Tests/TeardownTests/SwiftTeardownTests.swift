import HitKit
import HitKitScene
import HitTestCore
import Testing

/// Freeing never recurses per level: a scene at the format's depth limit is loaded and freed on a
/// thread with a 256 KiB stack, once for each kind of thing that holds it — the scene
/// description, the built scene, the application alone, a view tree alone, an engine store.
/// Freed recursively, each level costs hundreds of bytes of stack (more in debug and ASan
/// builds), so any of these would crash the process at this depth.
@Suite("Deep teardown on a small stack, through Swift")
struct SwiftTeardownTests {
    @Test func theDeepestChainIsTheFormatsLimit() throws {
        let deepest = try DeepSceneFile(), deeper = try DeepSceneFile(depth: DeepSceneFile.deepestChain + 1)
        defer { deepest.remove(); deeper.remove() }
        #expect(Self.chainDepth(of: try SceneLoader.load(contentsOf: deepest.path)) == deepest.depth)
        #expect(throws: SceneError.self) { try SceneLoader.load(contentsOf: deeper.path) }
    }

    @Test func aSceneDescription() throws {
        let file = try DeepSceneFile()
        defer { file.remove() }
        let path = file.path
        let depth = try SmallStack.run { () -> Int in
            guard var scene = try? SceneLoader.load(contentsOf: path) else { return -1 }
            let depth = Self.chainDepth(of: scene)
            scene.windows = []  // the whole chain goes here
            return depth
        }
        #expect(depth == file.depth)
    }

    @Test func aBuiltScene() throws {
        let file = try DeepSceneFile()
        defer { file.remove() }
        let (path, innermost) = (file.path, file.innermostID)
        let outcome = try SmallStack.run { () -> Outcome in
            var scene = try? LoadedScene.load(contentsOf: path)
            let answer = scene?.hitTest(screenPoint: Point(x: 1, y: 1))
            weak let application = scene?.application, view = scene?.view(withID: innermost)
            scene = nil
            return Outcome(answer: answer, freed: application == nil && view == nil)
        }
        #expect(outcome == Outcome(answer: innermost, freed: true))
    }

    @Test func aBuiltSceneWithAControllerOnEveryView() throws {
        let file = try DeepSceneFile(controllers: true)
        defer { file.remove() }
        let path = file.path
        let outcome = try SmallStack.run { () -> Outcome in
            var scene = try? LoadedScene.load(contentsOf: path)
            weak let application = scene?.application
            weak let controller = scene?.responder(withID: "c\(DeepSceneFile.deepestChain - 1)") as? ViewController
            let answer = controller?.parent.flatMap { scene?.id(of: $0) }
            scene = nil
            return Outcome(answer: answer, freed: application == nil && controller == nil)
        }
        #expect(outcome == Outcome(answer: "c\(DeepSceneFile.deepestChain - 2)", freed: true))
    }

    @Test func anApplication() throws {
        let file = try DeepSceneFile()
        defer { file.remove() }
        let (path, innermost) = (file.path, file.innermostID)
        let outcome = try SmallStack.run { () -> Outcome in
            guard let scene = try? LoadedScene.load(contentsOf: path) else { return Outcome(answer: nil, freed: false) }
            // The application keeps its windows, and they their views, once the scene is gone.
            var application: Application? = scene.application
            weak let view = scene.view(withID: innermost)
            _ = consume scene
            let answer = application?.hitTest(screenPoint: Point(x: 1, y: 1)) === view
            let views = application?.store.liveViewCount
            application = nil
            return Outcome(answer: answer ? views.map(String.init) : nil, freed: view == nil)
        }
        #expect(outcome == Outcome(answer: String(file.depth + 1), freed: true))
    }

    @Test func aViewTree() throws {
        let file = try DeepSceneFile()
        defer { file.remove() }
        let (path, innermost) = (file.path, file.innermostID)
        let outcome = try SmallStack.run { () -> Outcome in
            guard let scene = try? LoadedScene.load(contentsOf: path) else { return Outcome(answer: nil, freed: false) }
            // Taken out of its window and held only here: the chain is this view's alone.
            var tree = scene.view(withID: "v0")
            tree?.removeFromSuperview()
            weak let view = scene.view(withID: innermost), application = scene.application
            _ = consume scene
            let kept = application == nil && view != nil
            tree = nil
            return Outcome(answer: kept ? "kept" : nil, freed: view == nil)
        }
        #expect(outcome == Outcome(answer: "kept", freed: true))
    }

    @Test func anEngineStore() throws {
        let file = try DeepSceneFile()
        defer { file.remove() }
        let path = file.path
        let views = try SmallStack.run { () -> Int in
            guard let scene = try? SceneLoader.load(contentsOf: path), let window = scene.windows.first else { return -1 }
            // The scene's chain as rows of a store, each view under the one before.
            var store: ViewStore? = ViewStore()
            guard var parent = try? store?.makeWindow(frame: Rect(0, 0, 100, 100)) else { return -1 }
            var level = window.view.subviews.first
            while let description = level, let child = try? store?.makeView(frame: description.geometry.frame ?? .zero) {
                try? store?.addSubview(child, to: parent)
                parent = child
                level = description.subviews.first
            }
            let views = store?.liveViewCount ?? -1
            store = nil
            return views
        }
        #expect(views == file.depth + 1)
    }

    /// What a teardown test saw: the answer it checked before freeing, and whether everything went.
    struct Outcome: Equatable, Sendable {
        var answer: String?
        var freed: Bool
    }

    /// How many views deep the first window's chain of first subviews goes.
    static func chainDepth(of scene: SceneDescription) -> Int {
        var depth = 0
        var level = scene.windows.first?.view.subviews.first
        while let view = level {
            depth += 1
            level = view.subviews.first
        }
        return depth
    }
}

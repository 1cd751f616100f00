import HitKit
import HitTestCore
import Testing
@testable import HitKitScene

/// Scene scroll views (Behaviour B4) built into the façade's scroll views. What they do to touches is
/// checked by the `scroll-*` scenarios.
@Suite("Scene scroll views")
struct SceneScrollViewTests {
    @Test func theKeysReachTheScrollView() throws {
        let scene = try LoadedScene.load(contentsOf: Fixtures.scenes.appendingPathComponent("gestures-controls.json").path)
        let list = try #require(scene.view(withID: "list") as? ScrollView)
        #expect(list.contentSize == Size(width: 375, height: 1000))
        #expect(list.contentOffset == Point(x: 0, y: 10))
        #expect(list.delaysContentTouches && !list.canCancelContentTouches)
        #expect(scene.id(of: list) == "list")
        #expect(scene.view(withID: "listRow").map { type(of: $0) == View.self } == true)
        // The built-in recognizers are the scroll view's own, not scene gestures.
        let builtIn = list.gestureRecognizers.filter { $0.isScrollViewBuiltIn }
        #expect(builtIn.count == 2 && builtIn.count == list.gestureRecognizers.count)
    }

    @Test func aScrollViewThatIsAlsoAControlIsBuiltAsTheControl() throws {
        let scene = try SceneBuilder.build(try SceneLoader.decode(text: """
            { "windows": [ { "id": "win", "frame": [0, 0, 100, 100],
                             "subviews": [ { "id": "both", "frame": [0, 0, 50, 50], "control": { "type": "button" },
                                             "scrollView": { "contentSize": [10, 10] } } ] } ] }
            """, file: "s.json"))
        #expect(scene.view(withID: "both").map { type(of: $0) == Button.self } == true)
    }
}

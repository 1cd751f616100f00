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

    /// B4's motion keys and the top-level `animationFrameInterval` reach the scroll view and the
    /// application; absent, each has A6 / A6.1's default.
    @Test func theMotionKeysAndTheFrameIntervalReachTheScrollViewAndTheApplication() throws {
        func build(_ scrollView: String, top: String = "") throws -> (LoadedScene, ScrollView) {
            let scene = try SceneBuilder.build(try SceneLoader.decode(text: """
                { \(top) "windows": [ { "id": "win", "frame": [0, 0, 400, 400],
                  "subviews": [ { "id": "list", "frame": [0, 0, 400, 400], "scrollView": \(scrollView) } ] } ] }
                """, file: "s.json"))
            return (scene, try #require(scene.view(withID: "list") as? ScrollView))
        }
        let (given, list) = try build("""
            { "contentSize": [400, 2000], "bounces": false, "alwaysBounceVertical": true,
              "alwaysBounceHorizontal": true, "pagingEnabled": true, "decelerationRate": 0.995,
              "delaysContentTouches": false, "canCancelContentTouches": false }
            """, top: "\"animationFrameInterval\": 0.008,")
        #expect(!list.bounces && list.alwaysBounceVertical && list.alwaysBounceHorizontal && list.isPagingEnabled)
        #expect(list.decelerationRate.rawValue == 0.995)
        #expect(!list.delaysContentTouches && !list.canCancelContentTouches)
        #expect(given.application.animationFrameInterval == 0.008)
        list.setContentOffset(Point(0, 300), animated: true)
        #expect(given.application.nextDeadline == 0.008)

        let (defaults, plain) = try build(#"{ "contentSize": [400, 2000] }"#)
        #expect(plain.bounces && !plain.alwaysBounceVertical && !plain.alwaysBounceHorizontal && !plain.isPagingEnabled)
        #expect(plain.decelerationRate == .normal)
        #expect(plain.delaysContentTouches && plain.canCancelContentTouches)
        #expect(plain.contentOffset == Point(0, 0))
        #expect(defaults.application.animationFrameInterval == 1.0 / 60)

        let (_, fast) = try build(#"{ "contentSize": [400, 2000], "decelerationRate": "fast" }"#)
        #expect(fast.decelerationRate.rawValue == 0.99)
        let (_, normal) = try build(#"{ "contentSize": [400, 2000], "decelerationRate": "normal" }"#)
        #expect(normal.decelerationRate.rawValue == 0.998)

        // Each axis' key reaches its own property (set together above, a swap would go unseen).
        let (_, horizontal) = try build(#"{ "contentSize": [400, 2000], "alwaysBounceHorizontal": true }"#)
        #expect(horizontal.alwaysBounceHorizontal && !horizontal.alwaysBounceVertical)
        let (_, vertical) = try build(#"{ "contentSize": [400, 2000], "alwaysBounceVertical": true }"#)
        #expect(vertical.alwaysBounceVertical && !vertical.alwaysBounceHorizontal)
    }

    @Test func aScrollViewThatIsAlsoAControlIsBuiltAsTheControl() throws {
        let scene = try SceneBuilder.build(try SceneLoader.decode(text: """
            { "windows": [ { "id": "win", "frame": [0, 0, 100, 100],
                             "subviews": [ { "id": "both", "frame": [0, 0, 50, 50], "control": { "type": "button" },
                                             "scrollView": { "contentSize": [10, 10] } } ] } ] }
            """, file: "s.json"))
        #expect(scene.view(withID: "both").map { type(of: $0) == Button.self } == true)
    }

    /// A content offset that is not a finite number (beyond a double's range) is a file error:
    /// the scroll view would ignore it.
    @Test func aContentOffsetThatIsNotFiniteIsAFileError() {
        for offset in ["[0, 1e999]", "[-1e999, 0]"] {
            #expect(throws: SceneError.self, "\(offset)") {
                try SceneLoader.decode(text: """
                    { "windows": [ { "id": "win", "frame": [0, 0, 100, 100],
                      "subviews": [ { "id": "list", "frame": [0, 0, 50, 50],
                                      "scrollView": { "contentSize": [10, 100], "contentOffset": \(offset) } } ] } ] }
                    """, file: "s.json")
            }
        }
    }
}

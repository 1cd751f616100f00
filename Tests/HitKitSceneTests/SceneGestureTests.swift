import Foundation
import HitKit
import HitTestCore
import Testing
@testable import HitKitScene

/// Scene gestures (Behaviour B2) built into the façade's recognizers: types, keys, delegates, and
/// the log lines of their state changes (B6).
@Suite("Scene gestures")
struct SceneGestureTests {
    func loaded(_ name: String) throws -> LoadedScene {
        try LoadedScene.load(contentsOf: Fixtures.scenes.appendingPathComponent("\(name).json").path)
    }

    @Test func everyTypeAndKeyReachesTheRecognizer() throws {
        let scene = try loaded("gestures-controls")
        let doubleTap = try #require(scene.gestureRecognizer(withID: "doubleTap") as? TapGestureRecognizer)
        #expect(doubleTap.numberOfTapsRequired == 2 && doubleTap.numberOfTouchesRequired == 1)
        #expect(doubleTap.allowableMovement == 12.5)
        #expect(!doubleTap.cancelsTouchesInView && doubleTap.delaysTouchesBegan && !doubleTap.delaysTouchesEnded)
        let singleTap = try #require(scene.gestureRecognizer(withID: "singleTap") as? TapGestureRecognizer)
        #expect(singleTap.numberOfTapsRequired == 1 && singleTap.cancelsTouchesInView && singleTap.delaysTouchesEnded)
        let press = try #require(scene.gestureRecognizer(withID: "press") as? LongPressGestureRecognizer)
        #expect(press.minimumPressDuration == 0.8 && press.numberOfTapsRequired == 0 && !press.isEnabled)
        let pan = try #require(scene.gestureRecognizer(withID: "pan") as? PanGestureRecognizer)
        #expect(!(pan is ScreenEdgePanGestureRecognizer))
        #expect(pan.minimumNumberOfTouches == 1 && pan.maximumNumberOfTouches == 2 && pan.isEnabled)
        let swipe = try #require(scene.gestureRecognizer(withID: "swipe") as? SwipeGestureRecognizer)
        #expect(swipe.direction == [.left, .right] && swipe.numberOfTouchesRequired == 2)
        let swipeUp = try #require(scene.gestureRecognizer(withID: "swipeUp") as? SwipeGestureRecognizer)
        #expect(swipeUp.direction == .up && swipeUp.numberOfTouchesRequired == 1)
        #expect(scene.gestureRecognizer(withID: "pinch") is PinchGestureRecognizer)
        #expect(scene.gestureRecognizer(withID: "rotation") is RotationGestureRecognizer)
        let edge = try #require(scene.gestureRecognizer(withID: "edge") as? ScreenEdgePanGestureRecognizer)
        #expect(edge.edges == .left)
        #expect(scene.gestureRecognizer(withID: "button") == nil)
    }

    @Test func recognizersAreAttachedInFileOrder() throws {
        let scene = try loaded("gestures-controls")
        let view = try #require(scene.gestureRecognizer(withID: "doubleTap")?.view)
        let ids = ["doubleTap", "singleTap", "press", "pan", "swipe", "swipeUp", "pinch", "rotation", "edge"]
        let expected = try ids.map { try #require(scene.gestureRecognizer(withID: $0)) }
        #expect(view.gestureRecognizers.count == expected.count)
        #expect(zip(view.gestureRecognizers, expected).allSatisfy { $0 === $1 })
    }

    @Test func theDelegateAnswersAsTheSceneSays() throws {
        let scene = try loaded("gestures-controls")
        let singleTap = try #require(scene.gestureRecognizer(withID: "singleTap"))
        let pan = try #require(scene.gestureRecognizer(withID: "pan"))
        let doubleTap = try #require(scene.gestureRecognizer(withID: "doubleTap"))
        let press = try #require(scene.gestureRecognizer(withID: "press"))
        let delegate = try #require(singleTap.delegate)
        #expect(delegate.gestureRecognizerShouldBegin(singleTap))
        #expect(delegate.gestureRecognizer(singleTap, shouldRecognizeSimultaneouslyWith: pan))
        #expect(!delegate.gestureRecognizer(singleTap, shouldRecognizeSimultaneouslyWith: doubleTap))
        #expect(delegate.gestureRecognizer(singleTap, shouldRequireFailureOf: doubleTap))
        #expect(!delegate.gestureRecognizer(singleTap, shouldRequireFailureOf: pan))
        #expect(delegate.gestureRecognizer(singleTap, shouldBeRequiredToFailBy: press))
        #expect(!delegate.gestureRecognizer(singleTap, shouldBeRequiredToFailBy: doubleTap))
        let panDelegate = try #require(pan.delegate)
        #expect(panDelegate.gestureRecognizer(pan, shouldRecognizeSimultaneouslyWith: press))
        #expect(doubleTap.delegate == nil)
    }
}

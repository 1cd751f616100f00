import Testing
@testable import HitKitScene
import HitTestCore

@Suite("Decoding scene files into the scene model")
struct SceneDecoderTests {
    func decode(_ text: String) throws -> SceneDescription {
        try SceneLoader.decode(text: text, file: "test.json")
    }

    func error(_ text: String) -> SceneError? {
        do {
            _ = try SceneLoader.decode(text: text, file: "test.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func everyFlagHasItsUIKitDefault() throws {
        let scene = try decode(#"{"windows": [{"id": "w", "subviews": [{"id": "v"}]}]}"#)
        let view = scene.windows[0].view.subviews[0]
        #expect(view.flags == SceneDescription.Flags())
        let flags = view.flags
        #expect(!flags.hidden && flags.alpha == 1 && flags.userInteractionEnabled && !flags.clipsToBounds)
        #expect(!flags.multipleTouchEnabled && !flags.exclusiveTouch && !flags.passThrough)
        #expect(!flags.hitsOutsideBounds && !flags.redirectsToSuperview && !flags.canBecomeFirstResponder)
        #expect(flags.hitTestInsets == .zero && flags.minimumHitSize == .zero)
        #expect(view.traits == SceneDescription.ResponderTraits(touches: .forward, actions: []))
        #expect(scene.windows[0].level == 0 && scene.windows[0].key == nil)
    }

    @Test func everyFlagIsRead() throws {
        let scene = try decode(#"""
            {"windows": [{"id": "w", "subviews": [{"id": "v", "hidden": true, "alpha": 0.5,
              "userInteractionEnabled": false, "clipsToBounds": true, "multipleTouchEnabled": true,
              "exclusiveTouch": true, "passThrough": true, "hitsOutsideBounds": true,
              "redirectsToSuperview": true, "hitTestInsets": [1, 2, 3, 4], "minimumHitSize": [44, 30],
              "canBecomeFirstResponder": true, "touches": "logAndForward", "actions": ["copy", "paste"]}]}]}
            """#)
        let view = scene.windows[0].view.subviews[0]
        var expected = SceneDescription.Flags()
        expected.hidden = true
        expected.alpha = 0.5
        expected.userInteractionEnabled = false
        expected.clipsToBounds = true
        expected.multipleTouchEnabled = true
        expected.exclusiveTouch = true
        expected.passThrough = true
        expected.hitsOutsideBounds = true
        expected.redirectsToSuperview = true
        expected.hitTestInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        expected.minimumHitSize = Size(width: 44, height: 30)
        expected.canBecomeFirstResponder = true
        #expect(view.flags == expected)
        #expect(view.traits == SceneDescription.ResponderTraits(touches: .logAndForward, actions: ["copy", "paste"]))
    }

    @Test func frameSetsCenterAndSizeAndABoundsWithItKeepsTheFramesCenter() throws {
        let scene = try decode(#"""
            {"windows": [{"id": "w", "subviews": [
              {"id": "f", "frame": [10, 20, 30, 40]},
              {"id": "fb", "frame": [10, 20, 30, 40], "bounds": [5, 6, 100, 200]},
              {"id": "cb", "center": [1, 2], "bounds": [3, 4, 5, 6], "transform": [2, 0, 0, 2, 7, 8], "anchorPoint": [0, 1]},
              {"id": "none"}]}]}
            """#)
        let views = scene.windows[0].view.subviews.map(\.geometry.resolved)
        #expect(views[0].center == Point(x: 25, y: 40) && views[0].bounds == Rect(x: 0, y: 0, width: 30, height: 40))
        #expect(views[1].center == Point(x: 25, y: 40) && views[1].bounds == Rect(x: 5, y: 6, width: 100, height: 200))
        #expect(views[2].center == Point(x: 1, y: 2) && views[2].bounds == Rect(x: 3, y: 4, width: 5, height: 6))
        #expect(views[2].transform == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 7, ty: 8))
        #expect(views[2].anchorPoint == Point(x: 0, y: 1))
        #expect(views[3].center == .zero && views[3].bounds == .zero && views[3].transform == .identity)
        #expect(views[3].anchorPoint == Point(x: 0.5, y: 0.5))
    }

    @Test func theKeyWindowIsTheOneMarkedElseTheFirstNotMarkedFalse() throws {
        #expect(try decode(#"{"windows": [{"id": "a"}, {"id": "b"}]}"#).keyWindowIndex == 0)
        #expect(try decode(#"{"windows": [{"id": "a"}, {"id": "b", "key": true}]}"#).keyWindowIndex == 1)
        #expect(try decode(#"{"windows": [{"id": "a", "key": false}, {"id": "b"}]}"#).keyWindowIndex == 1)
        #expect(try decode(#"{"windows": [{"id": "a", "key": false}]}"#).keyWindowIndex == nil)
        #expect(try decode(#"{"windows": []}"#).keyWindowIndex == nil)
    }

    @Test func aMissingApplicationIsAppWithoutDelegate() throws {
        let scene = try decode(#"{"windows": []}"#)
        #expect(scene.application == SceneDescription.Application(id: "app", delegate: nil))
        let named = try decode(#"{"application": {"delegate": "d", "delegateActions": ["save"]}, "windows": []}"#)
        #expect(named.application.id == "app" && named.application.delegate == "d")
        #expect(named.application.delegateTraits.actions == ["save"])
    }

    @Test func idsMayUseLettersDigitsUnderscoreDashAndDot() throws {
        let scene = try decode(#"{"windows": [{"id": "Win_1-a.b", "subviews": [{"id": "9"}]}]}"#)
        #expect(scene.windows[0].view.id == "Win_1-a.b")
        // Letters and digits of any script, a letter with a combining accent, and the words
        // `hitkit convert` and `hitkit hit-test` give a meaning: B1 reserves none of them.
        for good in ["é", "cafe\u{301}", "Ωμέγα", "東京", "٣", "-", ".", "screen"] {
            let scene = try decode(#"{"windows": [{"id": "\#(good)"}]}"#)
            #expect(scene.windows[0].view.id == good)
        }
        for bad in ["a b", "a/b", "a:b", "ok👍", "½", "a\u{2028}b", "\u{301}"] {
            let failure = error(#"{"windows": [{"id": "\#(bad)"}]}"#)
            #expect(failure?.path?.description == "windows[0].id", "\(bad)")
        }
    }

    @Test func twoSpellingsOfOneTextAreOneId() throws {
        // `é` as one character and as `e` with a combining accent: equal as Swift compares strings.
        let failure = error(#"{"windows": [{"id": "\#("caf\u{E9}")"}, {"id": "\#("cafe\u{301}")"}]}"#)
        #expect(failure?.path?.description == "windows[1].id")
    }

    @Test func referencesMayPointForward() throws {
        let scene = try decode(#"""
            {"firstResponder": "later", "windows": [
              {"id": "w", "rootViewController": "vc", "subviews": [
                {"id": "v", "viewController": {"id": "vc", "presentedBy": "other"},
                 "gestures": [{"id": "g1", "type": "tap", "requiresFailureOf": ["g2"]}]}]},
              {"id": "w2", "subviews": [{"id": "later", "canBecomeFirstResponder": true,
                "viewController": {"id": "other"}, "gestures": [{"id": "g2", "type": "tap", "taps": 2}]}]}]}
            """#)
        #expect(scene.windows[0].view.subviews[0].viewController?.presentedBy == "other")
        #expect(scene.windows[0].view.subviews[0].gestures[0].requiresFailureOf == ["g2"])
        #expect(scene.firstResponder == "later")
    }

    @Test func gestureControlAndScrollViewKeysAreKeptForLaterLayers() throws {
        let scene = try SceneLoader.load(contentsOf: Fixtures.scenes.appendingPathComponent("gestures-controls.json").path)
        let root = scene.windows[0].view.subviews[0]
        let gestures = Dictionary(uniqueKeysWithValues: root.gestures.map { ($0.id, $0) })
        #expect(root.gestures.map(\.id) == ["doubleTap", "singleTap", "press", "pan", "swipe", "swipeUp", "pinch", "rotation", "edge"])
        #expect(gestures["doubleTap"]?.taps == 2 && gestures["doubleTap"]?.allowableMovement == 12.5)
        #expect(gestures["doubleTap"]?.cancelsTouchesInView == false && gestures["doubleTap"]?.delaysTouchesBegan == true)
        #expect(gestures["doubleTap"]?.delaysTouchesEnded == false && gestures["doubleTap"]?.logTouches == true)
        #expect(gestures["singleTap"]?.requiresFailureOf == ["doubleTap"])
        #expect(gestures["singleTap"]?.delegate == .init(shouldReceiveTouch: .ownViewOnly, shouldBegin: true,
                                                         simultaneousWith: .ids(["pan"]), requireFailureOf: ["doubleTap"],
                                                         requiredToFailBy: ["press"]))
        #expect(gestures["press"]?.kind == .longPress && gestures["press"]?.minimumPressDuration == 0.8)
        #expect(gestures["press"]?.taps == 0 && gestures["press"]?.enabled == false)
        #expect(gestures["pan"]?.minimumTouches == 1 && gestures["pan"]?.maximumTouches == 2)
        #expect(gestures["pan"]?.delegate?.simultaneousWith == .all && gestures["pan"]?.delegate?.shouldReceiveTouch == .never)
        #expect(gestures["swipe"]?.direction == [.left, .right] && gestures["swipe"]?.touches == 2)
        #expect(gestures["swipeUp"]?.direction == [.up] && gestures["swipeUp"]?.logTouches == false)
        #expect(gestures["edge"]?.kind == .screenEdgePan && gestures["edge"]?.edges == [.left])

        let controls = Dictionary(uniqueKeysWithValues: root.subviews.compactMap { view in view.control.map { (view.id, $0) } })
        #expect(controls["button"]?.kind == .button && controls["button"]?.logTracking == true)
        #expect(controls["button"]?.targets == [
            .init(events: [.touchUpInside], target: "vc", action: "buttonTapped"),
            .init(events: [.touchDown, .touchCancel], target: nil, action: "pressed"),
            .init(events: [.primaryActionTriggered], target: nil, action: "primary"),
        ])
        #expect(controls["toggle"]?.isOn == true)
        #expect(controls["slider"]?.value == 5 && controls["slider"]?.maximumValue == 10 && controls["slider"]?.isContinuous == false)
        #expect(controls["stepper"]?.stepValue == 0.5 && controls["stepper"]?.wraps == true && controls["stepper"]?.autorepeat == false)
        #expect(controls["segments"]?.segments == .titles(["One", "Two", "Three"]) && controls["segments"]?.selectedSegmentIndex == 1)
        #expect(controls["segmentCount"]?.segments == .count(2) && controls["segmentCount"]?.selectedSegmentIndex == -1)
        #expect(controls["pages"]?.numberOfPages == 4 && controls["pages"]?.currentPage == 3)
        #expect(controls["custom"]?.kind == .control && controls["custom"]?.enabled == false)

        let list = try #require(root.subviews.first { $0.id == "list" }?.scrollView)
        #expect(list.contentSize == Size(width: 375, height: 1000) && list.contentOffset == Point(x: 0, y: 10))
        #expect(list.delaysContentTouches && !list.canCancelContentTouches)
    }

    @Test func theFirstErrorInFileOrderIsReported() {
        // Two problems: the one earlier in the file wins.
        let failure = error(#"{"windows": [{"id": "w", "alpha": 2, "hidden": 1}]}"#)
        #expect(failure?.path?.description == "windows[0].alpha")
        let swapped = error(#"{"windows": [{"id": "w", "hidden": 1, "alpha": 2}]}"#)
        #expect(swapped?.path?.description == "windows[0].hidden")
    }

    @Test func aSceneInsideAnotherDocumentReportsItsFullPath() throws {
        let document = try JSONParser.parse(#"{"scene": {"windows": [{"id": "w", "frame": [1]}]}}"#)
        guard case .object(let members) = document else { Issue.record("not an object"); return }
        #expect(throws: SceneError(file: "s.json", location: .path(JSONPath([.key("scene"), .key("windows"), .index(0), .key("frame")])),
                                   message: "expected [x, y, w, h], an array of 4 numbers, found an array of 1 element")) {
            try SceneDecoder.decode(members.first!.value, at: .root / "scene", file: "s.json")
        }
    }

    @Test func anUnreadableFileIsReportedAsSuch() {
        #expect(throws: SceneError(file: "/nonexistent/scene.json", location: .file, message: "cannot read the file: no such file")) {
            try SceneLoader.load(contentsOf: "/nonexistent/scene.json")
        }
    }
}

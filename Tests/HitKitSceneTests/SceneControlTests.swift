import HitKit
import Testing
@testable import HitKitScene

/// Scene controls (Behaviour B3) built into the façade's controls: the class of each type, its values,
/// `enabled` and targets. What they log is checked by the `control-*` scenarios.
@Suite("Scene controls")
struct SceneControlTests {
    let scene: LoadedScene

    init() throws {
        scene = try LoadedScene.load(contentsOf: Fixtures.scenes.appendingPathComponent("gestures-controls.json").path)
    }

    /// Whether `object` is an instance of exactly `type` (not of a subclass): scenes build the
    /// façade's own classes.
    func isExactly<T: AnyObject>(_ object: AnyObject?, _ type: T.Type) -> Bool {
        object.map { Swift.type(of: $0) == type } ?? false
    }

    @Test func eachTypeIsBuiltAsItsControlClassAndKeepsItsSceneIdentity() throws {
        #expect(isExactly(scene.view(withID: "button"), Button.self))
        #expect(isExactly(scene.view(withID: "toggle"), Switch.self))
        #expect(isExactly(scene.view(withID: "slider"), Slider.self))
        #expect(isExactly(scene.view(withID: "stepper"), Stepper.self))
        #expect(isExactly(scene.view(withID: "segments"), SegmentedControl.self))
        #expect(isExactly(scene.view(withID: "pages"), PageControl.self))
        let custom = try #require(scene.view(withID: "custom"))
        #expect(isExactly(custom, Control.self))
        #expect(isExactly(scene.view(withID: "listRow"), View.self))
        #expect(scene.id(of: custom) == "custom")
        #expect(scene.responderChain(from: "button")?.prefix(2) == ["button", "root"])
    }

    @Test func valuesAndEnabledReachTheControls() throws {
        let toggle = try #require(scene.view(withID: "toggle") as? Switch)
        #expect(toggle.isOn && toggle.isEnabled)
        let slider = try #require(scene.view(withID: "slider") as? Slider)
        #expect(slider.minimumValue == 0 && slider.maximumValue == 10 && slider.value == 5 && !slider.isContinuous)
        let stepper = try #require(scene.view(withID: "stepper") as? Stepper)
        #expect(stepper.value == 3 && stepper.maximumValue == 10 && stepper.stepValue == 0.5 && stepper.wraps && stepper.isContinuous && !stepper.autorepeat)
        let segments = try #require(scene.view(withID: "segments") as? SegmentedControl)
        #expect(segments.numberOfSegments == 3 && segments.titleForSegment(at: 2) == "Three" && segments.selectedSegmentIndex == 1)
        let count = try #require(scene.view(withID: "segmentCount") as? SegmentedControl)
        #expect(count.numberOfSegments == 2 && count.selectedSegmentIndex == SegmentedControl.noSegment)
        let pages = try #require(scene.view(withID: "pages") as? PageControl)
        #expect(pages.numberOfPages == 4 && pages.currentPage == 3)
        let custom = try #require(scene.view(withID: "custom") as? Control)
        #expect(!custom.isEnabled)
    }

    @Test func targetsAreRegisteredForTheirEvents() throws {
        let button = try #require(scene.view(withID: "button") as? Control)
        let vc = try #require(scene.responder(withID: "vc"))
        #expect(button.actions(forTarget: vc, forControlEvent: .touchUpInside) == [Action("buttonTapped")])
        #expect(button.actions(forTarget: nil, forControlEvent: .touchDown) == [Action("pressed")])
        #expect(button.actions(forTarget: nil, forControlEvent: .touchCancel) == [Action("pressed")])
        #expect(button.actions(forTarget: nil, forControlEvent: .primaryActionTriggered) == [Action("primary")])
        #expect(button.allControlEvents == [.touchUpInside, .touchDown, .touchCancel, .primaryActionTriggered])
        let slider = try #require(scene.view(withID: "slider") as? Control)
        let delegate = try #require(scene.responder(withID: "appDelegate"))
        #expect(slider.actions(forTarget: delegate, forControlEvent: .valueChanged) == [Action("changed")])
    }
}

/// The value controls' values after the `control-value-controls` scenario: the log shows that
/// `valueChanged` was sent, these show which way each value went.
@Suite("Scene value controls after a replay")
struct SceneValueControlReplayTests {
    @Test func eachTapMovedItsValueTheRightWay() throws {
        let path = Fixtures.scenarios.appendingPathComponent("control-value-controls.json").path
        let scenario = try ScenarioLoader.load(contentsOf: path)
        let scene = try SceneBuilder.build(scenario.scene, file: path)
        ScenarioReplayer.replay(scenario.steps, into: scene)
        #expect(scene.log.lines == scenario.expectedLog)
        // Segment C selected (B was, and a tap on it changed nothing); the stepper went up
        // twice and down once from 3; the page control went right twice and left once from 0.
        #expect((scene.view(withID: "segments") as? SegmentedControl)?.selectedSegmentIndex == 2)
        #expect((scene.view(withID: "stepper") as? Stepper)?.value == 3.5)
        #expect((scene.view(withID: "pages") as? PageControl)?.currentPage == 1)
    }
}

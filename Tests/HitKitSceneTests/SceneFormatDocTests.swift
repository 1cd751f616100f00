import Foundation
import Testing
@testable import HitKitScene

/// Docs/SceneFormat.md is where a suite's author learns the files' keys (Behaviour B1–B5): every
/// key a loader accepts must be named there, in backticks or as a quoted JSON key, so that a key
/// added to a loader without its documentation fails here.
@Suite("Scene format: every accepted key is documented")
struct SceneFormatDocTests {
    static let keyLists: [(String, [String])] = [
        ("scene", SceneDecoder.sceneKeys),
        ("application", SceneDecoder.applicationKeys),
        ("view", SceneDecoder.viewKeys),
        ("window", SceneDecoder.windowOnlyKeys),
        ("view controller", SceneDecoder.viewControllerKeys),
        ("gesture", SceneDecoder.gestureKeys),
        ("gesture delegate", SceneDecoder.gestureDelegateKeys),
        ("control", SceneDecoder.controlKeys),
        ("control target", SceneDecoder.targetKeys),
        ("scroll view", SceneDecoder.scrollViewKeys),
        ("key command", SceneDecoder.keyCommandKeys),
        ("context menu", SceneDecoder.contextMenuKeys),
        ("menu item", SceneDecoder.menuItemKeys),
        ("drag", SceneDecoder.dragKeys),
        ("drop", SceneDecoder.dropKeys),
        ("scenario", ScenarioLoader.scenarioKeys),
        ("step", ScenarioLoader.stepKeys),
        ("touch", ScenarioLoader.touchKeys + ScenarioLoader.highRateTouchKeys),
        ("sample", ScenarioLoader.sampleKeys),
        ("pointer", ScenarioLoader.pointerKeys),
        ("scroll", ScenarioLoader.scrollKeys),
        ("touchpad", ScenarioLoader.touchpadKeys),
        ("key event", ScenarioLoader.keyEventKeys),
        ("edit", ScenarioLoader.allEditKeys + ScenarioLoader.editableViewKeys),
        ("scroll view edit", ScenarioLoader.scrollViewEditKeys + ScenarioLoader.scrollViewSetKeys),
    ]

    static let document: String = {
        let url = Fixtures.root.appendingPathComponent("Docs/SceneFormat.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test("the document is there")
    func documentRead() {
        #expect(Self.document.count > 10_000)
    }

    @Test("every key is named", arguments: keyLists.map(\.0))
    func keysNamed(_ object: String) {
        let keys = Self.keyLists.first { $0.0 == object }!.1
        let missing = keys.filter { key in
            !Self.document.contains("`\(key)`") && !Self.document.contains("\"\(key)\"")
        }
        #expect(missing.isEmpty, "\(object) keys missing from Docs/SceneFormat.md: \(missing)")
    }
}

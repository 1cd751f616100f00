import Testing
@testable import HitKitScene

/// The decoder remembers where each id was declared as a document node and rebuilds the path only
/// for a message: every kind of declaration must still be named by its full path.
@Suite("Paths of declared ids in messages")
struct DeclarationPathTests {
    func message(_ text: String) -> String? {
        do {
            _ = try SceneLoader.decode(text: text, file: "test.json")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aViewDeepInTheHierarchyIsNamedByItsFullPath() {
        let text = #"""
        {"windows": [{"id": "w0"}, {"id": "w", "subviews": [{"id": "x"}, {"id": "y", "subviews": [{"id": "z"}, {"id": "a"}]}]}],
         "firstResponder": "a"}
        """#
        #expect(message(text) == #"expected a view or window with "canBecomeFirstResponder": true; "a" (windows[1].subviews[1].subviews[1].id) cannot become first responder"#)
    }

    @Test func eachKindOfDeclarationIsNamedWhereItIs() {
        let delegate = #"{"application": {"delegate": "d"}, "windows": [{"id": "w", "subviews": [{"id": "d"}]}]}"#
        #expect(message(delegate) == #"duplicate id "d": already used by the application's delegate at application.delegate (ids are unique in the whole file)"#)
        let application = #"{"application": {"id": "a"}, "windows": [{"id": "a"}]}"#
        #expect(message(application) == #"duplicate id "a": already used by the application at application.id (ids are unique in the whole file)"#)
        let gesture = #"{"windows": [{"id": "w", "gestures": [{"id": "t", "type": "tap"}], "subviews": [{"id": "t"}]}]}"#
        #expect(message(gesture) == #"duplicate id "t": already used by a gesture recognizer at windows[0].gestures[0].id (ids are unique in the whole file)"#)
        let controller = #"{"windows": [{"id": "w", "subviews": [{"id": "v", "viewController": {"id": "c"}}, {"id": "c"}]}]}"#
        #expect(message(controller) == #"duplicate id "c": already used by a view controller at windows[0].subviews[0].viewController.id (ids are unique in the whole file)"#)
        let implicitApplication = #"{"windows": [{"id": "app"}]}"#
        #expect(message(implicitApplication) == #"duplicate id "app": a scene without "application" gives the application the id "app""#)
        let target = #"{"application": {"id": "a", "delegate": "d"}, "windows": [{"id": "w"}], "firstResponder": "d"}"#
        #expect(message(target) == #"expected the id of a view or window with "canBecomeFirstResponder": true; "d" is the application's delegate (application.delegate)"#)
    }

    @Test func aSceneInsideAScenarioIsNamedFromTheScenariosRoot() throws {
        let document = try JSONParser.parse(#"{"steps": [], "scene": {"windows": [{"id": "w", "subviews": [{"id": "v"}, {"id": "v"}]}]}}"#)
        guard case .object(let members) = document else { Issue.record("not an object"); return }
        let scene = members.first { $0.key == "scene" }!.value
        #expect(throws: SceneError(file: "s.json", location: .path(.root / "scene" / "windows" / 0 / "subviews" / 1 / "id"),
                                   message: #"duplicate id "v": already used by a view at scene.windows[0].subviews[0].id (ids are unique in the whole file)"#)) {
            try SceneDecoder.decode(scene, at: .root / "scene", file: "s.json")
        }
    }
}

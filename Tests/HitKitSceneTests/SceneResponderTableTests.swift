import HitKit
import HitKitScene
import HitTestCore
import Testing

/// A built scene names its own responders and no others: its views are found by their row in the
/// store, so a view of another scene at the same row must not take its id or keys.
@Suite("The scene's responder table")
struct SceneResponderTableTests {
    static let text = #"""
        {"application": {"id": "app", "delegate": "appDelegate"},
         "windows": [{"id": "w", "frame": [0, 0, 100, 100], "touches": "log", "subviews": [
           {"id": "plain", "frame": [0, 0, 50, 50], "viewController": {"id": "vc", "actions": ["copy:"]}},
           {"id": "keyed", "frame": [50, 0, 50, 50], "actions": ["paste:"]}]}]}
        """#

    func build() throws -> LoadedScene {
        try SceneBuilder.build(try SceneLoader.decode(text: Self.text, file: "table.json"))
    }

    @Test func everyResponderHasItsIDAndKeys() throws {
        let scene = try build()
        for id in ["app", "appDelegate", "w", "plain", "vc", "keyed"] {
            let responder = try #require(scene.responder(withID: id))
            #expect(scene.id(of: responder) == id)
        }
        let plain = try #require(scene.view(withID: "plain")), keyed = try #require(scene.view(withID: "keyed"))
        let window = try #require(scene.view(withID: "w")), controller = try #require(scene.responder(withID: "vc"))
        #expect(scene.traits(of: plain) == SceneDescription.ResponderTraits())
        #expect(scene.traits(of: keyed) == SceneDescription.ResponderTraits(actions: ["paste:"]))
        #expect(scene.traits(of: window)?.touches == .log)
        #expect(scene.traits(of: controller)?.actions == ["copy:"])
        #expect(keyed.canPerformAction(Action("paste:"), withSender: nil) && !plain.canPerformAction(Action("paste:"), withSender: nil))
    }

    @Test func anotherScenesViewAtTheSameRowIsNotNamed() throws {
        let scene = try build(), other = try build()
        let mine = try #require(scene.view(withID: "keyed")), theirs = try #require(other.view(withID: "keyed"))
        #expect(mine.id.index == theirs.id.index, "the same row in two stores")
        #expect(scene.id(of: theirs) == nil && scene.traits(of: theirs) == nil)
        #expect(scene.id(of: other.application) == nil)
        #expect(scene.id(of: View(in: scene.application)) == nil, "a view made later in the same application")
    }
}

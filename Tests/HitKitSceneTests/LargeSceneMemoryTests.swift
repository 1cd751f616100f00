import Testing
@testable import HitKitScene
import HitTestCore

/// A scene's parsed document is flat: one 8-byte node per JSON value and the file's bytes, with
/// no allocation per value, so its size is a small multiple of the file's whatever the scene's size.
/// (Peak memory of whole loads is measured by Benchmarks/scene-memory.sh.)
@Suite("Large scenes in memory")
struct LargeSceneMemoryTests {
    /// Containers of 100 views, each view `{"id": …, "frame": […]}`, as the benchmark generates.
    static func scene(views: Int) -> (text: String, containers: Int) {
        let containers = (views + 99) / 100
        var text = #"{"windows": [{"id": "w", "frame": [0, 0, 1000, 1000], "subviews": ["#
        var made = 0
        for container in 0..<containers {
            text += (container == 0 ? "" : ",\n") + #"{"id": "c\#(container)", "frame": [0, 0, 100, 100], "subviews": ["#
            for index in 0..<min(100, views - made) {
                text += (index == 0 ? "" : ", ") + #"{"id": "v\#(made)", "frame": [\#(index % 10 * 10), \#(index / 10 * 10), 10, 10]}"#
                made += 1
            }
            text += "]}"
        }
        return (text + "]}]}", containers)
    }

    @Test func theDocumentIsOneSmallNodePerValue() throws {
        let views = 20_000
        let (text, containers) = Self.scene(views: views)
        let bytes = Array(text.utf8)
        let document = try JSONParser.parseDocument(bytes)
        #expect(MemoryLayout<JSONNode>.stride == 8)
        // The window's part, then per container: object, 3 keys, id, frame (5), subviews; per
        // view: object, 2 keys, id, frame (5).
        #expect(document.nodes.count == 14 + 11 * containers + 9 * views)
        #expect(document.nodes.count * MemoryLayout<JSONNode>.stride <= 2 * bytes.count)
        // The decoded scene is the same as the document says.
        let scene = try SceneLoader.decode(data: bytes, file: "large.json")
        #expect(scene.windows[0].view.subviews.count == containers)
        #expect(scene.windows[0].view.subviews.last?.subviews.last?.id == "v\(views - 1)")
    }

    /// What the loader holds at its peak (the end of decoding), counted from the structures
    /// themselves rather than sampled, so the figure is deterministic: the file's bytes and the
    /// document's nodes, the decoded views with their `subviews` buffers, and the id table at the
    /// size the decoder reserves. Benchmarks/scene-memory.sh measures the resident set it gives.
    @Test func whatTheLoaderHoldsIsUnderSixTimesTheFile() throws {
        let (text, _) = Self.scene(views: 20_000)
        let bytes = Array(text.utf8)
        let document = try JSONParser.parseDocument(bytes)
        let scene = try SceneLoader.decode(data: bytes, file: "large.json")

        let documentBytes = bytes.count + document.nodes.count * MemoryLayout<JSONNode>.stride
        var viewBytes = 0
        var views = 0
        for window in scene.windows {
            for view in window.view.subtree {
                views += 1
                #expect(view.isStoredInline, "a view with only an id and a frame needs no box")
                if view.subviews.capacity > 0 {
                    // The list object (24 bytes, 32 allocated), the array's header and its elements.
                    viewBytes += 32 + 32 + view.subviews.capacity * MemoryLayout<SceneDescription.View>.stride
                }
            }
        }
        // One id per object with an "id", in a table whose load factor is at most 3/4.
        let ids = document.objectCount(within: 0, havingKey: "id") + 2
        #expect(ids == views + 2)
        let idBytes = ids * (MemoryLayout<String>.stride + MemoryLayout<Declaration>.stride) * 4 / 3
        let total = documentBytes + viewBytes + idBytes
        #expect(views == 20_000 + 200 + 1)
        // 5.2× for this scene; with 16-byte nodes it was about 6.8×, before views were compacted about 18×.
        #expect(total <= 6 * bytes.count, "the loader holds \(total) bytes for a \(bytes.count)-byte file")
    }

    @Test func theIdTableIsSizedByTheObjectsThatHaveAnID() throws {
        // Objects without an id (here empty ones, 3 bytes each) must not size the table: the
        // first is refused, and a table for all of them would be many times the file.
        let document = try JSONParser.parseDocument(Array(#"""
            {"windows": [{"id": "w", "subviews": [{}, {"frame": [0, 0, 1, 1]}, {"i\u0064": "a"}, {"x": {"id": "b"}}, {}, {}]}]}
            """#.utf8))
        #expect(document.objectCount(within: 0, havingKey: "id") == 3)
        #expect(!document.hasMember("id", in: 0))
    }

    @Test func aViewAndADeclarationAreSmall() {
        // A view's rarely given parts are boxed; a declaration keeps a node index, not a path.
        #expect(MemoryLayout<SceneDescription.View>.stride <= 72)
        #expect(MemoryLayout<Declaration>.size <= 16)
    }

    @Test func aViewSetBackToItsDefaultsIsStoredInlineAgainAndEqualToAPlainOne() {
        var view = SceneDescription.View(id: "v", geometry: .init(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(view.isStoredInline)
        view.flags.hidden = true
        view.traits.actions = ["copy:"]
        #expect(!view.isStoredInline && view.flags.hidden && view.traits.actions == ["copy:"])
        let copy = view
        view.flags.hidden = false
        view.traits.actions = []
        #expect(view.isStoredInline)
        #expect(view == SceneDescription.View(id: "v", geometry: .init(frame: Rect(x: 0, y: 0, width: 10, height: 10))))
        #expect(copy.flags.hidden, "a copy keeps its own parts")
    }

    @Test func aViewWithFlagsAloneNeedsOnlyTheSmallBox() {
        // A flag set on many views must not cost every view the controller, control and scroll
        // view parts too.
        #expect(SceneDescription.View.partsByteCount <= 192)
        var view = SceneDescription.View(id: "v", flags: { var flags = SceneDescription.Flags(); flags.hidden = true; return flags }())
        #expect(!view.isStoredInline && !view.hasRareParts)
        view.geometry.transform = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        #expect(view.hasRareParts && view.geometry.transform?.a == 2 && view.flags.hidden)
        view.geometry.transform = nil
        #expect(!view.hasRareParts && view.flags.hidden)
        view.flags.hidden = false
        #expect(view.isStoredInline && view == SceneDescription.View(id: "v"))
    }

    @Test func valuesAreViewsOntoTheDocumentNotCopies() {
        // A container value is a document reference and a node index; a string is the largest case.
        #expect(MemoryLayout<JSONArray>.size == 16 && MemoryLayout<JSONObject>.size == 16)
        #expect(MemoryLayout<JSONValue>.size <= 17)
    }
}

import Testing
@testable import HitKitScene

/// A scene's parsed document is flat: one 16-byte node per JSON value and the file's bytes, with
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
        #expect(MemoryLayout<JSONNode>.stride == 16)
        // The window's part, then per container: object, 3 keys, id, frame (5), subviews; per
        // view: object, 2 keys, id, frame (5).
        #expect(document.nodes.count == 14 + 11 * containers + 9 * views)
        #expect(document.nodes.count * MemoryLayout<JSONNode>.stride <= 4 * bytes.count)
        // The decoded scene is the same as the document says.
        let scene = try SceneLoader.decode(data: bytes, file: "large.json")
        #expect(scene.windows[0].view.subviews.count == containers)
        #expect(scene.windows[0].view.subviews.last?.subviews.last?.id == "v\(views - 1)")
    }

    @Test func valuesAreViewsOntoTheDocumentNotCopies() {
        // A container value is a document reference and a node index; a string is the largest case.
        #expect(MemoryLayout<JSONArray>.size == 16 && MemoryLayout<JSONObject>.size == 16)
        #expect(MemoryLayout<JSONValue>.size <= 17)
    }
}

import Foundation

/// A scene file at the format's depth limit: a window holding a chain of views, each the only
/// subview of the one before, as deep as the scene format allows.
struct DeepSceneFile {
    /// JSON nesting the scene format allows (the loader refuses deeper documents).
    static let maximumNesting = 20_000
    /// Views in the deepest chain a scene file can hold: the document, `windows`, the window and
    /// its `subviews` take four levels, and every view two (its object and its `subviews`).
    static let deepestChain = (maximumNesting - 4) / 2

    let path: String
    let depth: Int

    /// Writes a chain of `depth` views (`v0` outermost, each filling its superview) to a new
    /// temporary file; with `controllers`, every view is the root view of a controller (`c0`…),
    /// so the controllers nest as deep, each a child of the one before.
    init(depth: Int = DeepSceneFile.deepestChain, controllers: Bool = false) throws {
        var text = #"{"windows": [{"id": "w", "frame": [0, 0, 100, 100], "subviews": ["#
        for index in 0..<depth {
            let controller = controllers ? #", "viewController": {"id": "c\#(index)"}"# : ""
            text += #"{"id": "v\#(index)", "frame": [0, 0, 100, 100]\#(controller), "subviews": ["#
        }
        text += String(repeating: "]}", count: depth)
        text += "]}]}"
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("hitkit-teardown-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        self.path = url.path
        self.depth = depth
    }

    /// The scene id of the innermost view.
    var innermostID: String { "v\(depth - 1)" }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

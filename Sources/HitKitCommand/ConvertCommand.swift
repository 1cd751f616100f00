import HitKitScene
import HitTestCore

/// `hitkit convert SCENE FROM TO x y`: the point converted between two views (or `screen`),
/// printed as Swift prints a `Double` (the shortest form that reads back to the same value).
enum ConvertCommand {
    static func run(scenePath: String, from: String, to: String, x: String, y: String,
                    output: StandardOutput) throws(SceneError) {
        let scene = try LoadedScene.load(contentsOf: scenePath)
        let source = try space(from, in: scene, file: scenePath)
        let destination = try space(to, in: scene, file: scenePath)
        // Numbers as a points file writes them (no hex).
        guard let px = PointLine.number(x[...]) else { throw argumentError("x", x) }
        guard let py = PointLine.number(y[...]) else { throw argumentError("y", y) }
        do {
            let converted = try scene.application.store.convert(Point(x: px, y: py), from: source, to: destination)
            output.write("\(converted.x) \(converted.y)\n")
        } catch {
            // Every view of a scene is in a window, so conversions always have a path.
            throw SceneError(file: scenePath, location: .file, message: "cannot convert from \(from) to \(to): \(error)")
        }
    }

    /// `screen` (screen coordinates, as B7 says, even when a view has that id), or a view or window
    /// of the scene.
    private static func space(_ name: String, in scene: LoadedScene, file: String) throws(SceneError) -> CoordinateSpace {
        if name == "screen" { return .screen }
        if let view = scene.view(withID: name) { return .view(view.id) }
        let found = scene.kindDescription(of: name).map { "\"\(name)\" is \($0)" } ?? "no object has the id \"\(name)\""
        throw SceneError(file: file, location: .file, message: "expected the id of a view or window, or screen; \(found)")
    }

    private static func argumentError(_ name: String, _ value: String) -> SceneError {
        SceneError(file: "hitkit convert", location: .file, message: "expected a number for \(name), found \"\(value)\"")
    }
}

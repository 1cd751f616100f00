import HitKitScene

/// `hitkit chain SCENE ID`: the responder chain from ID (Behaviour A7), one id a line.
enum ChainCommand {
    static func run(scenePath: String, id: String, output: StandardOutput) throws(SceneError) {
        let scene = try LoadedScene.load(contentsOf: scenePath)
        guard let chain = scene.responderChain(from: id) else {
            let found = scene.kindDescription(of: id).map { "\"\(id)\" is \($0), not a responder" } ?? "no object has the id \"\(id)\""
            throw SceneError(file: scenePath, location: .file, message: "expected the id of a responder; \(found)")
        }
        for responderID in chain { output.write(responderID + "\n") }
    }
}

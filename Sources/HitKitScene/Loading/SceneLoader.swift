/// Reads scene files (Behaviour B1) into ``SceneDescription`` values. Every failure is a
/// ``SceneError`` naming the file and the JSON path (or line and column), and nothing is
/// returned half-loaded.
public enum SceneLoader {
    /// Loads the scene file at `path`; errors name the file as `path` is written.
    public static func load(contentsOf path: String) throws(SceneError) -> SceneDescription {
        try decode(data: try readFile(path), file: path)
    }

    /// Decodes a scene from the text of a file named `file` (used in messages only).
    public static func decode(text: String, file: String) throws(SceneError) -> SceneDescription {
        try decode(data: Array(text.utf8), file: file)
    }

    /// Decodes a scene from the bytes of a file named `file` (used in messages only).
    public static func decode(data: [UInt8], file: String) throws(SceneError) -> SceneDescription {
        let result = LargeStack.run { () -> Result<SceneDescription, SceneError> in
            do throws(SceneError) {
                return .success(try SceneDecoder.decode(try parseJSON(data, file: file), file: file))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses a JSON file, translating syntax errors and duplicate keys into ``SceneError``s.
    static func parseJSON(_ data: [UInt8], file: String) throws(SceneError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            switch error {
            case .syntax(let line, let column, let message):
                throw SceneError(file: file, location: .line(line, column: column), message: "not valid JSON: \(message)")
            case .duplicateKey(let path):
                throw SceneError(file: file, location: .path(path), message: "duplicate key (each key may appear once in an object)")
            }
        }
    }

    static func readFile(_ path: String) throws(SceneError) -> [UInt8] {
        try FileReader.contents(of: path)
    }
}

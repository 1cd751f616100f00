/// Bad input for HitKit's files and command: a scene, a points list, a command's arguments.
///
/// Its ``description`` is the one-line message `hitkit` prints on standard error (Behaviour B1, B7):
/// `FILE: LOCATION: what was expected`, where LOCATION is a JSON path
/// (`windows[0].subviews[2].frame`), or `line L, column C` for text that is not JSON at all, or
/// `line L` in a points file.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where in the file the problem is.
    public enum Location: Equatable, Sendable, CustomStringConvertible {
        /// The whole file (it cannot be read, for example).
        case file
        /// A value of the JSON document.
        case path(JSONPath)
        /// A line (and, for JSON syntax errors, a column), counted from 1.
        case line(Int, column: Int?)

        public var description: String {
            switch self {
            case .file: ""
            case .path(let path): path.description
            case .line(let line, nil): "line \(line)"
            case .line(let line, let column?): "line \(line), column \(column)"
            }
        }
    }

    /// The file as it was named (on the command line, or relative to a scenario).
    public var file: String
    /// Where in the file: a JSON path, a line (and column), or the whole file.
    public var location: Location
    /// What was expected, and what was found.
    public var message: String

    /// The problem `message` at `location` in `file`.
    public init(file: String, location: Location, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// The JSON path, when the error has one.
    public var path: JSONPath? {
        if case .path(let path) = location { return path }
        return nil
    }

    public var description: String {
        location == .file ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}

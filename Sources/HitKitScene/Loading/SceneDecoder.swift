/// Turns a parsed scene document into a ``SceneDescription``, checking every key, type, id and
/// reference, and stopping at the first problem (in file order) with its JSON path.
///
/// Decoding runs in two passes: the first walks the document, checks shapes and values and
/// records every declared id and every reference to one; the second (``resolveReferences()``)
/// checks the references once every id is known, since a reference may point forward.
struct SceneDecoder {
    /// The file name errors are reported against.
    let file: String
    /// Every id declared so far.
    var declarations: [String: Declaration] = [:]
    /// The scene object being decoded: where declarations' paths are rebuilt from.
    private(set) var scene: (document: JSONDocument, node: Int, path: JSONPath)?
    /// Every reference to an id, in file order.
    var references: [Reference] = []
    /// Where in ``references`` the view being decoded refers to one of its direct subviews
    /// (``referToSubview(_:)``).
    var subviewReferences: [Int] = []

    init(file: String) {
        self.file = file
    }

    /// Decodes the scene object at `path` of a document (the root for a scene file; `scene`
    /// inside a scenario).
    static func decode(_ value: JSONValue, at path: JSONPath = .root, file: String) throws(SceneError) -> SceneDescription {
        try decodeCountingChainSteps(value, at: path, file: file).scene
    }

    /// ``decode(_:at:file:)``, and the steps its check of the responder chain took
    /// (``checkChainsThroughPresentations(of:)``): what the tests hold to the number of
    /// controllers, so that a check grown quadratic fails a test rather than only slowing it.
    static func decodeCountingChainSteps(_ value: JSONValue, at path: JSONPath = .root, file: String)
        throws(SceneError) -> (scene: SceneDescription, chainSteps: Int)
    {
        var decoder = SceneDecoder(file: file)
        if case .object(let object) = value {
            decoder.scene = (object.document, object.node, path)
            // Ids are declared by objects with an "id" member, the application's delegate and the
            // implicit application: reserved at once, so a large scene's table is not rehashed
            // (which needs the old and the new at once), and a file of objects without ids does
            // not reserve a table it will not fill.
            let ids = object.document.objectCount(within: object.node, havingKey: "id") + 2
            decoder.declarations.reserveCapacity(ids)
        }
        let scene = try decoder.decodeScene(value, path)
        try decoder.resolveReferences()
        let chainSteps = try decoder.checkChainsThroughPresentations(of: scene)
        return (scene, chainSteps)
    }

    static let sceneKeys = ["application", "firstResponder", "windows", "animationFrameInterval"]
    static let applicationKeys = ["id", "delegate", "touches", "actions", "delegateTouches", "delegateActions",
                                  "presses", "keyCommands", "delegatePresses", "delegateKeyCommands"]

    private mutating func decodeScene(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription {
        let members = try object(value, path, expected: "a scene object with a \"windows\" array")
        var application: SceneDescription.Application?
        var firstResponder: String?
        var windows: [SceneDescription.Window]?
        var animationFrameInterval: Double?
        for member in members {
            let memberPath = path / member.key
            switch member.key {
            case "application":
                application = try decodeApplication(member.value, memberPath)
            case "firstResponder":
                let id = try identifier(member.value, memberPath)
                firstResponder = id
                references.append(Reference(id: id, path: memberPath, expectation: .firstResponder))
            case "windows":
                windows = try decodeWindows(member.value, memberPath)
            case "animationFrameInterval":
                animationFrameInterval = try decodeAnimationFrameInterval(member.value, memberPath)
            default:
                throw unknownKey(memberPath, in: "the scene", allowed: Self.sceneKeys)
            }
        }
        guard let windows else { throw missingKey(path / "windows", expected: "an array of windows") }
        if application == nil {
            try declareDefaultApplicationID(because: "a scene without \"application\" gives the application the id \"app\"")
        }
        var scene = SceneDescription(application: application ?? .init(), firstResponder: firstResponder, windows: windows)
        scene.animationFrameInterval = animationFrameInterval
        return scene
    }

    private mutating func decodeApplication(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> SceneDescription.Application {
        let members = try object(value, path, expected: "an application object")
        var application = SceneDescription.Application()
        var delegateOnlyKey: String?
        for member in members {
            let memberPath = path / member.key
            switch member.key {
            case "id":
                application.id = try identifier(member.value, memberPath)
                try declare(application.id, .application, at: memberPath, in: value)
            case "delegate":
                let id = try identifier(member.value, memberPath)
                application.delegate = id
                try declare(id, .delegate, at: memberPath, in: value, member: .delegate)
            case "touches":
                application.traits.touches = try choice(member.value, memberPath, SceneDescription.TouchHandling.self)
            case "actions":
                application.traits.actions = try actionNames(member.value, memberPath)
            case "delegateTouches":
                application.delegateTraits.touches = try choice(member.value, memberPath, SceneDescription.TouchHandling.self)
                delegateOnlyKey = delegateOnlyKey ?? member.key
            case "delegateActions":
                application.delegateTraits.actions = try actionNames(member.value, memberPath)
                delegateOnlyKey = delegateOnlyKey ?? member.key
            // The keyboard (Behaviour A10).
            case "presses":
                application.traits.presses = try presses(member.value, memberPath)
            case "keyCommands":
                application.traits.keyCommands = try keyCommands(member.value, memberPath)
            case "delegatePresses":
                application.delegateTraits.presses = try presses(member.value, memberPath)
                delegateOnlyKey = delegateOnlyKey ?? member.key
            case "delegateKeyCommands":
                application.delegateTraits.keyCommands = try keyCommands(member.value, memberPath)
                delegateOnlyKey = delegateOnlyKey ?? member.key
            default:
                throw unknownKey(memberPath, in: "the application", allowed: Self.applicationKeys)
            }
        }
        if !members.contains(where: { $0.key == "id" }) {
            try declareDefaultApplicationID(because: Self.applicationWithoutID)
        }
        if let delegateOnlyKey, application.delegate == nil {
            throw failure(path / delegateOnlyKey, "applies to the application's delegate, but \"delegate\" is missing")
        }
        return application
    }

    private mutating func decodeWindows(_ value: JSONValue, _ path: JSONPath) throws(SceneError) -> [SceneDescription.Window] {
        let elements = try array(value, path, expected: "an array of windows")
        var windows: [SceneDescription.Window] = []
        var keyWindow: Int?
        for (index, element) in elements.enumerated() {
            let windowPath = path / index
            let (view, extras) = try decodeView(element, windowPath, isWindow: true)
            if extras.key == true {
                if let keyWindow {
                    throw failure(windowPath / "key", "a second key window; \(path / keyWindow) is already the key window (at most one window has \"key\": true)")
                }
                keyWindow = index
            }
            windows.append(SceneDescription.Window(view: view, level: extras.level, key: extras.key,
                                                   rootViewController: extras.rootViewController,
                                                   focusSystem: extras.focusSystem))
        }
        return windows
    }

    /// Behaviour B1: an application left out, or given no `id`, has the id `app`. The file has
    /// no key that declares it, so a clash is reported where the file uses `app`.
    private mutating func declareDefaultApplicationID(because why: String) throws(SceneError) {
        if let clash = declarations["app"] { throw failure(self.path(of: clash), "duplicate id \"app\": \(why)") }
        declarations["app"] = Declaration(kind: .application, member: .defaultApplicationID, object: scene?.node ?? 0)
    }

    private static let applicationWithoutID = "an application without \"id\" has the id \"app\""

    /// Records an id declared at `path` by `member` of `object`, refusing one already used
    /// anywhere in the file.
    mutating func declare(_ id: String, _ kind: Declaration.Kind, at path: JSONPath, in object: JSONValue,
                          member: Declaration.Member = .id, canBecomeFirstResponder: Bool = false) throws(SceneError) {
        if let earlier = declarations[id] {
            if earlier.member == .defaultApplicationID { throw failure(path, "duplicate id \"\(id)\": \(Self.applicationWithoutID)") }
            throw failure(path, "duplicate id \"\(id)\": already used by \(earlier.kind.description) at \(self.path(of: earlier)) (ids are unique in the whole file)")
        }
        declarations[id] = Declaration(kind: kind, member: member, canBecomeFirstResponder: canBecomeFirstResponder,
                                       object: object.node ?? 0)
    }

    /// The path of the member that declared an id, as an error message names it.
    func path(of declaration: Declaration) -> JSONPath {
        // Declarations are made only inside the scene object, so `scene` is set.
        guard let scene else { return .root }
        return scene.document.path(to: declaration.object, from: scene.node, at: scene.path) / declaration.member.key
    }
}

/// Keys only a window has.
struct WindowKeys {
    var level: Double = 0
    var key: Bool?
    var rootViewController: String?
    var focusSystem = false
}

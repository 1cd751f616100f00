/// An id declared in a scene file. A large scene declares one per view, so this is kept small:
/// where it was declared is the declaring object's node in the document, whose path is rebuilt
/// only for a message (``SceneDecoder/path(of:)``).
struct Declaration {
    enum Kind: UInt8, Equatable {
        case application, delegate, window, view, viewController, gesture, contextMenu, menuItem, drag, drop

        var description: String {
            switch self {
            case .application: "the application"
            case .delegate: "the application's delegate"
            case .window: "a window"
            case .view: "a view"
            case .viewController: "a view controller"
            case .gesture: "a gesture recognizer"
            case .contextMenu: "a context menu"
            case .menuItem: "a menu item"
            case .drag: "a drag interaction"
            case .drop: "a drop interaction"
            }
        }

        /// Whether objects of this kind are responders (they can be action targets and appear in
        /// responder chains).
        var isResponder: Bool {
            switch self {
            case .application, .delegate, .window, .view, .viewController: true
            case .gesture, .contextMenu, .menuItem, .drag, .drop: false
            }
        }
    }

    /// The member of the declaring object that gives the id.
    enum Member: UInt8 {
        case id
        /// The application's `delegate`.
        case delegate
        /// The application's id when the file gives none (`app`): the scene's `application`,
        /// missing or without `id`.
        case defaultApplicationID

        var key: String {
            switch self {
            case .id: "id"
            case .delegate: "delegate"
            case .defaultApplicationID: "application"
            }
        }
    }

    var kind: Kind
    var member: Member = .id
    var canBecomeFirstResponder = false
    /// The document node of the object that declares it.
    var object: Int
}

/// A use of an id that must name an object of some kind.
struct Reference {
    enum Expectation {
        /// Any responder: view, window, controller, application or delegate.
        case responder
        /// A gesture recognizer; `owner`, when set, is the recognizer the list belongs to, which
        /// cannot wait for its own failure.
        case gesture(owner: String?)
        /// `presentedBy`: another view controller, which presents no other controller.
        case presentingController(presented: String)
        /// `rootViewController`: a controller declared on a direct subview of that window.
        case rootViewController(ofWindowAt: JSONPath, allowed: [String])
        /// `firstResponder`: a view or window with `canBecomeFirstResponder`.
        case firstResponder
        /// A scroll view's `zoomView`: one of its direct subviews (`subviews`, their ids).
        case zoomView(scrollView: String, subviews: [String])
    }

    var id: String
    var path: JSONPath
    var expectation: Expectation
}

extension SceneDecoder {
    /// Records a reference to a direct subview of the view being decoded (its `rootViewController`
    /// or `zoomView`) where it is read, so that it is checked in file order like every other;
    /// what it may name is filled in once the view's subviews are read
    /// (``settleSubviewReferences(of:at:subviews:)``).
    mutating func referToSubview(_ reference: Reference) {
        subviewReferences.append(references.count)
        references.append(reference)
    }

    /// Gives the view's references to its direct subviews (``referToSubview(_:)``) those subviews.
    mutating func settleSubviewReferences(of view: String, at path: JSONPath, subviews: [SceneDescription.View]) {
        for index in subviewReferences {
            switch references[index].expectation {
            case .rootViewController:
                references[index].expectation = .rootViewController(ofWindowAt: path, allowed: subviews.compactMap { $0.viewController?.id })
            case .zoomView:
                references[index].expectation = .zoomView(scrollView: view, subviews: subviews.map(\.id))
            default: break
            }
        }
    }

    /// The second pass: every reference must name a declared object of the right kind.
    func resolveReferences() throws(SceneError) {
        var presentedBy: [String: (presented: String, path: JSONPath)] = [:]  // presenter → presented
        for reference in references {
            let declaration = declarations[reference.id]
            switch reference.expectation {
            case .responder:
                guard let declaration else { throw dangling(reference, "a responder") }
                guard declaration.kind.isResponder else {
                    throw wrongKind(reference, declaration, expected: "a responder (a view, window, view controller, the application or its delegate)")
                }
            case .gesture(let owner):
                guard let declaration else { throw dangling(reference, "a gesture recognizer") }
                guard declaration.kind == .gesture else { throw wrongKind(reference, declaration, expected: "a gesture recognizer") }
                if reference.id == owner {
                    throw failure(reference.path, "a gesture recognizer cannot wait for its own failure (\"\(reference.id)\")")
                }
            case .presentingController(let presented):
                guard let declaration else { throw dangling(reference, "a view controller") }
                guard declaration.kind == .viewController else { throw wrongKind(reference, declaration, expected: "a view controller") }
                if reference.id == presented {
                    throw failure(reference.path, "a view controller cannot present itself (\"\(presented)\")")
                }
                if let earlier = presentedBy[reference.id] {
                    throw failure(reference.path, "view controller \"\(reference.id)\" already presents \"\(earlier.presented)\" (\(earlier.path)); a controller presents at most one controller")
                }
                presentedBy[reference.id] = (presented, reference.path)
            case .rootViewController(let windowPath, let allowed):
                guard allowed.contains(reference.id) else {
                    let known = declaration.map { "; \"\(reference.id)\" is \($0.kind.description) declared at \(path(of: $0))" } ?? "; no object has the id \"\(reference.id)\""
                    throw failure(reference.path, "expected the id of a view controller declared (with \"viewController\") on a direct subview of \(windowPath)\(known)")
                }
            case .firstResponder:
                guard let declaration else { throw dangling(reference, "a view or window with \"canBecomeFirstResponder\": true") }
                guard declaration.kind == .view || declaration.kind == .window else {
                    throw wrongKind(reference, declaration, expected: "a view or window with \"canBecomeFirstResponder\": true")
                }
                guard declaration.canBecomeFirstResponder else {
                    throw failure(reference.path, "expected a view or window with \"canBecomeFirstResponder\": true; \"\(reference.id)\" (\(path(of: declaration))) cannot become first responder")
                }
            case .zoomView(let scrollView, let subviews):
                guard let declaration else { throw dangling(reference, "a view") }
                guard declaration.kind == .view else { throw wrongKind(reference, declaration, expected: "a view") }
                guard subviews.contains(reference.id) else {
                    throw failure(reference.path, "expected the id of a direct subview of the scroll view; \"\(reference.id)\" (\(path(of: declaration))) is not a subview of the scroll view \"\(scrollView)\"")
                }
            }
        }
    }

    /// A presented controller's next responder is its presenter (Behaviour A7), so a
    /// presentation can close a loop in the responder chain: presentations in a ring (A
    /// presents B presents A), or a presenter whose view lies inside the view of the controller
    /// it presents (directly, or by way of other presenters). Each loop is reported at the
    /// `presentedBy`, first in file order, of a controller on it.
    ///
    /// The chain is followed from controller to controller: a controller's next is its
    /// presenter, else the first controller at or above its view's superview. Each controller
    /// is walked once, so a file with a long chain of presentations is checked in linear time.
    /// Returns the steps the walks took, from one controller to its next: at most one for each
    /// controller.
    @discardableResult
    func checkChainsThroughPresentations(of scene: SceneDescription) throws(SceneError) -> Int {
        let presentations = references.compactMap { reference -> (presenter: String, presented: String, path: JSONPath)? in
            guard case .presentingController(let presented) = reference.expectation else { return nil }
            return (reference.id, presented, reference.path)
        }
        // A scene without presentations has a chain that follows the view tree: nothing to walk.
        guard !presentations.isEmpty else { return 0 }
        var presentationOf: [String: Int] = [:]  // presented → its presentation's index
        for (index, presentation) in presentations.enumerated() { presentationOf[presentation.presented] = index }
        var superview: [String: String] = [:], viewOfController: [String: String] = [:]
        var controllerAtOrAbove: [String: String] = [:]
        for window in scene.windows {
            // Parents come before their children, so a view's superview has its answer already.
            for view in window.view.subtree {
                if let controller = view.viewController { viewOfController[controller.id] = view.id }
                controllerAtOrAbove[view.id] = view.viewController?.id ?? superview[view.id].flatMap { controllerAtOrAbove[$0] }
                for subview in view.subviews { superview[subview.id] = view.id }
            }
        }
        func next(after controller: String) -> String? {
            if let index = presentationOf[controller] { return presentations[index].presenter }
            return viewOfController[controller].flatMap { superview[$0] }.flatMap { controllerAtOrAbove[$0] }
        }
        // Every controller on a loop: each walk stops at a controller an earlier walk passed,
        // or at one on its own path, which closes a loop.
        var passed: Set<String> = [], onLoop: Set<String> = []
        var steps = 0
        for start in presentations.map(\.presenter) {
            var path: [String] = [], onPath: Set<String> = []
            var current: String? = start
            while let controller = current, !passed.contains(controller) {
                if !onPath.insert(controller).inserted {
                    onLoop.formUnion(path[path.lastIndex(of: controller)!...])
                    break
                }
                path.append(controller)
                current = next(after: controller)
                steps += 1
            }
            passed.formUnion(path)
        }
        guard let first = presentations.indices.first(where: { onLoop.contains(presentations[$0].presented) }) else { return steps }
        let presentation = presentations[first]
        var route = [presentation.presenter]
        while let controller = next(after: route[route.count - 1]), route.last != presentation.presented {
            route.append(controller)
        }
        if route.dropLast().allSatisfy({ presentationOf[$0] != nil }) {
            throw failure(presentation.path, "presentation cycle: \"\(presentation.presented)\" is, through \"presentedBy\", presented by itself")
        }
        let described = route.map { "\"\($0)\"" }.joined(separator: " → ")
        throw failure(presentation.path, "the responder chain would loop: \"\(presentation.presented)\" is presented by \"\(presentation.presenter)\", whose chain leads back to it (\(described))")
    }

    private func dangling(_ reference: Reference, _ expected: String) -> SceneError {
        failure(reference.path, "expected the id of \(expected); no object has the id \"\(reference.id)\"")
    }

    private func wrongKind(_ reference: Reference, _ declaration: Declaration, expected: String) -> SceneError {
        failure(reference.path, "expected the id of \(expected); \"\(reference.id)\" is \(declaration.kind.description) (\(path(of: declaration)))")
    }
}

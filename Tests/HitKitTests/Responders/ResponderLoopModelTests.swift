import Testing
@testable import HitKit

/// Random presentations, dismissals, controllers and view moves, each loop check of the façade
/// (``ViewController/wouldLoopResponderChain(presenting:)``, ``View/wouldLoopResponderChain(adopting:)``,
/// with their shortcuts) held against a model that makes the edit on a copy of the relations
/// and walks every chain of it (Behaviour A7's `next`, written again). An edit the model says
/// closes no loop is made, and every chain of the real objects must then end.
@Suite struct ResponderLoopModelTests {
    /// The relations the chain follows, by index into the test's views and controllers.
    struct Model {
        var superview: [Int?] = []
        var isWindow: [Bool] = []
        var controllerOfView: [Int: Int] = [:]
        var viewOfController: [Int] = []
        var presenter: [Int?] = []
        var presented: [Int?] = []

        enum Node: Hashable { case view(Int), controller(Int) }

        /// A7: a root view's next is its controller, else its superview; a controller's is its
        /// presenter, else its view's superview (a window above: the window, its superview).
        func next(_ node: Node) -> Node? {
            switch node {
            case .view(let view):
                if let controller = controllerOfView[view] { return .controller(controller) }
                return superview[view].map(Node.view)
            case .controller(let controller):
                if let presenter = presenter[controller] { return .controller(presenter) }
                return superview[viewOfController[controller]].map(Node.view)
            }
        }

        /// Whether some chain never ends.
        var loops: Bool {
            let nodes = superview.indices.map(Node.view) + viewOfController.indices.map(Node.controller)
            for start in nodes {
                var seen: Set<Node> = [], current: Node? = start
                while let node = current {
                    guard seen.insert(node).inserted else { return true }
                    current = next(node)
                }
            }
            return false
        }

        func window(of view: Int) -> Int? {
            var current: Int? = view
            while let v = current {
                if isWindow[v] { return v }
                current = superview[v]
            }
            return nil
        }
    }

    /// Loops the model found, and the checks refused, by kind of edit.
    struct Refused {
        var presentations = 0, moves = 0
    }

    @Test func everyCheckAgreesWithTheModel() {
        var refused = Refused()
        for seed in 0..<200 { run(seed: seed, refused: &refused) }
        #expect(refused.presentations > 0 && refused.moves > 0, "the seeds meet loops of both kinds: \(refused)")
    }

    func run(seed: Int, refused: inout Refused) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9)
        let app = Application()
        var views: [View] = [], controllers: [ViewController] = []
        var model = Model()
        func addView(window: Bool) {
            views.append(window ? Window(frame: Rect(0, 0, 100, 100), in: app) : View(frame: Rect(0, 0, 10, 10), in: app))
            model.superview.append(nil)
            model.isWindow.append(window)
        }
        addView(window: true)
        for _ in 0..<80 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                addView(window: random.chance(0.1))
            case 2:
                // A controller for a plain view that is no controller's root view yet.
                let free = views.indices.filter { !model.isWindow[$0] && model.controllerOfView[$0] == nil }
                guard let view = free.randomElement(using: &random) else { continue }
                controllers.append(ViewController(view: views[view]))
                model.controllerOfView[view] = controllers.count - 1
                model.viewOfController.append(view)
                model.presenter.append(nil)
                model.presented.append(nil)
            case 3, 4, 5:
                let child = Int.random(in: 0..<views.count, using: &random), parent = Int.random(in: 0..<views.count, using: &random)
                // What the façade traps on for other reasons than the chain.
                guard !model.isWindow[child], child != parent, !views[parent].isDescendant(of: views[child]) else { continue }
                var after = model
                after.superview[child] = parent
                let loops = after.loops
                #expect(views[parent].wouldLoopResponderChain(adopting: views[child]) == loops,
                        "seed \(seed): adding view \(child) under \(parent)")
                if loops { refused.moves += 1; continue }
                views[parent].addSubview(views[child])
                model = after
            case 6, 7:
                guard controllers.count >= 2 else { continue }
                let presenter = Int.random(in: 0..<controllers.count, using: &random)
                let presented = Int.random(in: 0..<controllers.count, using: &random)
                // What `present` leaves as it is.
                guard presenter != presented, model.presented[presenter] == nil, model.presenter[presented] == nil else { continue }
                var after = model
                after.presenter[presented] = presenter
                after.presented[presenter] = presented
                let loops = after.loops
                #expect(controllers[presenter].wouldLoopResponderChain(presenting: controllers[presented]) == loops,
                        "seed \(seed): controller \(presenter) presenting \(presented)")
                if loops { refused.presentations += 1; continue }
                // A presented view without a superview goes into the presenter's window.
                let presentedView = after.viewOfController[presented]
                if after.superview[presentedView] == nil, let window = after.window(of: after.viewOfController[presenter]) {
                    after.superview[presentedView] = window
                }
                controllers[presenter].present(controllers[presented])
                model = after
            case 8:
                // A dismissal from either side takes the presented view out of its superview,
                // and so every view presented above it.
                guard let controller = controllers.indices.randomElement(using: &random) else { continue }
                let presenter = model.presented[controller] != nil ? controller : model.presenter[controller]
                controllers[controller].dismiss()
                var below = presenter
                while let current = below, let presented = model.presented[current] {
                    model.presented[current] = nil
                    model.presenter[presented] = nil
                    model.superview[model.viewOfController[presented]] = nil
                    below = presented
                }
            default:
                let view = Int.random(in: 0..<views.count, using: &random)
                views[view].removeFromSuperview()
                model.superview[view] = nil
            }
            #expect(!model.loops)
            // The real chains end, and follow the model's.
            for (index, view) in views.enumerated() {
                #expect(view.superview.map(ObjectIdentifier.init) == model.superview[index].map { ObjectIdentifier(views[$0]) },
                        "seed \(seed): view \(index)'s superview")
                #expect(chainEnds(from: view, within: views.count + controllers.count + 2), "seed \(seed): the chain from view \(index) loops")
            }
        }
    }

    /// Whether the real chain from `responder` ends within `steps` responders.
    func chainEnds(from responder: Responder, within steps: Int) -> Bool {
        var current: Responder? = responder
        for _ in 0...steps {
            guard let next = current else { return true }
            current = next.next
        }
        return false
    }
}

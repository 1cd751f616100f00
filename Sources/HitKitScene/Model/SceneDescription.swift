import HitTestCore

/// A scene file (Behaviour B1) as plain values: validated, with every default applied and every
/// reference checked, but not yet built into façade objects (``SceneBuilder`` does that).
///
/// Keys that later behaviour uses — gestures (B2), controls (B3), scroll views (B4), `touches`
/// and `actions` — are kept here in full so that every layer reads them from one model.
public struct SceneDescription: Equatable, Sendable {
    /// `application`; without it, an application with the id `app` and no delegate.
    public var application: Application
    /// The id of the responder that starts as its window's first responder.
    public var firstResponder: String?
    /// In file order, which is the order they are shown in (the last shown is front-most among
    /// windows of the same level).
    public var windows: [Window]
    /// The top-level `animationFrameInterval` (Behaviour B4): seconds between animation ticks
    /// while a scroll view moves; `nil` keeps the application's default (1/60 s).
    public var animationFrameInterval: Double?

    /// A scene of these keys; `animationFrameInterval` is `nil`, the application's default.
    public init(application: Application, firstResponder: String?, windows: [Window]) {
        self.application = application
        self.firstResponder = firstResponder
        self.windows = windows
    }

    /// The index of the key window: the one with `key: true`, else the first window not marked
    /// `key: false`; `nil` when there is none.
    public var keyWindowIndex: Int? {
        windows.firstIndex { $0.key == true } ?? windows.firstIndex { $0.key != false }
    }
}

extension SceneDescription {
    /// How a responder's `touchesBegan/Moved/Ended/Cancelled` behave (Behaviour B1 `touches`).
    public enum TouchHandling: String, CaseIterable, Equatable, Sendable {
        /// The default implementation: passed to the next responder, not logged.
        case forward
        /// Logged, not passed on.
        case log
        /// Logged, then passed to the next responder.
        case logAndForward
    }

    /// What every responder of a scene may carry.
    public struct ResponderTraits: Equatable, Sendable {
        /// `touches`: whether the touch methods are logged and passed on; `forward` by default.
        public var touches: TouchHandling = .forward
        /// The action names this responder can perform (`canPerformAction`).
        public var actions: [String] = []
        /// `presses` (Behaviour A10): the same three modes as `touches`, except that `log` keeps
        /// the press on every responder, controls included.
        public var presses: TouchHandling = .forward
        /// `keyCommands`, in order (Behaviour A10).
        public var keyCommands: [KeyCommand] = []

        /// Traits as given; by default `forward` for touches and presses, no actions and no key commands.
        public init(touches: TouchHandling = .forward, actions: [String] = [], presses: TouchHandling = .forward,
                    keyCommands: [KeyCommand] = []) {
            self.touches = touches
            self.actions = actions
            self.presses = presses
            self.keyCommands = keyCommands
        }
    }


    /// The application and its optional delegate.
    public struct Application: Equatable, Sendable {
        /// `app` when the file has no `application`.
        public var id: String
        /// The application's `touches`, `actions`, `presses` and `keyCommands`.
        public var traits: ResponderTraits
        /// The delegate's id; the delegate is a plain responder (the application's next).
        public var delegate: String?
        /// The delegate's `touches`, `actions`, `presses` and `keyCommands`: the application's
        /// `delegateTouches`, `delegateActions`, `delegatePresses` and `delegateKeyCommands`.
        public var delegateTraits: ResponderTraits

        /// An application `id` with `traits`, and a delegate with `delegateTraits` when `delegate` is given.
        public init(id: String = "app", traits: ResponderTraits = .init(), delegate: String? = nil,
                    delegateTraits: ResponderTraits = .init()) {
            self.id = id
            self.traits = traits
            self.delegate = delegate
            self.delegateTraits = delegateTraits
        }
    }

    /// A window: a view that is also a root of hit testing.
    public struct Window: Equatable, Sendable {
        /// The window's view part: every view key it gives (a window has no `viewController`,
        /// `control` or `scrollView`).
        public var view: View
        /// `windowLevel` (default 0).
        public var level: Double
        /// `true` or `false` when the file says so; see ``SceneDescription/keyWindowIndex``.
        public var key: Bool?
        /// The controller (declared on one of this window's direct subviews) whose view is the
        /// window's root view.
        public var rootViewController: String?
        /// `focusSystem` (Behaviour A10): whether keys move focus in this window.
        public var focusSystem: Bool

        /// A window of `view`'s keys; the window keys default as in a file.
        public init(view: View, level: Double = 0, key: Bool? = nil, rootViewController: String? = nil,
                    focusSystem: Bool = false) {
            self.view = view
            self.level = level
            self.key = key
            self.rootViewController = rootViewController
            self.focusSystem = focusSystem
        }
    }

    /// A view controller; its root view is the view that declares it.
    public struct ViewController: Equatable, Sendable {
        /// `id` (required), unique in the file.
        public var id: String
        /// The controller that presented this one (it becomes this one's next responder).
        public var presentedBy: String?
        /// The controller's `touches`, `actions`, `presses` and `keyCommands`.
        public var traits: ResponderTraits

        /// A controller `id`, presented by the controller `presentedBy` when it is given.
        public init(id: String, presentedBy: String? = nil, traits: ResponderTraits = .init()) {
            self.id = id
            self.presentedBy = presentedBy
            self.traits = traits
        }
    }
}

import HitKit
import HitTestCore

/// Builds a validated ``SceneDescription`` into façade objects (Behaviour B1): an application, its
/// windows in file order (so the last is front-most among equal levels), views with their
/// geometry and flags, view controllers with their presentations and containment, the delegate,
/// the key window and the first responder.
///
/// Gestures (B2) become the façade's recognizers and controls (B3) its controls, both logging
/// what B6 asks; scroll views (B4) become its scroll views, their `contentOffset` applied with
/// the geometry because it is the view's bounds' origin (A6).
public enum SceneBuilder {
    /// Builds `scene`; a scene with more views than a store holds (`ViewStore.maximumViewCount`)
    /// is refused before anything is built. `file` names the scene in the errors.
    public static func build(_ scene: SceneDescription, file: String = "scene") throws(SceneError) -> LoadedScene {
        try build(scene, file: file, viewLimit: ViewStore.maximumViewCount)
    }

    /// Builds `scene` into an application holding at most `viewLimit` views (the C library's
    /// apps); a scene with more is refused before anything is built.
    package static func build(_ scene: SceneDescription, file: String, viewLimit: Int) throws(SceneError) -> LoadedScene {
        let viewCount = scene.windows.reduce(0) { $0 + $1.view.subtreeCount }
        let application = Application(viewLimit: viewLimit)
        guard viewCount <= application.store.viewLimit else {
            throw SceneError(file: file, location: .path(.root / "windows"),
                             message: "the scene has \(viewCount) views and windows; an app here holds at most \(application.store.viewLimit)")
        }
        let responders = SceneResponders()
        // Room for every view at once: tables grown by doubling keep up to half their room empty.
        application.reserveCapacity(forViews: viewCount)
        responders.reserveCapacity(viewCount + 2)
        responders.add(application, id: scene.application.id, traits: scene.application.traits)
        var delegate: Responder?
        if let delegateID = scene.application.delegate {
            let built = Responder()
            application.delegate = built
            responders.add(built, id: delegateID, traits: scene.application.delegateTraits)
            delegate = built
        }

        var controllers: [BuiltController] = []
        var windows: [Window] = []
        for windowDescription in scene.windows {
            let window = Window(frame: .zero, in: application)
            apply(windowDescription.view, to: window)
            window.windowLevel = windowDescription.level
            responders.add(window, id: windowDescription.view.id, traits: windowDescription.view.traits)
            buildSubviews(of: windowDescription.view, under: window, in: application,
                          responders: responders, controllers: &controllers)
            if let rootID = windowDescription.rootViewController {
                window.rootViewController = responders[rootID] as? ViewController
            }
            windows.append(window)
        }

        for (controller, description, parent) in controllers {
            if let presenterID = description.presentedBy, let presenter = responders[presenterID] as? ViewController {
                presenter.present(controller)
            } else if let parent {
                // A controller whose view lies inside another controller's view is its child
                // (UIKit's containment; the responder chain is the same either way).
                parent.addChild(controller)
            }
        }

        if let keyIndex = scene.keyWindowIndex { windows[keyIndex].makeKey() }
        if let firstResponderID = scene.firstResponder {
            guard let responder = responders[firstResponderID], responder.becomeFirstResponder() else {
                throw SceneError(file: file, location: .path(.root / "firstResponder"),
                                 message: "\"\(firstResponderID)\" refused to become first responder")
            }
        }
        // One log for the whole scene: every responder writes to it in delivery order (Behaviour B6).
        let log = DeliveryLog()
        responders.logTouches(to: log)
        configureControls(of: scene, responders: responders, log: log)
        let gestures = buildGestures(of: scene, responders: responders, log: log)
        configureZooming(of: scene, responders: responders)                          // Behaviour B4
        let interactions = buildInteractions(of: scene, responders: responders, log: log)    // Behaviour A11
        logOffsets(of: scene, responders: responders, in: application, log: log)
        let keyNames = SceneKeyNames()
        configureKeyboard(of: scene, application: application, windows: windows, responders: responders, log: log,
                          names: keyNames)                                                // Behaviour A10
        if let interval = scene.animationFrameInterval { try? application.setAnimationFrameInterval(interval) }
        return LoadedScene(scene: scene, application: application, delegate: delegate, keyNames: keyNames,
                           windows: windows, responders: responders, log: log, gestures: gestures,
                           interactions: interactions,
                           scrollViewDelegates: logScrollViewDelegates(of: scene, responders: responders, log: log))
    }

    /// A controller built from a view's `viewController`, with the nearest controller whose
    /// view encloses its view.
    private typealias BuiltController = (controller: ViewController, description: SceneDescription.ViewController,
                                         parent: ViewController?)

    /// Builds the views under `root` depth-first with an explicit stack (a scene may be thousands
    /// of views deep), adding each to its superview in file order.
    private static func buildSubviews(
        of root: SceneDescription.View, under rootView: View, in application: Application,
        responders: SceneResponders, controllers: inout [BuiltController]
    ) {
        var pending: [(description: SceneDescription.View, superview: View, controller: ViewController?)] =
            root.subviews.reversed().map { ($0, rootView, nil) }
        while let (description, superview, enclosingController) = pending.popLast() {
            let view = makeView(description, in: application)
            apply(description, to: view)
            superview.addSubview(view)
            responders.add(view, id: description.id, traits: description.traits)
            var controllerForSubviews = enclosingController
            if let controllerDescription = description.viewController {
                let controller = ViewController(view: view)
                responders.add(controller, id: controllerDescription.id, traits: controllerDescription.traits)
                controllers.append((controller, controllerDescription, enclosingController))
                controllerForSubviews = controller
            }
            pending.append(contentsOf: description.subviews.reversed().map { ($0, view, controllerForSubviews) })
        }
    }

    /// Geometry (Behaviour B1's frame/center/bounds rules, then anchor point and transform) and flags.
    static func apply(_ description: SceneDescription.View, to view: View) {
        var geometry = description.geometry.resolved
        if let scrollView = description.scrollView, scrollView.contentOffset != .zero {
            geometry.bounds.origin = scrollView.contentOffset
        }
        view.bounds = geometry.bounds
        view.center = geometry.center
        view.anchorPoint = geometry.anchorPoint
        view.transform = geometry.transform

        let flags = description.flags
        view.isHidden = flags.hidden
        view.alpha = flags.alpha
        view.isUserInteractionEnabled = flags.userInteractionEnabled
        view.clipsToBounds = flags.clipsToBounds
        view.isMultipleTouchEnabled = flags.multipleTouchEnabled
        view.isExclusiveTouch = flags.exclusiveTouch
        view.passesTouchesThrough = flags.passThrough
        view.hitsOutsideBounds = flags.hitsOutsideBounds
        view.redirectsToSuperview = flags.redirectsToSuperview
        view.hitTestInsets = flags.hitTestInsets
        view.minimumHitSize = flags.minimumHitSize
        view.acceptsFirstResponder = flags.canBecomeFirstResponder
        applyFocus(description.focus, to: view)                                        // Behaviour A10
    }
}

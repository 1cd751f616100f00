import HitKit

// Scene views (Behaviour B1) as the façade's classes, and scene controls (B3): the control class of
// each `type`, its values, targets and the log lines of its tracking and actions (B6).

extension SceneBuilder {
    /// The object for a view description, one of the façade's own classes: the control class of
    /// its `control` type (which wins over `scrollView`), else a scroll view when it has
    /// `scrollView` (Behaviour B4; its content offset is the bounds' origin, which `apply` sets
    /// with the geometry), else a plain view.
    static func makeView(_ description: SceneDescription.View, in application: Application) -> View {
        guard let control = description.control else {
            guard let keys = description.scrollView else { return View(frame: .zero, in: application) }
            let scrollView = ScrollView(frame: .zero, in: application)
            scrollView.contentSize = keys.contentSize
            scrollView.delaysContentTouches = keys.delaysContentTouches
            scrollView.canCancelContentTouches = keys.canCancelContentTouches
            scrollView.autoscrollsDuringDrag = keys.autoscrollsDuringDrag
            applyMotionKeys(keys, to: scrollView)
            return scrollView
        }
        switch control.kind {
        case .control: return Control(frame: .zero, in: application)
        case .button: return Button(frame: .zero, in: application)
        case .switch: return Switch(frame: .zero, in: application)
        case .slider: return Slider(frame: .zero, in: application)
        case .stepper: return Stepper(frame: .zero, in: application)
        case .segmented: return SegmentedControl(frame: .zero, in: application)
        case .pageControl: return PageControl(frame: .zero, in: application)
        }
    }

    /// Gives every control its values, `enabled`, targets (which may name any responder of the
    /// scene, so this runs once all are built) and its log observers.
    static func configureControls(of scene: SceneDescription, responders: SceneResponders, log: DeliveryLog) {
        for window in scene.windows {
            for viewDescription in window.view.subtree {
                guard let description = viewDescription.control,
                      let control = responders[viewDescription.id] as? Control else { continue }
                applyValues(description, to: control)
                control.isEnabled = description.enabled
                for target in description.targets {
                    let events = target.events.reduce(into: Control.Event()) { $0.insert(Control.Event(target: $1)) }
                    control.addTarget(target.target.flatMap { responders[$0] }, action: Action(target.action), for: events)
                }
                observe(control, id: viewDescription.id, logTracking: description.logTracking, log: log, responders: responders)
            }
        }
    }

    /// The type's value keys; bounds before the value, so that the value is not clamped to the
    /// defaults' range on the way.
    private static func applyValues(_ description: SceneDescription.Control, to control: Control) {
        switch control {
        case let toggle as Switch:
            if let isOn = description.isOn { toggle.isOn = isOn }
        case let slider as Slider:
            if let minimum = description.minimumValue { slider.minimumValue = minimum }
            if let maximum = description.maximumValue { slider.maximumValue = maximum }
            if let value = description.value { slider.value = value }
            if let continuous = description.isContinuous { slider.isContinuous = continuous }
        case let stepper as Stepper:
            if let minimum = description.minimumValue { stepper.minimumValue = minimum }
            if let maximum = description.maximumValue { stepper.maximumValue = maximum }
            if let step = description.stepValue { stepper.stepValue = step }
            if let value = description.value { stepper.value = value }
            if let wraps = description.wraps { stepper.wraps = wraps }
            if let continuous = description.isContinuous { stepper.isContinuous = continuous }
            if let autorepeat = description.autorepeat { stepper.autorepeat = autorepeat }
        case let segmented as SegmentedControl:
            switch description.segments {
            case .count(let count)?: segmented.numberOfSegments = count
            case .titles(let titles)?:
                for (index, title) in titles.enumerated() { segmented.insertSegment(withTitle: title, at: index) }
            case nil: break
            }
            if let index = description.selectedSegmentIndex { segmented.selectedSegmentIndex = index }
        case let pages as PageControl:
            if let count = description.numberOfPages { pages.numberOfPages = count }
            if let page = description.currentPage { pages.currentPage = page }
        default:
            break
        }
    }

    /// Behaviour B6's control lines: `<control> beginTracking|…` with `logTracking`, and every
    /// target-action pair sent: `<receiver> <action> from <control> <event>`, or
    /// `<control> <action> unhandled <event>` when no responder could perform it.
    private static func observe(_ control: Control, id: String, logTracking: Bool, log: DeliveryLog,
                                responders: SceneResponders) {
        if logTracking {
            control.observeTracking { [unowned log] _, call in log.append("\(id) \(call.rawValue)") }
        }
        control.observeActions { [unowned log, unowned responders] _, report in
            guard log.isRead else { return }
            let event = report.controlEvent.name
            if report.handled, let receiver = report.receiver {
                let name = responders.id(of: receiver) ?? "\(receiver)"
                log.append("\(name) \(report.action.name) from \(id) \(event)")
            } else {
                log.append("\(id) \(report.action.name) unhandled \(event)")
            }
        }
    }
}

extension Control.Event {
    /// The façade's event for a scene event name (the names are the same).
    init(target event: SceneDescription.Control.Event) {
        self = Control.Event(name: event.rawValue) ?? []
    }
}

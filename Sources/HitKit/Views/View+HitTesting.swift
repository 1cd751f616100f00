// Behaviour A2 through the engine, with a view's own overrides asked only where they exist (the
// overridable methods themselves are declared in View.swift).

/// HitKit's own view classes, exactly (not their subclasses): none overrides hit testing.
private let hitKitViewClasses: Set<ObjectIdentifier> = [
    ObjectIdentifier(View.self), ObjectIdentifier(Window.self), ObjectIdentifier(ScrollView.self),
    ObjectIdentifier(Control.self), ObjectIdentifier(Button.self), ObjectIdentifier(Switch.self),
    ObjectIdentifier(Slider.self), ObjectIdentifier(Stepper.self), ObjectIdentifier(SegmentedControl.self),
    ObjectIdentifier(PageControl.self),
]

extension View {
    /// Whether this class is one of HitKit's own, which keep the default hit testing.
    static var isHitKitClass: Bool { hitKitViewClasses.contains(ObjectIdentifier(self)) }

    /// Hands the engine this view's overrides, if its class has any. The closures link to the
    /// view by id (``ViewLink``): the store must not keep its views alive, and a weak capture
    /// would slow every retain of the view.
    func installEngineOverrides() {
        let type = type(of: self)
        if type.overridesHitTest {
            engine {
                try $0.setHitTestOverride({ [link = ViewLink(self)] point in
                    guard let self = link.object else { return nil }
                    // An answer from another application's store means nothing to this one.
                    guard let answer = self.hitTest(point, with: self.application?.eventBeingHitTested),
                          answer.store === self.store else { return nil }
                    return answer.id
                }, of: $1)
            }
        }
        if type.overridesPointInside {
            engine {
                try $0.setPointInsideOverride({ [link = ViewLink(self)] point in
                    guard let self = link.object else { return false }
                    return self.point(inside: point, with: self.application?.eventBeingHitTested)
                }, of: $1)
            }
        }
    }
}

// A touch made by the pointer's click (Behaviour A8).

extension Touch {
    /// `direct` for a finger, `indirectPointer` for a pointer's click (UIKit's `UITouch.type`).
    public var type: TouchType {
        buttonMaskAtBegan == nil ? .direct : .indirectPointer
    }

    /// Whether the touch may go to recognizers other than taps and to controls: a finger, or a
    /// click that began with the primary button alone (Behaviour A8).
    var isPrimaryOrDirect: Bool {
        buttonMaskAtBegan.map { $0 == .primary } ?? true
    }
}

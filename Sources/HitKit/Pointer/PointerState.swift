/// The application's knowledge of the pointer between frames (Behaviour A8): whether one is on
/// the screen, where, its buttons and modifier keys, its click in progress, the hovers it holds
/// and the trackpad scroll under way.
final class PointerState {
    // Fenced (``ExclusivityFence``), read by every frame's hover pass: each change is one
    // assignment, or a swap or removal that calls no recognizer code (``hovers``'s owners end
    // the hovers they take out after taking them out).
    #if HITKIT_INTERNAL_CHECKS
    /// The pointer on the screen; `nil` before the first frame naming it and after it left.
    var id: Int?
    var location = Point.zero
    /// The next ``hovers`` while it is worked out; the two lists swap, keeping their capacity.
    var nextHovers: [HoverGestureRecognizer] = []
    /// While the pointer drags (Behaviour A11), its hovers are over as if it had left.
    var isHiddenByDrag = false
    /// The hover recognizers over which the pointer is, from the view under it up to its window.
    var hovers: [HoverGestureRecognizer] = []
    #else
    @exclusivity(unchecked) var id: Int?
    @exclusivity(unchecked) var location = Point.zero
    @exclusivity(unchecked) var nextHovers: [HoverGestureRecognizer] = []
    @exclusivity(unchecked) var isHiddenByDrag = false
    @exclusivity(unchecked) var hovers: [HoverGestureRecognizer] = []
    #endif
    /// The scroll views a wheel notch stopped, until the notch's frame has scrolled them
    /// (``Application/bounceZoomsStoppedByNotch()``, Behaviour A6.2): at most two, as for
    /// ``scrollViewsStoppedByScroll``.
    // Fenced (``ExclusivityFence``): appended to by a notch's routing, read one element at a time
    // and emptied after its frame's actions; a notch over a moving scroll view does both every
    // frame, and the checks were about 100 of its instructions.
    #if HITKIT_INTERNAL_CHECKS
    var zoomsStoppedByNotch: [ViewLink<ScrollView>] = []
    #else
    @exclusivity(unchecked) var zoomsStoppedByNotch: [ViewLink<ScrollView>] = []
    #endif
    /// The delivery depth of the hover pass that routed them, the one to bounce them.
    var notchRoutedAtDepth = 0
    var buttons: Event.ButtonMask = []
    var modifierFlags: KeyModifierFlags = []
    /// The hover recognizers on the chain of the view under the pointer, enabled or not.
    // Fenced (``ExclusivityFence``): used by ``Application/updateHover(pointerMoved:)`` alone, on
    // every frame; its walk calls no responder or recognizer code, and its loop iterates over a copy.
    #if HITKIT_INTERNAL_CHECKS
    var chainHovers = HoverChain()
    #else
    @exclusivity(unchecked) var chainHovers = HoverChain()
    #endif
    /// Whether a continuous scroll is between its `began` and its `ended`.
    var continuousScrollUnderway = false
    /// The pan that took the continuous scroll's `began`, if one did (not kept alive).
    var continuousScrollOwner: PanGestureRecognizer? {
        get { continuousScrollOwnerLink?.object }
        set { continuousScrollOwnerLink = newValue.map(RecognizerLink.init) }
    }
    private var continuousScrollOwnerLink: RecognizerLink<PanGestureRecognizer>?
    /// The scroll views whose zoom animations a continuous scroll's `began` stopped (Behaviour
    /// A6.2): a scale left past a limit bounces back at the scroll's `ended` (not kept alive).
    /// At most two: the innermost moving one under it, and the one that takes it.
    var scrollViewsStoppedByScroll: [ViewLink<ScrollView>] = []

    /// The id of the click whose touch step 1 of this frame is about to create.
    var pendingClickID: Int?

    /// Applies an accepted pointer state; returns the click's touch input (began on the first
    /// button, moved while one is held, ended on the last release) and whether the pointer moved
    /// (appearing and leaving count as moves).
    func apply(_ input: PointerInput) -> (click: TouchInput?, moved: Bool) {
        let wasPresent = id != nil
        let hadButtons = wasPresent && !buttons.isEmpty
        if input.hasLeft {
            id = nil
            buttons = []
            return (nil, wasPresent)
        }
        let moved = !wasPresent || location != input.location
        id = input.id
        location = input.location
        buttons = input.buttonMask
        modifierFlags = input.modifierFlags
        switch (hadButtons, buttons.isEmpty) {
        case (false, false):
            pendingClickID = input.id
            return (TouchInput(id: input.id, phase: .began, location: location), moved)
        case (true, true):
            return (TouchInput(id: input.id, phase: .ended, location: location), moved)
        case (true, false) where moved:
            return (TouchInput(id: input.id, phase: .moved, location: location), moved)
        default:
            return (nil, moved)
        }
    }

    /// Step 1 made `touch`: if it is the click, it becomes an `indirectPointer` touch.
    func markIfClick(_ touch: Touch) {
        guard touch.id == pendingClickID else { return }
        pendingClickID = nil
        touch.buttonMaskAtBegan = buttons
    }

    /// What an event reports: the buttons and modifier keys now.
    var eventState: PointerEventState {
        PointerEventState(buttonMask: id == nil ? [] : buttons, modifierFlags: modifierFlags)
    }
}

// The pointer's buttons and modifier keys as an event reports them (Behaviour A8).

/// What an event says about the pointer: the buttons held in its frame and the modifier keys.
struct PointerEventState: Hashable, Sendable {
    var buttonMask: Event.ButtonMask = []
    var modifierFlags: KeyModifierFlags = []
}

extension Event {
    /// The pointer buttons held in this event's frame (UIKit's `UIEvent.buttonMask`); empty when
    /// no pointer is on the screen or no button is held.
    public var buttonMask: ButtonMask { pointerState.buttonMask }

    /// The modifier keys held in this event's frame, as the pointer's last state gave them
    /// (UIKit's `UIEvent.modifierFlags`).
    public var modifierFlags: KeyModifierFlags { pointerState.modifierFlags }
}

// The pointer as the host and the recognizers see it (Behaviour A8).

extension Application {
    /// The modifier keys the pointer's last state gave (empty before any).
    public var pointerModifierFlags: KeyModifierFlags { pointerState.modifierFlags }

    /// Where the pointer is on the screen, or `nil` when it is not on the screen.
    public var pointerLocation: Point? { pointerState.id == nil ? nil : pointerState.location }

    /// The buttons the pointer holds (empty when it is not on the screen).
    public var pointerButtonMask: Event.ButtonMask { pointerState.eventState.buttonMask }
}

// The pointer buttons held in an event (UIKit's `UIEvent.ButtonMask`; Behaviour A8).

extension Event {
    /// The pointer buttons held, one bit a button: button *n* is bit *n − 1*.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// The highest button number a mask holds.
        public static let maximumButtonNumber = 32

        /// Button 1: the left button of a right-handed mouse, a one-finger trackpad click.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// Button 2: the right button, a two-finger trackpad click.
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// Button 3: the middle button (a pressed wheel).
        public static let middle = ButtonMask(rawValue: 1 << 2)

        /// Button `number` (1 is ``primary``, 2 ``secondary``, 3 ``middle``). A number outside
        /// `1...maximumButtonNumber` gives the empty mask: check it with ``isValidButtonNumber(_:)``.
        public static func button(_ number: Int) -> ButtonMask {
            isValidButtonNumber(number) ? ButtonMask(rawValue: 1 << UInt32(number - 1)) : []
        }

        /// Whether a mask can hold button `number`.
        public static func isValidButtonNumber(_ number: Int) -> Bool {
            (1...maximumButtonNumber).contains(number)
        }

        /// The button numbers held, ascending.
        public var buttonNumbers: [Int] {
            // Set bits only: a pointer frame with no button held (every hover move) builds
            // its input through here, and then makes no array at all.
            var numbers: [Int] = [], bits = rawValue
            while bits != 0 {
                numbers.append(bits.trailingZeroBitCount + 1)
                bits &= bits &- 1
            }
            return numbers
        }
    }
}

/// The pointer's state in an input frame (Behaviour A8): where a mouse or trackpad pointer is,
/// which buttons are held and which modifier keys, or that it left the screen.
///
/// A frame names the pointer when something about it changed; the application keeps its state
/// between frames. The pointer's ``id`` comes from the fingers' id space: while a button is
/// held the pointer is a touch with that id, so no finger may use it meanwhile.
public struct PointerInput: Hashable, Sendable {
    /// The pointer's id, in the same space as finger ids.
    public var id: Int
    /// Where the pointer is, in screen coordinates (ignored when ``hasLeft``).
    public var location: Point
    /// The buttons held, by number: 1 primary, 2 secondary, 3 middle, then 4, 5, … as
    /// ``Event/ButtonMask/button(_:)`` numbers them. A number outside
    /// `1...Event.ButtonMask.maximumButtonNumber` is bad input.
    public var buttonNumbers: [Int]
    /// The modifier keys held.
    public var modifierFlags: KeyModifierFlags
    /// The pointer left the screen: hovers end (Behaviour A8). With a button held that is bad input.
    public var hasLeft: Bool

    /// The pointer at `location` with `buttons` and `modifierFlags` held.
    public init(id: Int, location: Point, buttons: Event.ButtonMask = [], modifierFlags: KeyModifierFlags = []) {
        self.init(id: id, location: location, buttonNumbers: buttons.buttonNumbers, modifierFlags: modifierFlags)
    }

    /// The pointer at `location` with the buttons numbered `buttonNumbers` held.
    public init(id: Int, location: Point, buttonNumbers: [Int], modifierFlags: KeyModifierFlags = []) {
        self.id = id
        self.location = location
        self.buttonNumbers = buttonNumbers
        self.modifierFlags = modifierFlags
        self.hasLeft = false
    }

    /// The pointer `id` left the screen.
    public static func left(id: Int) -> PointerInput {
        var input = PointerInput(id: id, location: .zero)
        input.hasLeft = true
        return input
    }

    /// The buttons held, as a mask (numbers out of range left out).
    public var buttonMask: Event.ButtonMask {
        buttonNumbers.reduce(into: []) { $0.insert(.button($1)) }
    }
}

/// Scroll input in a frame (Behaviour A8): a wheel notch or a step of trackpad scrolling.
public struct ScrollInput: Hashable, Sendable {
    /// A trackpad scroll's phase.
    public enum Phase: Hashable, Sendable, CustomStringConvertible {
        case began, changed, ended

        public var description: String {
            switch self {
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            }
        }
    }

    /// The kind of scroll.
    public enum Kind: Hashable, Sendable {
        /// One mouse wheel notch (or several, summed in ``ScrollInput/delta``): no phases; a
        /// run of notches ends when none has come for the pan's `discreteScrollEndDelay`.
        case discrete
        /// Trackpad scrolling: a sequence `began`, `changed`…, `ended`.
        case continuous(Phase)
    }

    /// Where the pointer is, in screen coordinates: the scroll goes to the pans over it.
    public var location: Point
    /// The translation a finger dragging the content would make, in points: scrolling towards
    /// later content (a wheel turned towards the user) is a negative `y`.
    public var delta: Point
    /// A wheel notch, or a step of trackpad scrolling with its phase.
    public var kind: Kind

    /// Scroll input of `kind` at `location` (screen coordinates), translating by `delta` (points).
    public init(location: Point, delta: Point, kind: Kind) {
        self.location = location
        self.delta = delta
        self.kind = kind
    }
}

/// Which kinds of scroll input a pan takes (UIKit's `UIScrollTypeMask`; Behaviour A8).
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Mouse wheel notches.
    public static let discrete = ScrollTypeMask(rawValue: 1 << 0)
    /// Trackpad scrolling, with phases.
    public static let continuous = ScrollTypeMask(rawValue: 1 << 1)
    /// Both kinds.
    public static let all: ScrollTypeMask = [.discrete, .continuous]

    /// The mask holding `kind`'s type.
    public init(_ kind: ScrollInput.Kind) {
        switch kind {
        case .discrete: self = .discrete
        case .continuous: self = .continuous
        }
    }
}

/// A 24-bit sRGB colour, `0xRRGGBB`, as the scene names it and screenshots sample it.
struct Colour: Hashable, Sendable {
    var rgb: UInt32

    var red: UInt8 { UInt8((rgb >> 16) & 0xFF) }
    var green: UInt8 { UInt8((rgb >> 8) & 0xFF) }
    var blue: UInt8 { UInt8(rgb & 0xFF) }

    // The demo's palette. run-under-xvfb.sh samples these exact values from screenshots, so a
    // change here must be mirrored there.
    static let background = Colour(rgb: 0x202830)
    static let buttonNormal = Colour(rgb: 0x2060C0)
    static let buttonHighlighted = Colour(rgb: 0xF0C020)
    static let sliderTrack = Colour(rgb: 0x505A64)
    static let sliderThumb = Colour(rgb: 0xF08020)
    static let draggable = Colour(rgb: 0x30A050)
    static let doubleTapIdle = Colour(rgb: 0x8040A0)
    static let doubleTapToggled = Colour(rgb: 0xD03040)
    static let hoverIdle = Colour(rgb: 0x406070)
    static let hoverHighlighted = Colour(rgb: 0x60C0E0)
    static let secondaryIdle = Colour(rgb: 0x705030)
    static let secondaryClicked = Colour(rgb: 0xE07050)
    static let secondaryShiftClicked = Colour(rgb: 0xE0E060)
    static let listRowEven = Colour(rgb: 0x3C4650)
    static let listRowOdd = Colour(rgb: 0x8890A0)
    static let photoSky = Colour(rgb: 0x4A90D0)
    static let photoGround = Colour(rgb: 0x3C8C3C)
    static let photoSun = Colour(rgb: 0xF0E060)
    static let label = Colour(rgb: 0xFFFFFF)
    static let focusRing = Colour(rgb: 0x00E0A0)
}

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
    static let label = Colour(rgb: 0xFFFFFF)
}

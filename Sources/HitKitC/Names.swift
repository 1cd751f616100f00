// The strings C passes to name something HitKit compares or looks up: a key command's input, a
// focus group, a scene id, a scene file's path. Text HitKit only shows or hands on (a key's
// characters, a menu item's identifier, a scene buffer's name in messages) is read with U+FFFD
// for bad bytes instead, as the header says of each.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The name `pointer` spells, refused unless it is valid UTF-8: read with U+FFFD, different bad
/// bytes would name the same thing ("\xff" the focus group "\xfe" is in, say).
func utf8Name(_ pointer: UnsafePointer<CChar>, _ what: StaticString) throws(CFailure) -> String {
    if let name = String(validatingCString: pointer) { return name }
    throw notUTF8(pointer, what)
}

/// The refusal of a name that is not UTF-8, showing its bytes as passed (decoded, they would
/// show as replacement characters), the first 64 at most.
@inline(never)
private func notUTF8(_ pointer: UnsafePointer<CChar>, _ what: StaticString) -> CFailure {
    let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), shownCount = 64
    var shown = ""
    for byte in bytes.prefix(shownCount) {
        if (0x20...0x7e).contains(byte), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            shown.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            shown += (byte < 0x10 ? "\\x0" : "\\x") + String(byte, radix: 16)
        }
    }
    let more = bytes.count > shownCount ? "… (\(bytes.count) bytes)" : ""
    return CFailure(.invalidArgument, "the \(what) is not valid UTF-8: \"\(shown)\"\(more)")
}

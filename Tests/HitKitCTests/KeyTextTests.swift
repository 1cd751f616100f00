import HitKit
@testable import HitKitC
import Testing

/// A key's text from C becomes a `String` with no allocation, the UIKit input names longer than
/// a `String` holds in itself (15 bytes) included: those are given as literals (Keyboard.swift).
/// That a warm frame with one allocates nothing is held by the peers benchmark's frame of every
/// kind (`Benchmarks/Peers/ccall.c`, an Up Arrow); this holds the table to the names.
@Suite("A key's text from C")
struct KeyTextTests {
    static func literal(for text: String) -> String? {
        var text = text
        return text.withUTF8 { longInputName(UnsafeRawBufferPointer($0)) }
    }

    @Test func everyInputNameLongerThanAStringHoldsInItselfIsALiteral() {
        let long = KeyCommand.inputNames.filter { $0.utf8.count > 15 }
        #expect(long.count == 8, "the four arrows, Escape, Page Up, Page Down and Delete")
        for name in KeyCommand.inputNames {
            #expect(Self.literal(for: name) == (name.utf8.count > 15 ? name : nil), "\(name)")
        }
    }

    @Test func nothingElseIs() {
        for text in ["UIKeyInputUpArrox", "uIKeyInputEscape", "UIKeyInputPageUp ", "UIKeyInputRightArro",
                     "UIKeyInputLeftArrowX", "ÜIKeyInputDelete", "0123456789abcdef", ""] {
            #expect(Self.literal(for: text) == nil, "\(text)")
        }
    }
}

import Foundation
import Testing
import HitKitScene

/// Every key the fixtures use, given a value of another kind (a string where a number goes, a
/// number where an object or an array goes, …) or a member it does not know, is refused with an
/// error that names that very JSON path (Behaviour B7: bad input names the file and the JSON
/// path). The places are collected from every scene and scenario fixture, array indices folded,
/// so a key added to the format is checked as soon as a fixture uses it.
@Suite("Values of the wrong kind and unknown keys, at every place")
struct WrongKindTests {
    /// One place a value stands in the format (`scene.windows[].subviews[].frame`), as first met
    /// in a fixture.
    struct Place: CustomStringConvertible {
        var file: URL
        var bytes: [UInt8]
        var span: ValueSpans.Span
        var isScenario: Bool
        var folded: String
        var description: String { "\(folded) (first in \(file.lastPathComponent))" }

        /// Decodes `bytes` as this place's fixture was: a scenario or a scene, named as its file.
        func decode(_ bytes: [UInt8]) throws(SceneError) {
            if isScenario {
                _ = try ScenarioLoader.decode(data: bytes, file: file.path)
            } else {
                _ = try SceneLoader.decode(data: bytes, file: file.path)
            }
        }
    }

    /// The keys that take more than one kind of value, and so accept the stand-in: the format's
    /// alternatives, not gaps. Matched as the end of a folded place.
    static let alternatives = [
        "control.segments",      // a count of segments, or their titles
        "buttonMaskRequired[]",  // a button's name, or its number (B2)
        "pointer.buttons[]",     // as buttonMaskRequired (B5)
    ]

    static let places: [Place] = {
        var seen: Set<String> = []
        var places: [Place] = []
        func collect(_ folder: URL, isScenario: Bool) {
            for name in Fixtures.names(in: folder) {
                let file = folder.appendingPathComponent("\(name).json")
                guard let data = try? Data(contentsOf: file) else { continue }
                let bytes = [UInt8](data)
                for span in ValueSpans(bytes).spans where !span.path.components.isEmpty {
                    let folded = ValueSpans.folded(span.path)
                    guard seen.insert(folded).inserted else { continue }
                    places.append(Place(file: file, bytes: bytes, span: span, isScenario: isScenario, folded: folded))
                }
            }
        }
        collect(Fixtures.scenes, isScenario: false)
        collect(Fixtures.scenarios, isScenario: true)
        return places
    }()

    @Test func theFixturesCoverTheFormat() {
        // Scenes, controls, gestures, interactions, steps of every input kind: hundreds of places.
        #expect(Self.places.count >= 450)
        #expect(Self.places.contains { $0.folded == "steps[].keys[].code" })
        #expect(Self.places.contains { $0.folded.hasSuffix("control.targets[].events[]") })
    }

    @Test func everyPlaceRefusesAValueOfAnotherKindAtItsOwnPath() {
        var accepted: [String] = []
        for place in Self.places {
            var bytes = place.bytes
            bytes.replaceSubrange(place.span.range, with: Array(place.span.kind.standIn.utf8))
            do throws(SceneError) {
                try place.decode(bytes)
                accepted.append(place.folded)
            } catch {
                #expect(error.location.description == place.span.path.description,
                        "\(place): \(place.span.kind.standIn) was refused at \(error.location): \(error.message)")
                #expect(error.file == place.file.path)
                #expect(error.message.contains("found"), "\(place): \(error.message)")
            }
        }
        let unexpected = accepted.filter { place in !Self.alternatives.contains { place.hasSuffix($0) } }
        #expect(unexpected.isEmpty, "accepted a value of another kind: \(unexpected)")
        // Each alternative is still in the fixtures and still taken: the list cannot go stale.
        for alternative in Self.alternatives {
            #expect(accepted.contains { $0.hasSuffix(alternative) }, "no fixture place \(alternative) took the stand-in")
        }
    }

    /// Every object place, given a member no format has, is refused with an error that names
    /// the member's own path: no object of the format takes keys it does not know.
    @Test func everyObjectRefusesAnUnknownKeyAtItsPath() {
        var objects = 0
        for place in Self.places where place.span.kind == .object {
            objects += 1
            var bytes = place.bytes
            bytes.insert(contentsOf: Array(#""unknownKey": 1, "#.utf8), at: place.span.range.lowerBound + 1)
            do throws(SceneError) {
                try place.decode(bytes)
                Issue.record("\(place): an unknown key was accepted")
            } catch {
                #expect(error.location.description == (place.span.path / "unknownKey").description,
                        "\(place): refused at \(error.location): \(error.message)")
                #expect(error.message.contains("unknown key"), "\(place): \(error.message)")
            }
        }
        #expect(objects >= 60)
    }
}

/// Every value of a JSON text with its path and byte range: enough to put another value in its
/// place and leave the rest of the file as written. For well-formed files (the fixtures).
struct ValueSpans {
    enum Kind {
        case object, array, string, number, bool, null

        /// A value of another kind, to put in this one's place.
        var standIn: String {
            switch self {
            case .number, .bool: "\"x\""
            case .string, .array, .object, .null: "7"
            }
        }
    }

    struct Span {
        var path: JSONPath
        var range: Range<Int>
        var kind: Kind
    }

    private(set) var spans: [Span] = []
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        skipSpace()
        if index < bytes.count { value(at: .root) }
    }

    /// `path` with each array index folded to `[]`.
    static func folded(_ path: JSONPath) -> String {
        var text = ""
        for component in path.components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index: text += "[]"
            }
        }
        return text
    }

    private mutating func value(at path: JSONPath) {
        let start = index, slot = spans.count
        spans.append(Span(path: path, range: start..<start, kind: .null))
        let kind: Kind
        switch bytes[index] {
        case UInt8(ascii: "{"):
            kind = .object
            members { this in
                let key = this.string()
                this.skipSpace()
                this.index += 1  // the colon
                this.skipSpace()
                this.value(at: path / key)
            }
        case UInt8(ascii: "["):
            kind = .array
            var element = 0
            members { this in
                this.value(at: path / element)
                element += 1
            }
        case UInt8(ascii: "\""):
            kind = .string
            _ = string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            kind = .bool
            while index < bytes.count, bytes[index] >= UInt8(ascii: "a"), bytes[index] <= UInt8(ascii: "z") { index += 1 }
        case UInt8(ascii: "n"):
            kind = .null
            index += 4
        default:
            kind = .number
            while index < bytes.count, Array("+-.0123456789eE".utf8).contains(bytes[index]) { index += 1 }
        }
        spans[slot].range = start..<index
        spans[slot].kind = kind
    }

    /// An object's or an array's members, from its opening bracket past its closing one.
    private mutating func members(_ member: (inout ValueSpans) -> Void) {
        index += 1
        skipSpace()
        while bytes[index] != UInt8(ascii: "}") && bytes[index] != UInt8(ascii: "]") {
            member(&self)
            skipSpace()
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                skipSpace()
            }
        }
        index += 1
    }

    /// A string from its opening quote past its closing one: its text as written (the
    /// fixtures' keys have no escapes).
    private mutating func string() -> String {
        index += 1
        let start = index
        while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
        defer { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }
}

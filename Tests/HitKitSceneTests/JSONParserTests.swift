import Testing
@testable import HitKitScene

@Suite("The strict JSON parser")
struct JSONParserTests {
    @Test func booleansAreNeverNumbersAndNumbersNeverBooleans() throws {
        let value = try JSONParser.parse(#"[true, false, 1, 0, 1.0, -0.5e1, null]"#)
        #expect(value == .array([.bool(true), .bool(false), .number(1), .number(0), .number(1), .number(-5), .null]))
        #expect(JSONValue.bool(true) != JSONValue.number(1))
    }

    @Test func objectMembersKeepFileOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": 2, "m": {"y": [], "b": {}}}"#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["z", "a", "m"])
        guard case .object(let inner) = members[2].value else { Issue.record("not an object"); return }
        #expect(inner.map(\.key) == ["y", "b"])
    }

    @Test func duplicateKeysAreRefusedWithTheirPath() {
        #expect(throws: JSONParseError.duplicateKey(path: JSONPath([.key("a"), .index(1), .key("b")]))) {
            try JSONParser.parse(#"{"a": [{}, {"b": 1, "c": 2, "b": 3}]}"#)
        }
    }

    @Test func stringEscapesAndUnicode() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00", "né"]"#)
        #expect(value == .array([.string("a\"b\\c/d\n\t"), .string("é😀"), .string("né")]))
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(throws: JSONParseError.syntax(line: 2, column: 3, message: "expected a value, found '}'")) {
            try JSONParser.parse("{\"a\":\n  }")
        }
        do {
            _ = try JSONParser.parse(#""\udc00""#)
            Issue.record("a lone low surrogate was accepted")
        } catch {
            guard case .syntax(_, _, let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("lone low surrogate"))
        }
    }

    @Test func malformedNumbersAndLiteralsAreRefused() {
        for text in ["01", "1.", ".5", "-", "+1", "1e", "tru", "nul", "[1,]", "{\"a\" 1}", "\"\u{01}\"", "Infinity", "1 2"] {
            #expect(throws: JSONParseError.self, "\(text)") { try JSONParser.parse(text) }
        }
    }

    @Test func nestingIsBoundedInsteadOfExhaustingTheStack() throws {
        let deepest = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deepest, maximumDepth: 49) }
        _ = try JSONParser.parse(deepest, maximumDepth: 50)
        // The default limit is meant for the loader's large stack, so go through the loader.
        let tooDeep = String(repeating: "[", count: 100_000)
        #expect(throws: SceneError(file: "deep.json", location: .line(1, column: 20_001),
                                   message: "not valid JSON: nesting deeper than 20000 levels")) {
            try SceneLoader.decode(text: tooDeep, file: "deep.json")
        }
    }

    @Test func pathsPrintAsInTheSpec() {
        #expect(JSONPath.root.description == "$")
        #expect((JSONPath.root / "windows" / 0 / "subviews" / 2 / "frame").description == "windows[0].subviews[2].frame")
        #expect((JSONPath.root / "windows" / 0 / "my key").description == "windows[0][\"my key\"]")
        #expect((JSONPath.root / "frame" / 1).description == "frame[1]")
    }
}

import Testing
@testable import HitKitScene

@Suite("The strict JSON parser")
struct JSONParserTests {
    @Test func booleansAreNeverNumbersAndNumbersNeverBooleans() throws {
        let value = try JSONParser.parse(#"[true, false, 1, 0, 1.0, -0.5e1, null]"#)
        #expect(Self.render(value) == "[true,false,1.0,0.0,1.0,-5.0,null]")
        #expect(JSONValue.bool(true) != JSONValue.number(1))
        guard case .array(let elements) = value else { Issue.record("not an array"); return }
        #expect(Array(elements) == [.bool(true), .bool(false), .number(1), .number(0), .number(1), .number(-5), .null])
    }

    @Test func objectMembersKeepFileOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": 2, "m": {"y": [], "b": {}}}"#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["z", "a", "m"])
        guard case .object(let inner) = Array(members)[2].value else { Issue.record("not an object"); return }
        #expect(inner.map(\.key) == ["y", "b"])
        #expect(Self.render(value) == #"{"z":1.0,"a":2.0,"m":{"y":[],"b":{}}}"#)
    }

    @Test func duplicateKeysAreRefusedWithTheirPath() {
        #expect(throws: JSONParseError.duplicateKey(path: JSONPath([.key("a"), .index(1), .key("b")]))) {
            try JSONParser.parse(#"{"a": [{}, {"b": 1, "c": 2, "b": 3}]}"#)
        }
        // Keys are compared as text: an escape or a composed form repeats the same key.
        #expect(throws: JSONParseError.duplicateKey(path: JSONPath([.key("x"), .key("b")]))) {
            try JSONParser.parse(#"{"x": {"b": 1, "\u0062": 2}}"#)
        }
        #expect(throws: JSONParseError.duplicateKey(path: JSONPath([.key("é")]))) {
            try JSONParser.parse("{\"e\u{301}\": 1, \"é\": 2}")
        }
        // Past the in-place limit, a set finds the repeat, and its path is still the second one.
        let many = (0..<100).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(throws: JSONParseError.duplicateKey(path: JSONPath([.index(1), .key("k7")]))) {
            try JSONParser.parse("[{}, {\(many), \"k7\": 0}]")
        }
        #expect(throws: JSONParseError.duplicateKey(path: JSONPath([.index(1), .key("k99")]))) {
            try JSONParser.parse("[{}, {\(many), \"k100\": 0, \"k99\": 0}]")
        }
    }

    @Test func containersAreSkippedWhole() throws {
        // Each element's extent is known without reading inside it.
        let value = try JSONParser.parse(#"[[1, [2, {"a": [3]}]], {"b": {"c": 4}, "d": 5}, "s", 6]"#)
        guard case .array(let elements) = value else { Issue.record("not an array"); return }
        #expect(elements.count == 4)
        #expect(elements.map(Self.render) == ["[1.0,[2.0,{\"a\":[3.0]}]]", #"{"b":{"c":4.0},"d":5.0}"#, "\"s\"", "6.0"])
    }

    @Test func stringEscapesAndUnicode() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\/d\n\t", "\u00e9\ud83d\ude00", "né"]"#)
        guard case .array(let elements) = value else { Issue.record("not an array"); return }
        #expect(Array(elements) == [.string("a\"b\\c/d\n\t"), .string("é😀"), .string("né")])
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

    @Test func everyNumberIsTheNearestDoubleWithOrWithoutTheIntegerShortcut() throws {
        // Whole numbers of up to 15 digits skip the text conversion; longer ones and fractions take it.
        let texts = ["0", "-0", "7", "-12", "999999999999999", "-999999999999999", "1000000000000000",
                     "9007199254740993", "123456789012345678901234567890", "0.1", "-2.5e-3", "1E2"]
        for text in texts {
            guard case .number(let number) = try JSONParser.parse(text) else { Issue.record("\(text) is not a number"); continue }
            let expected = Double(text)!
            #expect(number == expected && number.sign == expected.sign, "\(text)")
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
        // Escaped as a found string is, so the message stays on one line.
        #expect((JSONPath.root / "a\nb\u{0}\u{1B}\"\\").description == #"["a\nb\u0000\u001b\"\\"]"#)
        #expect((JSONPath.root / "frame" / 1).description == "frame[1]")
    }

    /// The value written back as compact JSON (numbers as Swift prints a Double).
    static func render(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): "\(number)"
        case .string(let text): "\"\(text)\""
        case .array(let elements): "[" + elements.map(render).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\"\($0.key)\":" + render($0.value) }.joined(separator: ",") + "}"
        }
    }
}

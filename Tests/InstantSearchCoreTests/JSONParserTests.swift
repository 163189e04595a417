import Testing

@testable import InstantSearchCore

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text, file: "t.json") }

    func parseError(_ text: String) -> DataError? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as DataError {
            return error
        } catch {
            return nil
        }
    }

    @Test func scalarsAndContainers() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .bool(true))
        #expect(try parse("false") == .bool(false))
        #expect(try parse("-12") == .number(-12))
        #expect(try parse("3.25e2") == .number(325))
        #expect(try parse("0.5") == .number(0.5))
        #expect(try parse("1E-2") == .number(0.01))
        #expect(try parse("[1, [], {}, \"x\"]") == .array([1, .array([]), .object([:]), "x"]))
        #expect(try parse("12345678901234567890") == .number(1.2345678901234567e19))
    }

    @Test func objectKeysKeepFileOrder() throws {
        let value = try parse(#"{"zeta": 1, "alpha": 2, "mid": {"b": 1, "a": 2}}"#)
        #expect(value.objectValue.map { Array($0.keys) } == ["zeta", "alpha", "mid"])
        #expect(value["mid"]?.objectValue.map { Array($0.keys) } == ["b", "a"])
        #expect(value.serialized() == #"{"zeta":1,"alpha":2,"mid":{"b":1,"a":2}}"#)
    }

    @Test func stringEscapes() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{8}\u{c}\n\r\t"))
        #expect(try parse(#""caf\u00e9 \u00C9""#) == .string("café É"))
        #expect(try parse(#""\ud83d\ude00 smile""#) == .string("😀 smile"))
        #expect(try parse("\"héllo 日本\"") == .string("héllo 日本"))
    }

    @Test func errorsNameLineAndColumn() throws {
        let missingComma = parseError("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(missingComma?.description == "t.json:3:3: expected ',' or '}' after an object member, found '\"'")
        #expect(parseError("[1, 2")?.message == "expected ',' or ']' after an array element")
        #expect(parseError("[1,]")?.description == "t.json:1:4: expected a value, found ']'")
        #expect(parseError("{\"a\" 1}")?.message.hasPrefix("expected ':' after an object key") == true)
        #expect(parseError("{1: 2}")?.message.hasPrefix("expected a string key") == true)
        #expect(parseError("\n\n  \"abc")?.description == "t.json:3:3: unterminated string (opened here)")
        #expect(parseError(#""\x""#)?.message.hasPrefix("invalid escape sequence") == true)
        #expect(parseError(#""\ud83d""#)?.message.hasPrefix("expected a low surrogate") == true)
        #expect(parseError(#""\u12g4""#)?.message == "expected 4 hex digits after \\u")
        #expect(parseError("012")?.message == "numbers cannot have leading zeros")
        #expect(parseError("1.")?.message == "expected a digit after the decimal point")
        #expect(parseError("tru")?.message.hasPrefix("expected a value") == true)
        #expect(parseError("{} x")?.description == "t.json:1:4: unexpected data after the JSON value")
        #expect(parseError("\"a\tb\"")?.message == "unescaped control character in a string")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "é" is two bytes but one column.
        #expect(parseError("{\"é\": 1 x}")?.description == "t.json:1:9: expected ',' or '}' after an object member, found 'x'")
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 10_000)
        #expect(parseError(deep)?.message.hasPrefix("nesting deeper than") == true)
    }
}

import Testing

@testable import InstantSearchCore

/// fzf's field expressions and delimiters (its README's `--nth` section: `1`, `-1`, `2..`,
/// `..3`, `1,3`; AWK-style fields keep their trailing blanks, a delimiter stays with its field).
struct LineFieldsTests {
    func select(_ expression: String, _ line: String, delimiter: FieldDelimiter = .awk) throws -> String {
        delimiter.select(try FieldExpression(expression, option: "--nth"), of: line)
    }

    @Test func expressionsSelectFields() throws {
        let line = "a b c d"
        #expect(try select("1", line) == "a")
        #expect(try select("-1", line) == "d")
        #expect(try select("2..", line) == "b c d")
        #expect(try select("..3", line) == "a b c")
        #expect(try select("1,3", line) == "a c")
        #expect(try select("2..3", line) == "b c")
        #expect(try select("..", line) == "a b c d")
        #expect(try select("5", line) == "")
        #expect(try select("-5", line) == "")
    }

    @Test func awkStyleKeepsLeadingBlanksWithTheFirstField() {
        let fields = FieldDelimiter.awk.fields("  a  b\tc")
        #expect(fields == ["  a  ", "b\t", "c"])
    }

    @Test func aStringDelimiterStaysWithItsField() throws {
        let colon = try FieldDelimiter(":")
        #expect(colon.fields("root:x:0:0") == ["root:", "x:", "0:", "0"])
        #expect(try select("2", "root:x:0", delimiter: colon) == "x")
        #expect(try select("1,3", "root:x:0", delimiter: colon) == "root:0")
        #expect(try select("2..", "a::b", delimiter: colon) == ":b")
    }

    /// fzf cuts bytes: a line ending with the delimiter has an empty last field, and a
    /// delimiter followed by a combining mark still cuts (where a Character would hold both).
    @Test func aStringDelimiterCutsAsFzfCutsBytes() throws {
        let slash = try FieldDelimiter("/")
        #expect(slash.fields("usr/lib/") == ["usr/", "lib/", ""])
        #expect(try select("-1", "usr/lib/", delimiter: slash) == "")
        #expect(try select("-2", "usr/lib/", delimiter: slash) == "lib")
        #expect(slash.fields("a/\u{301}b") == ["a/", "\u{301}b"])
        #expect(try select("1", "a/\u{301}b", delimiter: slash) == "a")
        #expect(FieldDelimiter.awk.fields("a \u{301}b") == ["a ", "\u{301}b"])
        #expect(try select("1", "a \u{301}b") == "a")
    }

    @Test func aRegularExpressionDelimiter() throws {
        let blanks = try FieldDelimiter("[,;] *")
        #expect(try select("2", "a, b;c", delimiter: blanks) == "b")
        #expect(try select("-1", "a, b;c", delimiter: blanks) == "c")
    }

    @Test func badInputNamesTheOption() {
        for bad in ["0", "a", "1..x", "", "1,,2", "-3..3"] {
            #expect(throws: LineOptionError.self) { try FieldExpression(bad, option: "--nth") }
            do {
                _ = try FieldExpression(bad, option: "--with-nth")
            } catch {
                #expect(error.description.hasPrefix("--with-nth: "))
                #expect(error.description.contains("N..M"))
            }
        }
        #expect(throws: LineOptionError.self) { try FieldDelimiter("(") }
        #expect(throws: LineOptionError.self) { try FieldDelimiter("") }
    }
}

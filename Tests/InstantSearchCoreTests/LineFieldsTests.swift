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
        for bad in ["0", "a", "1..x", "", "1,,2"] {
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

/// Placeholders filled in for a command (fzf's `{}`, `{1}`, `{-1}`, `{2..}`, `{+}`, `{q}`, `{n}`), each shell-quoted.
struct PlaceholdersTests {
    let line = Hit(objectID: "3", record: ["line": "root:x:0:it's"])
    let other = Hit(objectID: "5", record: ["line": "daemon:x:1:d"])
    let colon = Placeholders(lines: true, delimiter: try! FieldDelimiter(":"))

    @Test func theLineAndItsFields() {
        #expect(colon.expand("cat {}", current: line, query: "") == #"cat 'root:x:0:it'\''s'"#)
        #expect(colon.expand("echo {1} {-1} {2..}", current: line, query: "") == #"echo 'root' 'it'\''s' 'x:0:it'\''s'"#)
    }

    @Test func markedQueryAndIndex() {
        #expect(colon.expand("echo {+1}", current: line, marked: [line, other], query: "") == "echo 'root' 'daemon'")
        #expect(colon.expand("echo {+}", current: line, query: "") == #"echo 'root:x:0:it'\''s'"#)
        #expect(colon.expand("grep {q} {n}", current: line, query: "a b", index: 2) == "grep 'a b' 2")
    }

    /// fzf reads `{{}-{+}}` as a brace, `{}`, a dash, `{+}` and a brace.
    @Test func aBraceBeforeAPlaceholderIsText() {
        #expect(colon.expand("echo {{1}-{+1}}", current: line, marked: [line, other], query: "") == "echo {'root'-'root' 'daemon'}")
        #expect(colon.expand("{ a; {q}; }", current: line, query: "x") == "{ a; 'x'; }")
    }

    @Test func recordsKeepTheirJSONAndAttributes() {
        let record = Hit(objectID: "1", record: ["title": "Alien", "year": 1979])
        let placeholders = Placeholders(lines: false)
        #expect(placeholders.expand("echo {title} {year}", current: record, query: "") == "echo 'Alien' '1979'")
        #expect(placeholders.expand("echo {}", current: record, query: "") == #"echo '{"title":"Alien","year":1979}'"#)
    }

    /// Every placeholder form, filled with a quote that Swift reads as one Character with the
    /// combining mark, ZWJ or VS16 after it, run by sh: the values come out whole, nothing runs.
    @Test func aQuoteInsideAGraphemeNeverEndsTheQuotes() throws {
        let hostile = ["a'\u{301}; echo RAN; echo '\u{301}", "b'\u{200D}$(echo RAN)'\u{200D}", "c'\u{FE0F};echo RAN;'\u{FE0F}"]
        let hits = hostile.enumerated().map { Hit(objectID: "\($0.offset + 1)", record: ["line": .string($0.element + ":x")]) }
        let record = Hit(objectID: "9", record: ["name": .string(hostile[0]), "maker": ["name": .string(hostile[1])]])
        let lines = Placeholders(lines: true, delimiter: try FieldDelimiter(":"))
        let cases: [(String, Placeholders, Hit, [Hit], String)] = [
            ("{}", lines, hits[0], [], hostile[0] + ":x\n"),
            ("{1} {-1}", lines, hits[1], [], hostile[1] + "\nx\n"),
            ("{+}", lines, hits[0], hits, hostile.map { $0 + ":x\n" }.joined()),
            ("{+1}", lines, hits[0], hits, hostile.map { $0 + "\n" }.joined()),
            ("{q}", lines, hits[0], [], hostile[2] + "\n"),
            ("{name} {maker.name}", Placeholders(lines: false), record, [], hostile[0] + "\n" + hostile[1] + "\n"),
        ]
        for (template, placeholders, current, marked, expected) in cases {
            let command = placeholders.expand("printf '%s\\n' " + template, current: current, marked: marked, query: hostile[2])
            let printed = String(decoding: try shellOutput(command: Array(command.utf8)), as: UTF8.self)
            #expect(printed == expected, "\(template) expanded to \(command.debugDescription)")
        }
    }

    @Test func otherBracesStay() {
        #expect(colon.expand("f() { echo; }; ${HOME} {", current: line, query: "") == "f() { echo; }; ${HOME} {")
        #expect(colon.expand("echo {}", current: nil, query: "") == "echo ''")
    }
}

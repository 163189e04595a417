import Testing

@testable import InstantSearchCore

/// Placeholders filled in for a command, each whole command line as fzf 0.74.5 expands the same
/// template for the same lines, marks and query (seen by running fzf with `--with-shell
/// 'printf [%s]'`, which prints the command line instead of running it).
struct PlaceholdersTests {
    let first = Hit(objectID: "1", record: ["line": "  a  b  c  "])
    let second = Hit(objectID: "2", record: ["line": "d\te\t f"])
    let awk = Placeholders(lines: true)
    let colon = Placeholders(lines: true, delimiter: try! FieldDelimiter(":"))

    func expand(
        _ placeholders: Placeholders, _ template: String, current: Hit?, marked: [Hit] = [], matched: [Hit] = [], query: String = "",
        action: String = "start"
    ) -> String {
        let values = Placeholders.Values(current: current, marked: marked, query: query, action: action, matched: { matched })
        return placeholders.expand(template, with: values).line { _ in nil }
    }

    static let everyForm =
        "echo {} {1} {s1} {2} {s2} {-1} {s-1} {2..} {s2..} {..} {s..} {n} {+n} {*n} {+} {*} {r} {s} {q} {q:2} {q:s2} {q:-1} {q:s1..2} {fzf:action} {fzf:query}"

    /// AWK-style fields: the blanks before the first field are not part of it; `s` keeps those after.
    @Test func everyFormOnTheCurrentLine() {
        #expect(
            expand(awk, Self.everyForm, current: first, matched: [first, second])
                == "echo '  a  b  c  ' 'a' 'a  ' 'b' 'b  ' 'c' 'c  ' 'b  c' 'b  c  ' 'a  b  c' 'a  b  c  ' 0 0 0 1 '  a  b  c  ' '  a  b  c  ' 'd\te\t f'   a  b  c   '  a  b  c  ' '' '' '' '' '' start ''"
        )
    }

    @Test func theQuerysFields() {
        #expect(
            expand(awk, Self.everyForm, current: first, matched: [first, second], query: " a  b ", action: "change-query")
                == "echo '  a  b  c  ' 'a' 'a  ' 'b' 'b  ' 'c' 'c  ' 'b  c' 'b  c  ' 'a  b  c' 'a  b  c  ' 0 0 0 1 '  a  b  c  ' '  a  b  c  ' 'd\te\t f'   a  b  c   '  a  b  c  ' ' a  b ' 'b' 'b ' 'b' 'a  b ' change-query ' a  b '"
        )
    }

    /// Nothing matched: a line's value is `''`, a `*` one nothing at all.
    @Test func noCurrentLine() {
        #expect(
            expand(awk, Self.everyForm, current: nil, query: "zzz")
                == "echo '' '' '' '' '' '' '' '' '' '' '' '' ''  ''   '' 'zzz' '' '' 'zzz' 'zzz' start 'zzz'")
    }

    @Test func marksInMarkingOrder() {
        #expect(
            expand(awk, "echo {+} {+1} {+n} {+s-1} {n}", current: first, marked: [second, first]) == "echo 'd\te\t f' '  a  b  c  ' 'd' 'a' 1 0 'f' 'c  ' 0")
    }

    /// A delimiter: dropped after the last field chosen; a range that does not parse (`{0}`,
    /// `{1,}`), other words and escaped ones stay text; `{{1}}` is a brace, `{1}`, a brace.
    @Test func aDelimiterRangesAndText() {
        let lines = [
            Hit(objectID: "1", record: ["line": "a:b:c"]), Hit(objectID: "2", record: ["line": "d e:f:"]), Hit(objectID: "3", record: ["line": "  x  :y"]),
        ]
        let template = #"echo {1} {s1} {2..} {-1} {..} {3} {1..-2} {-3..-1} {s-1} {r2} {1,1} {0} {1,} {x} \{} \{1} {{1}} {q:1} {q:s..} {+r} {*r1}"#
        #expect(
            expand(colon, template, current: lines[0], matched: lines, query: "foo  bar ")
                == "echo 'a' 'a' 'b:c' 'c' 'a:b:c' 'c' 'a:b' 'a:b:c' 'c' b 'a:a' {0} {1,} {x} {} {1} {'a'} 'foo' 'foo  bar ' a:b:c a d e x")
    }

    @Test func aQuoteInALineAndTheShellsOwnBraces() {
        let line = Hit(objectID: "3", record: ["line": "root:x:0:it's"])
        #expect(expand(colon, "cat {} {-1}", current: line) == #"cat 'root:x:0:it'\''s' 'it'\''s'"#)
        #expect(expand(colon, "{ a; {q}; }", current: line, query: "x") == "{ a; 'x'; }")
    }

    /// `f`: each value ends with the separator (NUL with `--print0`); fzf's `{+f} {+f2} {+nf} {+fn}`.
    @Test func filesHoldTheValues() {
        let lines = [Hit(objectID: "1", record: ["line": "foo bar"]), Hit(objectID: "2", record: ["line": "bar foo"])]
        let print0 = Placeholders(lines: true, fileSeparator: "\0")
        let command = print0.expand("cat {+f} {+f2} {+nf} {+fn}", with: .init(current: lines[0], marked: lines, query: ""))
        #expect(
            command.pieces == [
                .text("cat "), .file(Array("foo bar\0bar foo\0".utf8)), .text(" "), .file(Array("bar\0foo\0".utf8)), .text(" "),
                .file(Array("0\u{0}1\0".utf8)), .text(" "), .file(Array("0\u{0}1\0".utf8)),
            ])
        #expect(command.line { Array($0.prefix(3)) == Array("foo".utf8) ? "/tmp/x y" : nil } == "cat '/tmp/x y' '' '' ''")
        // Two expansions with the same data are the same command, whatever the files' names.
        #expect(command == print0.expand("cat {+f} {+f2} {+nf} {+fn}", with: .init(current: lines[1], marked: lines, query: "")))
    }

    @Test func recordsKeepTheirJSONAndAttributes() {
        let record = Hit(objectID: "1", record: ["title": "Alien", "year": 1979, "summary": "s"])
        let records = Placeholders(lines: false)
        #expect(expand(records, "echo {title} {year} {summary} {+title} {q}", current: record) == "echo 'Alien' '1979' 's' 'Alien' ''")
        #expect(expand(records, "echo {}", current: record) == #"echo '{"title":"Alien","year":1979,"summary":"s"}'"#)
        #expect(expand(records, "f() { echo; }; ${HOME} ${title} {", current: record) == "f() { echo; }; ${HOME} ${title} {")
    }

    /// Every placeholder form, filled with a quote that Swift reads as one Character with the
    /// combining mark, ZWJ or VS16 after it, run by sh: the values come out whole, nothing runs.
    @Test func aQuoteInsideAGraphemeNeverEndsTheQuotes() throws {
        let hostile = ["a'\u{301}; echo RAN; echo '\u{301}", "b'\u{200D}$(echo RAN)'\u{200D}", "c'\u{FE0F};echo RAN;'\u{FE0F}"]
        let hits = hostile.enumerated().map { Hit(objectID: "\($0.offset + 1)", record: ["line": .string($0.element + ":x")]) }
        let record = Hit(objectID: "9", record: ["name": .string(hostile[0]), "maker": ["name": .string(hostile[1])]])
        let cases: [(String, Placeholders, Hit, [Hit], String)] = [
            ("{}", colon, hits[0], [], hostile[0] + ":x\n"),
            ("{1} {-1} {s1} {..}", colon, hits[1], [], [hostile[1], "x", hostile[1], hostile[1] + ":x"].map { $0 + "\n" }.joined()),
            ("{+}", colon, hits[0], hits, hostile.map { $0 + ":x\n" }.joined()),
            ("{+1}", colon, hits[0], hits, hostile.map { $0 + "\n" }.joined()),
            ("{*s1}", colon, hits[0], [], hostile.map { $0 + "\n" }.joined()),
            ("{q} {q:1} {q:s..} {fzf:query}", colon, hits[0], [], [hostile[2], "c'\u{FE0F};echo", hostile[2], hostile[2]].map { $0 + "\n" }.joined()),
            ("{name} {maker.name}", Placeholders(lines: false), record, [], hostile[0] + "\n" + hostile[1] + "\n"),
        ]
        for (template, placeholders, current, marked, expected) in cases {
            let command = expand(placeholders, "printf '%s\\n' " + template, current: current, marked: marked, matched: hits, query: hostile[2])
            let printed = String(decoding: try shellOutput(command: Array(command.utf8)), as: UTF8.self)
            #expect(printed == expected, "\(template) expanded to \(command.debugDescription)")
        }
    }

    /// fzf's rule for a command when nothing matches: it runs unless a placeholder names the line.
    @Test(arguments: [
        ("date", false, true), ("echo {q}", false, true), ("echo {*}", false, true), ("echo {fzf:prompt} {}", false, true),
        ("echo {}", false, false), ("echo {+}", false, false), ("echo {+}", true, true), ("echo {n} {2}", true, false),
        (#"echo \{} {x}"#, false, true),
    ])
    func aCommandRunsWithoutALineUnlessItNamesIt(template: String, anyMarked: Bool, runs: Bool) {
        #expect(awk.runsWithoutAHit(template, anyMarked: anyMarked) == runs)
    }
}

import InstantSearchCore
import Testing

@testable import SearchEngine

/// fzf 0.74.5's `--filter` answers on a small input, written down as facts (each case run once
/// through fzf by hand): the same lines in the same order, and none where fzf finds none (its
/// exit status 1), for every syntax and line option. Close matches (typos) are the interface's:
/// when they are all there is, a script's answer is empty.
struct FzfFilterTableTests {
    static let input = """
        /usr/lib/libc.so
        /usr/bin/zip
        src/main.swift
        Foo Bar
        foo bar baz
        README.md
        lib/python3/site.py
        a:b:c
        c:b:a
        b a
        """

    struct Case: CustomTestStringConvertible, Sendable {
        let options: String
        let query: String
        let lines: [String]
        let configure: @Sendable (inout LineMatchOptions) throws -> Void
        var testDescription: String { "\(options) --filter '\(query)'" }

        init(_ options: String = "", _ query: String, _ lines: [String], _ configure: @escaping @Sendable (inout LineMatchOptions) throws -> Void = { _ in }) {
            (self.options, self.query, self.lines, self.configure) = (options, query, lines, configure)
        }
    }

    static let cases: [Case] = [
        Case("", "lib", ["lib/python3/site.py", "/usr/lib/libc.so"]),
        Case("", "'lib", ["lib/python3/site.py", "/usr/lib/libc.so"]),
        Case("", "^/usr", ["/usr/bin/zip", "/usr/lib/libc.so"]),
        Case("", ".py$", ["lib/python3/site.py"]),
        Case("", "!lib", ["/usr/bin/zip", "src/main.swift", "Foo Bar", "foo bar baz", "README.md", "a:b:c", "c:b:a", "b a"]),
        Case("", "lib | zip", ["lib/python3/site.py", "/usr/bin/zip", "/usr/lib/libc.so"]),
        Case("", "Foo", ["Foo Bar"]),
        Case("", "foo", ["Foo Bar", "foo bar baz"]),
        Case("", "zzz", []),
        Case("", "fb", ["Foo Bar", "foo bar baz"]),
        Case("", "ba", ["Foo Bar", "foo bar baz", "b a", "c:b:a"]),
        Case("-i", "FOO", ["Foo Bar", "foo bar baz"]) { $0.caseMatching = .ignore },
        Case("+i", "foo", ["foo bar baz"]) { $0.caseMatching = .respect },
        Case("-e", "ba", ["Foo Bar", "foo bar baz"]) { $0.exact = true },
        Case("--no-sort", "a", ["src/main.swift", "Foo Bar", "foo bar baz", "README.md", "a:b:c", "c:b:a", "b a"]) { $0.sort = false },
        Case("--tac", "a", ["b a", "a:b:c", "c:b:a", "Foo Bar", "README.md", "foo bar baz", "src/main.swift"]) { $0.reversed = true },
        Case("--scheme=path", "ma", ["src/main.swift"]) { $0.scheme = .path },
        Case("--tiebreak=begin", "b", ["b a", "Foo Bar", "foo bar baz", "a:b:c", "c:b:a", "/usr/bin/zip", "lib/python3/site.py", "/usr/lib/libc.so"]) {
            $0.tiebreaks = [.begin]
        },
        Case("--tiebreak=end", "b", ["foo bar baz", "Foo Bar", "b a", "a:b:c", "c:b:a", "/usr/bin/zip", "/usr/lib/libc.so", "lib/python3/site.py"]) {
            $0.tiebreaks = [.end]
        },
        Case("--tiebreak=pathname", "b", ["b a", "Foo Bar", "foo bar baz", "a:b:c", "c:b:a", "/usr/bin/zip", "/usr/lib/libc.so", "lib/python3/site.py"]) {
            $0.tiebreaks = [.pathname]
        },
        Case("--scheme=path", "lib", ["/usr/lib/libc.so", "lib/python3/site.py"]) { $0.scheme = .path },
        Case("--tiebreak=end,length,begin", "a", ["b a", "a:b:c", "c:b:a", "foo bar baz", "Foo Bar", "src/main.swift", "README.md"]) {
            $0.tiebreaks = [.end, .length, .begin]
        },
        Case("--tiebreak=begin,length", "i", ["lib/python3/site.py", "/usr/bin/zip", "src/main.swift", "/usr/lib/libc.so"]) {
            $0.tiebreaks = [.begin, .length]
        },
        Case("--tiebreak=index", "a", ["a:b:c", "b a", "c:b:a", "src/main.swift", "Foo Bar", "foo bar baz", "README.md"]) { $0.tiebreaks = [.index] },
        Case("--tiebreak=chunk", "ba", ["Foo Bar", "foo bar baz", "b a", "c:b:a"]) { $0.tiebreaks = [.chunk] },
        Case("-d : --nth=2", "b", ["a:b:c", "c:b:a"]) {
            $0.delimiter = try FieldDelimiter(":")
            $0.nth = try FieldExpression("2", option: "--nth")
        },
        Case("-d : --nth=-1", "a", ["b a", "c:b:a", "Foo Bar", "README.md", "foo bar baz", "src/main.swift"]) {
            $0.delimiter = try FieldDelimiter(":")
            $0.nth = try FieldExpression("-1", option: "--nth")
        },
        Case("--nth=1", "foo", ["Foo Bar", "foo bar baz"]) { $0.nth = try FieldExpression("1", option: "--nth") },
        Case("--with-nth=2", "bar", ["Foo Bar", "foo bar baz"]) { $0.withNth = try FieldTemplate("2", option: "--with-nth") },
    ]

    /// Where our order is not fzf's yet (left to fix; the table keeps fzf's answer).
    static let knownDifferent: Set<String> = []

    @Test(arguments: cases) func theLinesAreFzfs(_ fact: Case) throws {
        let index = try LineSearchTests.index(Self.input)
        var options = LineMatchOptions()
        try fact.configure(&options)
        let results = try index.searchLines(Query(text: fact.query, hitsPerPage: 100), options: options)
        // A script prints nothing for close matches (fzf finds none): they are no answer. What
        // is printed is the line as it came (with --with-nth too).
        let printed =
            results.areCloseMatches ? [] : results.hits.map { String(decoding: index.originalLineBytes(objectID: $0.objectID) ?? [], as: UTF8.self) }
        if Self.knownDifferent.contains(fact.testDescription) {
            withKnownIssue { #expect(printed == fact.lines) }
        } else {
            #expect(printed == fact.lines)
        }
    }

    /// `'xyz'` (a word boundary at both ends) in each scheme, as fzf 0.74.5 orders it: an
    /// underscore is a weaker boundary than a space, `/`, `-` or a bracket.
    @Test(arguments: [
        (LineMatchOptions.Scheme.default, [" xyz ", "/xyz/", "[xyz]", "-xyz-", "-xyz_", "_xyz-", "_xyz_"]),
        (.path, ["/xyz/", " xyz ", "[xyz]", "-xyz-", "-xyz_", "_xyz-", "_xyz_"]),
        (.history, ["[xyz]", "-xyz-", " xyz ", "/xyz/", "-xyz_", "_xyz-", "_xyz_"]),
    ])
    func boundaryMatchesRankUnderscoresLast(scheme: LineMatchOptions.Scheme, lines: [String]) throws {
        let index = try LineSearchTests.index("xxyzx\n-xxyz\nxyzx-\n_xyz_\n_xyz-\n-xyz_\n[xyz]\n-xyz-\n xyz \n/xyz/")
        var options = LineMatchOptions()
        options.scheme = scheme
        let results = try index.searchLines(Query(text: "'xyz'", hitsPerPage: 100), options: options)
        #expect(results.hits.map { String(decoding: index.originalLineBytes(objectID: $0.objectID) ?? [], as: UTF8.self) } == lines)
    }

    @Test func closeMatchesAreMarkedAsSuchAndNamedOnTheStatsLine() throws {
        let results = try LineSearchTests.results("bazz", in: Self.input)
        #expect(results.areCloseMatches)
        #expect(results.notice == "no match — 1 close match")
        #expect(results.hits.map { $0.record["line"]?.stringValue ?? "" } == ["foo bar baz"])
    }
}

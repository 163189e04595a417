import InstantSearchCore
import Testing

@testable import SearchEngine

/// Plain lines searched as an fzf user expects: inside words and by subsequence, every term
/// required, fzf's syntax and case rules, typos only when nothing else matches.
struct LineSearchTests {
    /// A few names as `ls /usr/bin` lists them (a fixture, not the real directory).
    static let bin = """
        bunzip2
        bzip2
        dpkg
        dpkg-deb
        dpkg-query
        gunzip
        gzip
        ssh
        ssh-add
        ssh-keygen
        ssh-keyscan
        unzip
        zip
        zipinfo
        zsh
        """

    static func index(_ text: String, settings: IndexSettings? = nil) throws -> SearchIndex {
        try SearchIndex(name: "lines", bytes: Array(text.utf8), sourceName: "<test>", format: .lines, settings: settings)
    }

    static func lines(
        _ query: String, in text: String = bin, hits: Int = 50, _ configure: (inout LineMatchOptions) -> Void = { _ in }
    ) throws -> [String] {
        try results(query, in: text, hits: hits, configure).hits.map { $0.record["line"]?.stringValue ?? "" }
    }

    static func results(
        _ query: String, in text: String = bin, hits: Int = 50, _ configure: (inout LineMatchOptions) -> Void = { _ in }
    ) throws -> SearchResults {
        var options = LineMatchOptions()
        configure(&options)
        return try index(text).searchLines(Query(text: query, hitsPerPage: hits), options: options)
    }

    @Test func aWordInsideAnotherMatchesBelowTheWholeWord() throws {
        let found = try Self.lines("zip")
        #expect(Set(found) == ["bunzip2", "bzip2", "gunzip", "gzip", "unzip", "zip", "zipinfo"])
        #expect(found.first == "zip")
        #expect(found.prefix(2).contains("zipinfo"))
    }

    @Test func aSubsequenceMatches() throws {
        #expect(try Self.lines("dpkgq") == ["dpkg-query"])
        #expect(try Self.lines("sshkg") == ["ssh-keygen"])
    }

    @Test func everyTermMustMatch() throws {
        let results = try Self.results("zip paris")
        #expect(results.nbHits == 0)
        #expect(results.notice == "no line matches “paris”")
        #expect(results.queryAfterRemoval == nil)
        // Each term alone finds a line: the notice says it is their meeting that finds none.
        #expect(try Self.results("gunzip ssh").notice == "no line matches every term together")
        #expect(try Self.results("'zip !zip").notice == "no line matches every term together")
        #expect(try Self.results("ab !a", in: "ab\nab c\n").notice == "no line matches “!a”")
    }

    @Test func typosOnlyWhenNothingMatchesWithoutThem() throws {
        // "ssh-keyg" is ssh-keygen alone, though ssh-keyscan is one typo away.
        #expect(try Self.lines("ssh-keyg") == ["ssh-keygen"])
        // Nothing has "zipinf0" as typed: a typo finds zipinfo, and says so.
        let typo = try Self.results("zipinfp")
        #expect(typo.hits.map(\.objectID).count == 1)
        #expect(typo.hits.first?.record["line"]?.stringValue == "zipinfo")
        #expect(typo.notice == "no match — 1 close match")
        #expect(typo.areCloseMatches)
    }

    @Test func typoToleranceOffMeansNoTypos() throws {
        var settings = IndexSettings()
        settings.relevance.typoTolerance = false
        let index = try Self.index(Self.bin, settings: settings)
        #expect(try index.searchLines(Query(text: "zipinfp"), options: LineMatchOptions()).nbHits == 0)
    }

    @Test func matchedCharactersAreHighlighted() throws {
        let hit = try Self.results("dpkgq").hits[0]
        #expect(hit.highlights["line"]?.values[0].matchedRanges == [0..<4, 5..<6])
        let zip = try Self.results("zip").hits.first { $0.record["line"]?.stringValue == "gunzip" }
        #expect(zip?.highlights["line"]?.values[0].matchedRanges == [3..<6])
    }

    @Test func extendedSyntaxTokens() throws {
        #expect(try Self.lines("'zip").count == 7)
        #expect(try Self.lines("^zip") == ["zip", "zipinfo"])
        #expect(try Self.lines("zip$") == ["zip", "gzip", "unzip", "gunzip"])
        #expect(try Self.lines("^zip$") == ["zip"])
        #expect(try Self.lines("'zip'") == ["zip"])
        #expect(Set(try Self.lines("zip !gun !^b")) == ["gzip", "unzip", "zip", "zipinfo"])
        #expect(Set(try Self.lines("!zip$ zip")) == ["bunzip2", "bzip2", "zipinfo"])
        #expect(Set(try Self.lines("^dpkg- | 'ssh-a")) == ["dpkg-deb", "dpkg-query", "ssh-add"])
        #expect(try Self.lines("ssh !^ssh-") == ["ssh"])
    }

    @Test func smartCase() throws {
        let text = "Makefile\nmakefile.old\n"
        #expect(try Self.lines("make", in: text).count == 2)
        #expect(try Self.lines("Make", in: text) == ["Makefile"])
        #expect(try Self.lines("Make", in: text) { $0.caseMatching = .ignore }.count == 2)
        #expect(try Self.lines("make", in: text) { $0.caseMatching = .respect } == ["makefile.old"])
    }

    @Test func exactModeAndPlainMode() throws {
        #expect(try Self.lines("dpkgq") { $0.exact = true }.isEmpty)
        #expect(try Self.lines("'dpkgq") { $0.exact = true } == ["dpkg-query"])
        #expect(try Self.lines("^zip") { $0.extended = false }.isEmpty)
    }

    @Test func diacriticsFoldUnlessLiteral() throws {
        let text = "Só Danço Samba\nSo Long\n"
        #expect(try Self.lines("danco", in: text) == ["Só Danço Samba"])
        #expect(try Self.lines("danco", in: text) { $0.normalize = false }.isEmpty)
        let vietnamese = "Tiếng Việt\nThe Vietnam War\nWrocław\n"
        #expect(try Self.lines("viet", in: vietnamese) == ["Tiếng Việt", "The Vietnam War"])
        #expect(try Self.lines("'wroclaw", in: vietnamese) == ["Wrocław"])
        // A combining small letter (U+0369 d, written above the x) is read as its letter.
        #expect(try Self.lines("xdy", in: "x\u{369}y\nxy\n") == ["x\u{369}y"])
    }

    @Test func invalidUTF8IsShownWithReplacementCharacters() throws {
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" noir\nplain\n".utf8)
        let index = try SearchIndex(name: "lines", bytes: bytes, sourceName: "<stdin>", format: .lines, settings: nil)
        let results = try index.searchLines(Query(text: "noir"), options: LineMatchOptions())
        #expect(results.hits.map { $0.record["line"]?.stringValue } == ["caf\u{FFFD} noir"])
        #expect(index.originalLineBytes(objectID: results.hits[0].objectID) == Array("caf".utf8) + [0xE9] + Array(" noir".utf8))
    }

    @Test func orderOptions() throws {
        let text = "abc\nab\nxab\n"
        #expect(try Self.lines("ab", in: text) == ["ab", "abc", "xab"])
        #expect(try Self.lines("ab", in: text) { $0.sort = false } == ["abc", "ab", "xab"])
        #expect(
            try Self.lines("ab", in: text) {
                $0.sort = false; $0.reversed = true
            } == ["xab", "ab", "abc"])
        #expect(try Self.lines("", in: text) { $0.reversed = true } == ["xab", "ab", "abc"])
        // Equal scores: the tie-break decides (index: input order; length: shorter first).
        #expect(try Self.lines("ab", in: "ab c\nab\n") { $0.tiebreaks = [.index] } == ["ab c", "ab"])
        #expect(try Self.lines("ab", in: "ab c\nab\n") == ["ab", "ab c"])
        #expect(try Self.lines("b", in: "xbxxxx\nxxxxxb\n") { $0.tiebreaks = [.end] } == ["xxxxxb", "xbxxxx"])
        #expect(try Self.lines("b", in: "xxxxxb\nxbxxxx\n") { $0.tiebreaks = [.begin] } == ["xbxxxx", "xxxxxb"])
        // Negations alone place nothing in a line: no tie-break applies, input order stays (fzf).
        #expect(try Self.lines("!zz", in: "longer line\nab\nmid one\n") == ["longer line", "ab", "mid one"])
        #expect(try Self.lines("!zz", in: "longer line\nab\n") { $0.tiebreaks = [.end] } == ["longer line", "ab"])
        // A line the term places still ranks by its length among those that matched a negation.
        #expect(try Self.lines("ab | !zz", in: "x\nlong ab\nab\n") == ["ab", "long ab", "x"])
    }

    @Test func severalTiebreaksApplyInTurn() throws {
        // Equal score and length: begin decides (the earlier match first), then input order.
        // Every "ab" at a word start, so the scores are equal: the criteria decide.
        let text = "zz ab\nab zz\nz abz\nab\n"
        #expect(try Self.lines("ab", in: text) { $0.tiebreaks = [.length, .begin] } == ["ab", "ab zz", "z abz", "zz ab"])
        #expect(try Self.lines("ab", in: text) { $0.tiebreaks = [.length] } == ["ab", "zz ab", "ab zz", "z abz"])
        #expect(try Self.lines("ab", in: text) { $0.tiebreaks = [.length, .end] } == ["ab", "zz ab", "z abz", "ab zz"])
        // index named last changes nothing; the page boundary inside a group of ties is exact.
        #expect(try Self.lines("ab", in: text) { $0.tiebreaks = [.length, .begin, .index] } == ["ab", "ab zz", "z abz", "zz ab"])
        let many = (0..<40).map { $0 % 2 == 0 ? "zz ab" : "ab zz" }.joined(separator: "\n")
        let index = try Self.index(many)
        var options = LineMatchOptions()
        options.tiebreaks = [.length, .begin]
        let second = try index.searchLines(Query(text: "ab", page: 1, hitsPerPage: 10), options: options)
        #expect(second.hits.compactMap { $0.record["line"]?.stringValue } == Array(repeating: "ab zz", count: 10))
        let third = try index.searchLines(Query(text: "ab", page: 2, hitsPerPage: 10), options: options)
        #expect(third.hits.compactMap { $0.record["line"]?.stringValue } == Array(repeating: "zz ab", count: 10))
    }

    @Test func aLongerQueryNarrowsThePreviousMatches() throws {
        let index = try Self.index(Self.bin)
        let options = LineMatchOptions()
        for query in ["z", "zi", "zip", "zipi"] {
            let narrowed = try index.searchLines(Query(text: query, hitsPerPage: 50), options: options)
            let fresh = try Self.index(Self.bin).searchLines(Query(text: query, hitsPerPage: 50), options: options)
            #expect(narrowed.hits.map(\.objectID) == fresh.hits.map(\.objectID))
        }
    }

    @Test func theWordIndexOfLinesIsBuiltOnlyWhenAWordSearchAsks() throws {
        let index = try Self.index(Self.bin)
        #expect(index.wordsDeferred && index.dictionary.termCount == 0)
        // fzf's way needs no word index; a typo, or an Algolia query (`serve`), builds it once.
        #expect(try Self.lines("zip", in: Self.bin).contains("gunzip"))
        let typo = try index.searchLines(Query(text: "gnuzip"), options: LineMatchOptions())
        #expect(typo.hits.map { $0.record["line"]?.stringValue } == ["gunzip"])
        let words = try #require(index.wordsLater)
        #expect(words.dictionary.termCount > 0 && !words.wordsDeferred)
        #expect(index.wordsLater === words)
        #expect(try index.search(Query(text: "ssh")).nbHits == 4)
        // Records keep their words from the start.
        let records = SearchIndex(name: "r", records: [.object(["line": .string("gunzip")])])
        #expect(!records.wordsDeferred && records.wordsLater == nil && records.dictionary.termCount > 0)
    }

    @Test func tiebreakNamesAreChecked() {
        #expect(LineMatchOptions.parseTiebreaks("length,begin") == .success([.length, .begin]))
        guard case .failure(let error) = LineMatchOptions.parseTiebreaks("lenght") else {
            Issue.record("an unknown criterion parsed")
            return
        }
        #expect(error.description.contains("--tiebreak"))
        #expect(error.description.contains("length, begin, end, index, chunk"))
        #expect(LineMatchOptions.parseTiebreaks("length,begin,index") == .success([.length, .begin, .index]))
        guard case .failure(let notLast) = LineMatchOptions.parseTiebreaks("index,length") else {
            Issue.record("index before another criterion parsed")
            return
        }
        #expect(notLast.description.hasPrefix("--tiebreak: index must be the last"))
    }

    @Test func relevanceSettingsReachLines() throws {
        var settings = IndexSettings()
        settings.relevance.typoTolerance = false
        #expect(try Self.index("a\n", settings: settings).settings.relevance.typoTolerance == false)
    }
}

/// The scan's answer against the rule it implements, on more lines than one block (so the
/// parts of a scan run on several threads and their best keys are merged), and narrowing
/// against a fresh search for queries typed key by key, syntax included.
struct LineScanTests {
    /// Deterministic lines of paths, words, case, digits, spaces and a few non-ASCII ones.
    static let many: String = {
        let words = ["zip", "gunzip", "Zoe", "chloe", "mary", "MaryAnn", "beth", "elizabeth", "jennifer", "ssh-keygen", "été", "Ärger"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // White space before or after some lines (their trimmed length ranks them), words
        // after spaces (the default scheme's best place) and after `/` (the path scheme's).
        let edges = ["", "", "", "", " ", "\t", "  "]
        return (0..<70_000).map { line in
            let parts = (0...next(3)).map { _ in words[next(words.count)] }
            let text = "\(1880 + next(140))/\(next(2) == 0 ? "F" : "M")/" + parts.joined(separator: next(2) == 0 ? " " : "_") + " \(line)"
            return edges[next(edges.count)] + text + edges[next(edges.count)]
        }.joined(separator: "\n")
    }()

    static let index = Result { try LineSearchTests.index(many) }

    /// Queries whose bounds differ: one letter (counted from the masks), letters at white
    /// starts or not, digits (a bit a pair), punctuation (no bit), alternatives, negations, anchors.
    static let queries = [
        "m", "z", "l", "M", "zo", "ma", "zoe | chl", "zoe | c", "'beth !/M/", "ete", "mary !zoe", "xq | zoe", "!x 18", "^19 _ch$",
        "9", "1 | z", "ssh-k", "'zip'", "!/", "^ 1", "gun$", "f a",
    ]

    /// Each scheme in input order, and the default one with `--tac` (later lines first on ties).
    @Test(arguments: LineMatchOptions.Scheme.allCases.map { ($0, false) } + [(.default, true)])
    func theBestPageIsTheBestByScoreThenTiebreakThenInputOrder(scheme: LineMatchOptions.Scheme, tac: Bool) throws {
        let index = try Self.index.get()
        var options = LineMatchOptions()
        options.scheme = scheme
        options.reversed = tac
        let byLength = options.rankingTiebreaks.contains(.length)
        let byPathname = options.rankingTiebreaks.first == .pathname
        let table = LineTable(store: index.records)
        for query in Self.queries {
            let results = try index.searchLines(Query(text: query, hitsPerPage: 30), options: options)
            // The rule, written out: every line scored alone, sorted by score (higher first), with
            // the path scheme how far the match starts from the last `/` (one before it: last),
            // the length without white space at either end (with the length tie-break), number.
            let scan = LineScan(table: table, pattern: LinePattern(query, options: options), options: options)
            var all: [(score: Int, path: Int, length: Int, line: Int)] = []
            for line in 0..<table.count {
                let text = table.text(of: line)
                let scalars = text.unicodeScalars.map(\.value)
                let found = scalars.withUnsafeBufferPointer { scan.match(ScalarLine(scalars: $0)) }
                let trimmed = scalars.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
                guard let found else { continue }
                var path = 0
                if byPathname, found.begin != Int.max {
                    let delimiter = scalars.lastIndex { $0 == 0x2F || $0 == 0x5C } ?? -1
                    path = delimiter <= found.begin ? found.begin - delimiter : 0xFFFF
                }
                all.append((found.score, path, byLength ? trimmed.count : 0, line))
            }
            all.sort {
                ($0.score, -$0.path, -$0.length, tac ? $0.line : -$0.line) > ($1.score, -$1.path, -$1.length, tac ? $1.line : -$1.line)
            }
            #expect(results.nbHits == all.count, "\(scheme) tac \(tac) \(query)")
            #expect(results.hits.map(\.objectID) == all.prefix(30).map { String($0.line + 1) }, "\(scheme) tac \(tac) \(query)")
        }
    }

    /// A word of 64 lines is passed over when none of its lines can reach the page: its bound
    /// must come from its shortest line and from any of its lines' white starts.
    @Test func oneShortOrBetterPlacedLineAmongLongOnesStillReachesThePage() throws {
        func searcher(_ lines: [String]) -> LineSearcher { LineSearcher(bytes: Array(lines.joined(separator: "\n").utf8)) }
        func first(_ searcher: LineSearcher, _ query: String) throws -> Int? {
            try searcher.answer(Query(text: query, hitsPerPage: 1), options: LineMatchOptions()).page.first
        }
        var lines = (0..<128).map { _ in "x/m" + String(repeating: "a", count: 17) }
        lines[100] = "x/ma"
        #expect(try first(searcher(lines), "m") == 100)
        lines[100] = "x/m" + String(repeating: "a", count: 17)
        lines[90] = "xx m" + String(repeating: "a", count: 30)
        #expect(try first(searcher(lines), "m") == 90)
    }

    @Test func eachWordSummarizesItsLinesMasksWhiteStartsAndShortestLine() {
        // Word 0: the six lines below and 58 more "zz"; word 1: two lines.
        let lines = ["ab cd\tEf", "  x/y", "q ", "12 a3", "é b", ""] + Array(repeating: "zz", count: 58) + ["k1", "mno p"]
        let table = LineTable(
            bytes: Array(lines.joined().utf8),
            ends: TextEnds(
                lines.reduce(into: [UInt32]()) { ends, line in
                    ends.append((ends.last ?? 0) + UInt32(line.utf8.count))
                }))
        func bits(_ characters: String) -> UInt32 { characters.unicodeScalars.reduce(0) { $0 | LineTable.bit($1.value) } }
        #expect(table.words.count == 2)
        // Letters and digits at a line's start or after white space; the edge bit for "  x/y" and "q ".
        #expect(table.words[0].whiteStarts == bits("ace") | bits("x") | bits("q") | bits("1a") | bits("b") | bits("z") | LineTable.whiteEdgeBit)
        #expect(table.words[0].mask == bits("abcdefxyq123é") | bits("z"))
        #expect(table.words[0].shortest == 0)
        #expect(table.words[1].whiteStarts == bits("kmp"))
        #expect(table.words[1].mask == bits("k1mnop"))
        #expect(table.words[1].shortest == 2)
        #expect(table.masks[1] == bits("xy"))
        #expect(table.masks[65] == bits("mnop"))
    }

    /// Ends take two bytes a line until 64 lines hold more than 64 KB: the lines on both sides
    /// of that switch are matched, scored and shown whole.
    @Test func linesAfterOneLongerThan64KBAreFoundAndShownWhole() throws {
        let long = "x/" + String(repeating: "ab", count: 40_000) + " needle"
        let lines = (0..<100).map { "short \($0) hay" } + [long] + (0..<100).map { "after \($0) needle" }
        let index = try LineSearchTests.index(lines.joined(separator: "\n"))
        let results = try index.searchLines(Query(text: "needle", hitsPerPage: 200), options: LineMatchOptions())
        #expect(results.nbHits == 101)
        #expect(Set(results.hits.compactMap { $0.record["line"]?.stringValue }) == Set(lines.dropFirst(100)))
        let tail = try index.searchLines(Query(text: "'after 99 needle", hitsPerPage: 5), options: LineMatchOptions())
        #expect(tail.hits.map(\.objectID) == ["201"])
        #expect(try index.searchLines(Query(text: "'short 7 hay$", hitsPerPage: 5), options: LineMatchOptions()).hits.first?.objectID == "8")
    }

    @Test func narrowingFindsWhatAFreshSearchFinds() throws {
        // With the notice of a query nothing matches (`!/`, `qq`), which names the same term.
        let typed = ["zoe | chloe", "mary 19 !/F/", "'beth !/M/ ^18", "gun | ssh-k", "été", "MaryA", "'beth !/ qq mary", "zoe qq !/"]
        let table = LineTable(store: try Self.index.get().records)
        let narrowing = LineSearcher(table: table)
        for text in typed {
            for end in 1...text.count {
                let query = Query(text: String(text.prefix(end)), hitsPerPage: 10)
                let narrowed = try narrowing.answer(query, options: LineMatchOptions())
                let fresh = try LineSearcher(table: table).answer(query, options: LineMatchOptions())
                #expect(narrowed.nbHits == fresh.nbHits, "\(query.text)")
                #expect(narrowed.page == fresh.page, "\(query.text)")
                #expect(narrowed.notice == fresh.notice, "\(query.text)")
            }
        }
    }

    /// A set of terms the notice found no line for is remembered: typing on into it (`zqx` to
    /// `zqxw`) names it again without reading a line. Run in a cancelled task, where any scan
    /// throws, so that a read shows.
    @Test func typingOnIntoATermNoLineMatchesReadsNoLineAgain() async throws {
        let searcher = LineSearcher(bytes: Array(LineSearchTests.bin.utf8))
        func answer(_ text: String) throws -> LineSearcher.Answer {
            try searcher.answer(Query(text: text, hitsPerPage: 10), options: LineMatchOptions())
        }
        #expect(try answer("gz").nbHits == 2)
        #expect(try answer("gz zqx").notice == "no line matches “zqx”")
        let (narrowed, other) = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (Result { try answer("gz zqxw") }, Result { try answer("gz zqy") })
        }.value
        #expect(try narrowed.get().notice == "no line matches “zqxw”")
        #expect(throws: CancellationError.self) { try other.get() }
    }

    /// Paging through every match (`--filter`), in pages of any size, even a page asked again
    /// bigger, gives the order one page of everything gives: a deeper page is cut from what
    /// the last ranked (`Last.ranked`) or ranked anew twice as far.
    @Test func pagingThroughEveryMatchGivesTheOrderOfOnePageOfAll() throws {
        let table = LineTable(store: try Self.index.get().records)
        for text in ["m", "a", "mary", "zoe | chloe", "!/F/", "18"] {
            let everything = try LineSearcher(table: table).answer(Query(text: text, hitsPerPage: table.count), options: LineMatchOptions())
            #expect(everything.page.count == everything.nbHits, "\(text)")
            for sizes in [[7], [3, 11], [1, 2, 50], [40, 13]] {
                let searcher = LineSearcher(table: table)
                var paged: [Int] = []
                var page = 0
                var sizesLeft = sizes[...]
                var size = sizesLeft.popFirst()!
                while paged.count < everything.nbHits {
                    let answer = try searcher.answer(Query(text: text, page: page, hitsPerPage: size), options: LineMatchOptions())
                    #expect(answer.nbHits == everything.nbHits, "\(text) \(sizes)")
                    if answer.page.isEmpty { break }
                    // As --filter does: page 0 again, bigger, its first lines already taken.
                    let start = page * size
                    paged += answer.page.enumerated().filter { start + $0.offset >= paged.count }.map(\.element)
                    if let next = sizesLeft.popFirst() {
                        (size, page) = (next, 0)
                    } else {
                        page += 1
                    }
                }
                #expect(paged == everything.page, "\(text) \(sizes)")
            }
        }
    }
}

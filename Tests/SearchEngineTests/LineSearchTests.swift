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
    }

    @Test func typosOnlyWhenNothingMatchesWithoutThem() throws {
        // "ssh-keyg" is ssh-keygen alone, though ssh-keyscan is one typo away.
        #expect(try Self.lines("ssh-keyg") == ["ssh-keygen"])
        // Nothing has "zipinf0" as typed: a typo finds zipinfo, and says so.
        let typo = try Self.results("zipinfp")
        #expect(typo.hits.map(\.objectID).count == 1)
        #expect(typo.hits.first?.record["line"]?.stringValue == "zipinfo")
        #expect(typo.notice?.contains("typos") == true)
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

import InstantSearchCore
import Testing

@testable import SearchEngine

/// fzf's extended search syntax, token by token (facts of fzf's README and its pattern tests,
/// src/pattern_test.go): what each token means, case, negation, OR groups.
struct LinePatternTests {
    typealias Kind = LinePattern.Kind

    func parse(_ query: String, _ configure: (inout LineMatchOptions) -> Void = { _ in }) -> LinePattern {
        var options = LineMatchOptions()
        configure(&options)
        return LinePattern(query, options: options)
    }

    func kinds(_ pattern: LinePattern) -> [[String]] {
        pattern.sets.map { $0.map { "\($0.inverse ? "!" : "")\($0.kind)" } }
    }

    @Test func eachTokenOfTheExtendedSyntax() {
        let pattern = parse("| aaa 'bbb ^ccc ddd$ !eee !'fff !^ggg !hhh$ | ^iii$ ^xxx | 'yyy | | zzz$ | !ZZZ |")
        #expect(
            kinds(pattern) == [
                ["fuzzy"], ["exact"], ["prefix"], ["suffix"], ["!exact"], ["!fuzzy"], ["!prefix"], ["!suffix", "equal"],
                ["prefix", "exact", "suffix", "!exact"],
            ])
        for set in pattern.sets.prefix(8) { #expect(set[0].text.count == 3) }
    }

    @Test func exactModeFlipsTheQuote() {
        let pattern = parse("aaa 'bbb ^ccc ddd$ !eee !'fff !^ggg !hhh$") { $0.exact = true }
        #expect(kinds(pattern) == [["exact"], ["fuzzy"], ["prefix"], ["suffix"], ["!exact"], ["!fuzzy"], ["!prefix"], ["!suffix"]])
    }

    @Test func quotedOnBothSidesIsAWordAtBoundaries() {
        #expect(kinds(parse("'word'")) == [["exactBoundary"]])
        #expect(parse("'word'").sets[0][0].text == Array("word".unicodeScalars.map(\.value)))
    }

    @Test func tokensWithNothingLeftAreDropped() {
        #expect(parse("' ^ !' !^").isEmpty)
        #expect(parse("   ").isEmpty)
    }

    @Test func anEscapedSpaceStaysInTheTerm() {
        let pattern = parse(#"foo\ bar baz"#)
        #expect(pattern.sets.count == 2)
        #expect(pattern.sets[0][0].text == Array("foo bar".unicodeScalars.map(\.value)))
    }

    @Test func smartCaseIsPerTerm() {
        let pattern = parse("abc Abc")
        #expect(pattern.sets[0][0].caseSensitive == false)
        #expect(pattern.sets[1][0].caseSensitive == true)
        #expect(pattern.sets[1][0].text == Array("Abc".unicodeScalars.map(\.value)))
        #expect(parse("Abc") { $0.caseMatching = .ignore }.sets[0][0].text == Array("abc".unicodeScalars.map(\.value)))
        #expect(parse("Abc") { $0.caseMatching = .ignore }.sets[0][0].caseSensitive == false)
        #expect(parse("abc") { $0.caseMatching = .respect }.sets[0][0].caseSensitive == true)
    }

    @Test func withoutExtendedTheQueryIsOneTerm() {
        let pattern = parse("^foo bar$ !x  ") { $0.extended = false }
        #expect(pattern.sets.count == 1)
        #expect(pattern.sets[0][0].kind == .fuzzy)
        #expect(pattern.sets[0][0].text == Array("^foo bar$ !x".unicodeScalars.map(\.value)))
    }

    @Test func aTermWithDiacriticsWantsThem() {
        #expect(parse("danco").sets[0][0].normalize == true)
        #expect(parse("danço").sets[0][0].normalize == false)
        #expect(parse("danco") { $0.normalize = false }.sets[0][0].normalize == false)
    }

    @Test func narrowingOnlyWhenTheLongerQueryCannotFindMore() {
        func narrows(_ old: String, _ new: String) -> Bool {
            parse(old).narrows(to: parse(new))
        }
        #expect(narrows("ab", "abc"))
        #expect(narrows("ab", "ab c"))
        #expect(narrows("'ab", "'abc'"))
        #expect(!narrows("ab", "a"))
        #expect(!narrows("!ab", "!abc"))  // a longer negation excludes fewer lines
        #expect(!narrows("ab$", "ab$c"))
        #expect(!narrows("ab", "ab | c"))
        // The rule is on the terms: an OR group narrows when each of its terms does, a
        // negation or a suffix only when it is the same, whatever else was typed.
        #expect(narrows("zoe | c", "zoe | ch"))
        #expect(!narrows("zoe | ch", "zoe | c"))
        #expect(!narrows("zoe |", "zoe | c"))
        #expect(narrows("ab !c", "abd !c"))
        #expect(narrows("ab !c", "ab !c d"))
        #expect(narrows("ab$", "ab$ c"))
        #expect(!narrows("ab$", "cab$"))
        #expect(narrows("ab", "^abc"))
        #expect(narrows("ab", "'abc"))
        #expect(!narrows("'ab", "abc"))  // a subsequence finds lines without "abc" in a row
        #expect(narrows("^ab", "^abc$"))
        #expect(!narrows("'ab'", "'abc'"))
        #expect(narrows("ab", "aB"))  // smart case: the newer term minds case, the older did not
        #expect(narrows("aB", "aBc"))
        #expect(!narrows("aB", "abc"))
    }
}

import InstantSearchCore
import Testing

@testable import SearchEngine

/// fzf's matching facts, from its algorithm's test suite (junegunn/fzf src/algo/algo_test.go):
/// which text a pattern matches, where, and with which score, in fzf's constants. The
/// expectations are written from those facts, case-insensitive unless said.
struct LineScorerTests {
    // fzf's constants, spelt out so each expected score reads as fzf's tests read.
    let match = 16, gapStart = -3, gapExtension = -1
    let boundary = 8, nonWord = 8, camel = 7, consecutive = 4, firstMultiplier = 2
    let white = 10, delimiter = 9

    enum Algorithm { case fuzzy, exact, prefix, suffix, equal }

    /// (start, end, score) of `pattern` in `text`; nil when it does not match.
    func found(_ algorithm: Algorithm, _ text: String, _ pattern: String, caseSensitive: Bool = false, normalize: Bool = false)
        -> (Int, Int, Int)?
    {
        let kind: LinePattern.Kind =
            switch algorithm {
            case .fuzzy: .fuzzy
            case .exact: .exact
            case .prefix: .prefix
            case .suffix: .suffix
            case .equal: .equal
            }
        let folded = caseSensitive ? pattern : pattern.lowercased()
        let term = LinePattern.Term(
            kind: kind, inverse: false, text: folded.unicodeScalars.map(\.value), caseSensitive: caseSensitive, normalize: normalize)
        let scalars = text.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { buffer in
            LineScorer(scheme: .default).match(term, in: ScalarLine(scalars: buffer)).map {
                ($0.range.lowerBound, $0.range.upperBound, $0.score)
            }
        }
    }

    @Test func fuzzyMatchesFromFzfsTable() {
        #expect(found(.fuzzy, "fooBarbaz1", "oBZ")! == (2, 9, match * 3 + camel + gapStart + gapExtension * 3))
        #expect(
            found(.fuzzy, "foo bar baz", "fbb")!
                == (0, 9, match * 3 + white * firstMultiplier + white * 2 + 2 * gapStart + 4 * gapExtension))
        #expect(found(.fuzzy, "/AutomatorDocument.icns", "rdoc")! == (9, 13, match * 4 + camel + consecutive * 2))
        #expect(found(.fuzzy, "/man1/zshcompctl.1", "zshc")! == (6, 10, match * 4 + delimiter * firstMultiplier + delimiter * 3))
        #expect(
            found(.fuzzy, "/.oh-my-zsh/cache", "zshc")!
                == (8, 13, match * 4 + boundary * firstMultiplier + boundary * 2 + gapStart + delimiter))
        #expect(found(.fuzzy, "ab0123 456", "12356")! == (3, 10, match * 5 + consecutive * 3 + gapStart + gapExtension))
        #expect(
            found(.fuzzy, "abc123 456", "12356")!
                == (3, 10, match * 5 + camel * firstMultiplier + camel * 2 + consecutive + gapStart + gapExtension))
        #expect(
            found(.fuzzy, "foo/bar/baz", "fbb")!
                == (0, 9, match * 3 + white * firstMultiplier + delimiter * 2 + 2 * gapStart + 4 * gapExtension))
        #expect(
            found(.fuzzy, "fooBarBaz", "fbb")!
                == (0, 7, match * 3 + white * firstMultiplier + camel * 2 + 2 * gapStart + 2 * gapExtension))
        #expect(
            found(.fuzzy, "foo barbaz", "fbb")!
                == (0, 8, match * 3 + white * firstMultiplier + white + gapStart * 2 + gapExtension * 3))
        #expect(found(.fuzzy, "fooBar Baz", "foob")! == (0, 4, match * 4 + white * firstMultiplier + white * 3))
        #expect(
            found(.fuzzy, "xFoo-Bar Baz", "foo-b")!
                == (1, 6, match * 5 + camel * firstMultiplier + camel * 2 + nonWord + boundary))
        // A non-word character starts a word as a letter does: at the start, after a delimiter.
        #expect(found(.fuzzy, ".vimrc", ".vimrc")! == (0, 6, match * 6 + white * (firstMultiplier + 5)))
        #expect(found(.fuzzy, "/.vimrc", ".vimrc")! == (1, 7, match * 6 + delimiter * (firstMultiplier + 5)))
        #expect(found(.fuzzy, "a.vimrc", ".vimrc")! == (1, 7, match * 6 + boundary * (firstMultiplier + 5)))
        #expect(found(.exact, "/.vimrc", ".vimrc")! == (1, 7, match * 6 + delimiter * (firstMultiplier + 5)))
    }

    @Test func caseSensitiveFuzzyFromFzfsTable() {
        #expect(found(.fuzzy, "fooBarbaz", "oBz", caseSensitive: true)! == (2, 9, match * 3 + camel + gapStart + gapExtension * 3))
        #expect(
            found(.fuzzy, "Foo/Bar/Baz", "FBB", caseSensitive: true)!
                == (0, 9, match * 3 + white * firstMultiplier + delimiter * 2 + gapStart * 2 + gapExtension * 4))
        #expect(
            found(.fuzzy, "FooBarBaz", "FBB", caseSensitive: true)!
                == (0, 7, match * 3 + white * firstMultiplier + camel * 2 + gapStart * 2 + gapExtension * 2))
        #expect(
            found(.fuzzy, "FooBar Baz", "FooB", caseSensitive: true)!
                == (0, 4, match * 4 + white * firstMultiplier + white * 2 + max(camel, white)))
        // A word start inside a run raises the bonus the rest of the run keeps.
        #expect(found(.fuzzy, "foo-bar", "o-ba", caseSensitive: true)! == (2, 6, match * 4 + boundary * 3))
    }

    @Test func nonMatchesFromFzfsTable() {
        #expect(found(.fuzzy, "fooBarbaz", "oBZ", caseSensitive: true) == nil)
        #expect(found(.fuzzy, "Foo Bar Baz", "fbb", caseSensitive: true) == nil)
        #expect(found(.fuzzy, "fooBarbaz", "fooBarbazz", caseSensitive: true) == nil)
    }

    @Test func exactMatchesFromFzfsTable() {
        #expect(found(.exact, "fooBarbaz", "oBA", caseSensitive: true) == nil)
        #expect(found(.exact, "fooBarbaz", "fooBarbazz", caseSensitive: true) == nil)
        #expect(found(.exact, "fooBarbaz", "oBA")! == (2, 5, match * 3 + camel + consecutive))
        #expect(found(.exact, "/AutomatorDocument.icns", "rdoc")! == (9, 13, match * 4 + camel + consecutive * 2))
        #expect(found(.exact, "/man1/zshcompctl.1", "zshc")! == (6, 10, match * 4 + delimiter * (firstMultiplier + 3)))
        #expect(found(.exact, "/.oh-my-zsh/cache", "zsh/c")! == (8, 13, match * 5 + boundary * (firstMultiplier + 3) + delimiter))
        // fzf's pattern test: 'abc in "aabbcc abc" is the whole word at the end.
        #expect(found(.exact, "aabbcc abc", "abc")!.0 == 7)
    }

    @Test func prefixMatchesFromFzfsTable() {
        let score = match * 3 + white * firstMultiplier + white * 2
        #expect(found(.prefix, "fooBarbaz", "Foo", caseSensitive: true) == nil)
        #expect(found(.prefix, "fooBarBaz", "baz") == nil)
        #expect(found(.prefix, "fooBarbaz", "Foo")! == (0, 3, score))
        #expect(found(.prefix, "foOBarBaZ", "foo")! == (0, 3, score))
        #expect(found(.prefix, "f-oBarbaz", "f-o")! == (0, 3, score))
        // Leading spaces are skipped, unless the pattern starts with one.
        #expect(found(.prefix, " fooBar", "foo")! == (1, 4, score))
        #expect(found(.prefix, " fooBar", " fo")! == (0, 3, score))
        #expect(found(.prefix, "     fo", "foo") == nil)
    }

    @Test func suffixMatchesFromFzfsTable() {
        #expect(found(.suffix, "fooBarbaz", "Baz", caseSensitive: true) == nil)
        #expect(found(.suffix, "fooBarbaz", "Foo") == nil)
        #expect(found(.suffix, "fooBarbaz", "baz")! == (6, 9, match * 3 + consecutive * 2))
        #expect(found(.suffix, "fooBarBaZ", "baz")! == (6, 9, (match + camel) * 3 + camel * (firstMultiplier - 1)))
        // Trailing spaces are skipped, unless the pattern ends with one.
        #expect(found(.suffix, "fooBarbaz ", "baz")! == (6, 9, match * 3 + consecutive * 2))
        #expect(found(.suffix, "fooBarbaz ", "baz ")! == (6, 10, match * 4 + consecutive * 2 + white))
    }

    /// fzf's default algorithm takes the alignment that scores most, not the first: in a path,
    /// `ma` after the space of `launcher manifest` beats the `ma` inside `command` before it.
    @Test func theAlignmentThatScoresMostWinsOverTheFirst() {
        let line = "/usr/share/command/launcher manifest.xml"
        let manifest = line.distance(from: line.startIndex, to: line.range(of: "manifest")!.lowerBound)
        #expect(found(.fuzzy, line, "ma")! == (manifest, manifest + 2, match * 2 + white * firstMultiplier + white))
        #expect(found(.fuzzy, line, "mant")! == (manifest, manifest + 8, match * 4 + white * firstMultiplier + white * 2 + gapStart + gapExtension * 3))
        let term = LinePattern.Term(kind: .fuzzy, inverse: false, text: Array("ma".unicodeScalars.map(\.value)), caseSensitive: false, normalize: false)
        let scalars = line.unicodeScalars.map(\.value)
        let positions = scalars.withUnsafeBufferPointer { buffer in
            term.text.withUnsafeBufferPointer {
                LineScorer(scheme: .default).matchPositions(
                    MatchTerm(kind: .fuzzy, inverse: false, caseSensitive: false, normalize: false, text: $0), in: ScalarLine(scalars: buffer))
            }
        }
        #expect(positions == [manifest, manifest + 1], "the highlight is where the score came from")
        // The line's start then a gap (47) loses to a run after white space (62).
        #expect(found(.fuzzy, "axxxb ab", "ab")! == (6, 8, match * 2 + white * firstMultiplier + white))
    }

    @Test func equalIsTheWholeLineInItsCase() {
        #expect(found(.equal, "ABC", "AbC", caseSensitive: true) == nil)
        #expect(found(.equal, "AbC", "AbC", caseSensitive: true)! == (0, 3, match * 3 + white * firstMultiplier + white * 2))
    }

    @Test func diacriticsFoldedWhenNormalizing() {
        #expect(found(.fuzzy, "Só Danço Samba", "So", normalize: true)! == (0, 2, 62))
        #expect(found(.prefix, "Só Danço Samba", "So", normalize: true)! == (0, 2, 62))
        #expect(found(.exact, "Só Danço Samba", "So", normalize: true)! == (0, 2, 62))
        #expect(found(.fuzzy, "Só Danço Samba", "sodc", normalize: true)! == (0, 7, 97))
        for algorithm in [Algorithm.fuzzy, .prefix, .suffix, .exact, .equal] {
            #expect(found(algorithm, "Danço", "danco", normalize: true)! == (0, 5, 140))
        }
        #expect(found(.fuzzy, "Danço", "danco") == nil)
        // Vietnamese letters (Latin Extended Additional), and letters whose stroke Unicode does not decompose.
        #expect(found(.exact, "Tiếng Việt", "tieng viet", normalize: true)?.0 == 0)
        #expect(found(.exact, "Łódź Ørsted đà", "lodz orsted da", normalize: true)?.0 == 0)
        #expect(found(.exact, "Tiếng Việt", "tieng viet") == nil)
        // Forms Unicode does not decompose, read by their names: turned v, f with hook, dotless i, sharp s.
        #expect(found(.exact, "ʌpset ƒıle straße", "vpset file strase", normalize: true)?.0 == 0)
        #expect(found(.fuzzy, "æðþ", "a", normalize: true) == nil, "no single letter in their names")
    }

    @Test func pathSchemeRanksTheFileNameStart() {
        let term = LinePattern.Term(kind: .fuzzy, inverse: false, text: Array("b".unicodeScalars.map(\.value)), caseSensitive: false, normalize: false)
        func score(_ text: String, _ scheme: LineMatchOptions.Scheme) -> Int {
            let scalars = text.unicodeScalars.map(\.value)
            return scalars.withUnsafeBufferPointer { LineScorer(scheme: scheme).match(term, in: ScalarLine(scalars: $0))!.score }
        }
        // After "/" a delimiter bonus, after a space a larger one by default but not for paths.
        #expect(score("a/b", .default) < score("a b", .default))
        #expect(score("a/b", .path) > score("a b", .path))
        #expect(score("a/b", .history) == score("a b", .history))
    }
}

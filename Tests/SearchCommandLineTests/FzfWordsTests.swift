import Testing

@testable import SearchCommandLine

/// The one rewrite of fzf's words, as every executable and INSTANTSEARCH_DEFAULT_OPTS get it.
@Suite struct FzfWordsTests {
    @Test func everyFzfFormIsRewrittenAndFileNamesAfterDashesAreLeftAlone() {
        #expect(
            FzfWords.normalized(["+x", "+i", "--border", "-m3", "a.txt"])
                == ["--no-extended", "--no-ignore-case", "--border=rounded", "--multi", "--multi-max=3", "a.txt"])
        #expect(
            FzfWords.normalized(["--multi", "2", "--", "+x", "--border", "-m3"])
                == ["--multi", "--multi-max=2", "--", "+x", "--border", "-m3"])
        #expect(FzfWords.normalized(["-q", "x"]) == ["-q", "x"])
    }
}

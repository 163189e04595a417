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
        #expect(
            FzfWords.normalized(["-e", "+e", "+s", "+m", "--inline-info", "--no-info", "--phony", "--", "+m"])
                == ["-e", "--no-sort", "--no-multi", "--info=inline", "--info=hidden", "--disabled", "--", "+m"])
        #expect(FzfWords.normalized(["-f", "+s", "--query", "+x", "+i"]) == ["-f", "+s", "--query", "+x", "--no-ignore-case"], "a text option's value stays")
    }

    /// What fzf's other spellings mean once parsed: the same session as the names they stand for.
    @Test func otherSpellingsParseAsTheOptionsTheyStandFor() throws {
        let options = try SessionOptions.parse(FzfWords.normalized(["-m3", "+m", "--inline-info", "--phony", "-n", "2.."]))
        let limit = try options.pick.multiLimit()
        #expect(!options.pick.multi && limit == nil, "+m after -m3: one pick")
        #expect(options.layout.info == "inline" && options.interface.disabled && options.lines.nth == "2..")
        let noInfo = try SessionOptions.parse(FzfWords.normalized(["--no-info"]))
        #expect(noInfo.layout.info == "hidden")
    }
}

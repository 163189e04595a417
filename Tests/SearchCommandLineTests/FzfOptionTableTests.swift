import Testing

@testable import SearchCommandLine

/// An fzf option left out of a user's defaults takes exactly the value fzf would read with it.
@Suite struct FzfOptionTableTests {
    func removing(_ index: Int, _ words: [String]) -> [[String]]? {
        FzfOptionTable.removing(at: index, from: words).map { [$0.words, $0.removed] }
    }

    @Test func aRequiredValueGoesWithItsOptionWrittenApartOrOnIt() {
        #expect(removing(0, ["--style", "full", "--height", "40%"]) == [["--height", "40%"], ["--style", "full"]])
        #expect(removing(1, ["--reverse", "--style=full", "-m"]) == [["--reverse", "-m"], ["--style=full"]])
        // A required value is the next word whatever it looks like, as fzf reads it.
        #expect(removing(0, ["--footer", "-x-", "--cycle"]) == [["--cycle"], ["--footer", "-x-"]])
    }

    @Test func anOptionalValueIsTheNextWordOnlyWhenItIsNoOption() {
        #expect(removing(0, ["--input-border", "rounded", "--cycle"]) == [["--cycle"], ["--input-border", "rounded"]])
        #expect(removing(0, ["--input-border", "--cycle"]) == [["--cycle"], ["--input-border"]])
        #expect(removing(0, ["--gap", "+s"]) == [["+s"], ["--gap"]])
    }

    @Test func aFlagTakesNothingAndAnUnknownWordIsNoFzfOption() {
        #expect(removing(1, ["a", "--highlight-line", "b"]) == [["a", "b"], ["--highlight-line"]])
        #expect(removing(0, ["--nope", "x"]) == nil)
        #expect(FzfOptionTable.value(of: "--preview") == .required)
        #expect(FzfOptionTable.value(of: "--tmux") == .optional)
        #expect(FzfOptionTable.value(of: "--no-input") == FzfOptionTable.Value.none)
    }
}

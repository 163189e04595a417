import ArgumentParser
import Testing

@testable import SearchCommandLine
@testable import TerminalUI

/// fzf 0.74's section options read as fzf reads them: bare forms, `--style`'s presets under
/// what is given, labels' positions, and the mistakes fzf refuses.
@Suite struct SectionArgumentsTests {
    private func options(_ words: [String]) throws -> SearchApp.Options {
        var options = SearchApp.Options()
        try LayoutArguments.parse(FzfNegations.resolved(FzfWords.normalized(words))).configure(&options)
        return options
    }

    @Test func bareBordersAreRoundedAndANextOptionIsNotTheirValue() throws {
        let s = try options(["--list-border", "--input-border", "line", "--header-border", "--footer", "x", "--footer-border=double"]).sections
        #expect(s.list == .rounded)
        #expect(s.input == .line)
        #expect(s.header == .border(.rounded))
        #expect(s.footer == .border(.double))
        #expect(s.headerLines == nil, "not given: the header lines go as fzf decides")
        #expect(try options(["--header-lines-border", "none"]).sections.headerLines == PickerSectionStyles.Shape.none)
    }

    @Test func styleFullSetsEverySectionAndTheInfoUnderWhatComesAfterIt() throws {
        let full = try options(["--style", "full:double"])
        #expect(full.sections.list == .double && full.sections.input == .border(.double) && full.sections.footer == .border(.double))
        #expect(full.info == .inlineRight)
        let after = try options(["--style=full", "--no-input-border", "--info", "default"])
        #expect(after.sections.input == PickerSectionStyles.Shape.none && after.sections.list == .rounded && after.info == .default)
        // What came before --style is set over by it, as fzf reads options in order.
        let before = try options(["--no-list-border", "--info=inline", "--style", "full"])
        #expect(before.sections.list == .rounded && before.info == .inlineRight)
        let line = try options(["--style", "full:line"]).sections
        #expect(line.list == .none && line.header == .line, "a list has no line border: full:line leaves it out")
        let minimal = try options(["--style", "minimal"])
        #expect(minimal.separator == "" && minimal.scrollbar == "" && minimal.gutter == " " && minimal.sections.footer == .line)
    }

    /// A bare `--border` draws fzf's default shape: `--style full:STYLE`'s when given.
    @Test func aBareBorderTakesTheStylesShape() throws {
        #expect(try options(["--border"]).frame.border == .rounded)
        #expect(try options(["--style", "full:double", "--border"]).frame.border == .double)
        #expect(try options(["--border", "sharp", "--style", "full:double"]).frame.border == .sharp, "a shape given stays")
    }

    @Test func labelsAndTheirPositions() throws {
        let s = try options(["--list-label", "L", "--list-label-pos", "2:bottom", "--header-label-pos=-3", "--footer-label-pos", "bottom:center"]).sections
        #expect(s.listLabel == PickerSectionStyles.Label(text: "L", column: 2, bottom: true))
        #expect(s.headerLabel == PickerSectionStyles.Label(text: "", column: -3, bottom: false))
        #expect(s.footerLabel.bottom && s.footerLabel.column == 0)
        #expect(try options(["--list-label", "L", "--no-list-label"]).sections.listLabel.text == "")
    }

    @Test func gapAloneIsOneAndItsLineIsFzfs() throws {
        #expect(try options(["--gap"]).sections.gap == 1)
        #expect(try options(["--gap", "3"]).sections.gap == 3)
        let bare = try options(["--gap", "--gap-line", "--reverse"]).sections
        #expect(bare.gap == 1 && bare.gapLine == "┈")
        #expect(try options(["--gap", "--no-gap-line"]).sections.gapLine == "")
        #expect(try options(["--gap-line", "xyz"]).sections.gapLine == "xyz")
    }

    @Test func mistakesAreNamed() {
        let refused = { (words: [String]) in refusal(LayoutArguments.self, FzfNegations.resolved(FzfWords.normalized(words))) }
        #expect(refused(["--list-border", "line"])?.contains("--list-border cannot be 'line'") == true)
        #expect(refused(["--header-border", "wavy"])?.contains("--header-border takes a border style") == true)
        #expect(refused(["--style", "maximal"])?.contains("--style takes default, minimal or full") == true)
        #expect(refused(["--input-label-pos", "left"])?.contains("--input-label-pos takes N") == true)
        #expect(refused(["--style", "full:sharp"]) == nil)
        for option in ["--border=inline", "--list-border=inline", "--input-border=inline"] {
            #expect(refused([option])?.contains("inline border is only supported") == true, "\(option)")
        }
        let lines = refused(["--header-border=inline", "--header-lines-border=sharp"])
        #expect(lines?.contains("--header-border=inline requires --header-lines-border to be inline or unset") == true)
        #expect(refused(["--header-border=inline", "--header-lines-border=none"]) == nil)
    }

    /// `--min-height N+`'s rows around the list: `--style full:sharp` boxes the list and the
    /// input (two rows each) around the prompt's row; the info goes on the prompt's row.
    @Test func theRowsAroundTheListForMinHeight() throws {
        #expect(try options(["--style", "full:sharp"]).rowsAroundTheList == 5)
        var inputless = try options(["--style", "full:sharp"])
        inputless.inputHidden = true  // --no-input
        #expect(inputless.rowsAroundTheList == 2)
        #expect(try options([]).rowsAroundTheList == 2, "the prompt and the info line")
        var framed = try options(["--border", "--margin", "1"])
        framed.header = "a\nb"  // --header
        #expect(framed.rowsAroundTheList == 8, "the border's two rows, the margin's two, the prompt's, the info's, the header's two")
    }

    @Test func noUnicodeMakesFzfsSignsAscii() throws {
        let ascii = try options(["--no-unicode"])
        #expect(ascii.pointer == ">" && ascii.marker == ">" && ascii.gutter == " " && ascii.separator == "-" && ascii.scrollbar == "|")
        #expect(try options(["--no-unicode", "--pointer", "*"]).pointer == "*", "what is given stays")
    }
}

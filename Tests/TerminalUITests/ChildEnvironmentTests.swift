import Testing

@testable import TerminalUI

/// fzf 0.74's variables, whole, as a command the session starts finds them.
@Suite struct ChildEnvironmentTests {
    var shown: ChildEnvironment {
        var values = ChildEnvironment()
        values.query = "sony"
        values.prompt = "> "
        values.indexName = "stdin"
        values.totalCount = 120
        values.matchCount = 7
        values.selectCount = 2
        values.lines = 24
        values.columns = 80
        values.position = 3
        values.currentItem = "sony headphones"
        values.port = 6266
        values.preview = .init(lines: 20, columns: 38, top: 2, left: 41)
        return values
    }

    @Test func everyVariableWithFzfsNameAndOursBeside() {
        #expect(
            shown.variables() == [
                "FZF_QUERY": "sony", "FZF_PROMPT": "> ", "FZF_ACTION": "", "FZF_KEY": "",
                "FZF_TOTAL_COUNT": "120", "FZF_MATCH_COUNT": "7", "FZF_SELECT_COUNT": "2", "FZF_LINES": "24", "FZF_COLUMNS": "80",
                "FZF_POS": "3", "FZF_INPUT_STATE": "enabled", "FZF_DIRECTION": "up", "FZF_BORDER_LABEL": "", "FZF_PREVIEW_LABEL": "",
                "FZF_CURRENT_ITEM": "sony headphones", "FZF_PORT": "6266",
                "FZF_PREVIEW_LINES": "20", "FZF_PREVIEW_COLUMNS": "38", "FZF_PREVIEW_TOP": "2", "FZF_PREVIEW_LEFT": "41",
                "INSTANTSEARCH_QUERY": "sony", "INSTANTSEARCH_INDEX": "stdin", "INSTANTSEARCH_PROMPT": "> ",
                "INSTANTSEARCH_MATCH_COUNT": "7", "INSTANTSEARCH_SELECT_COUNT": "2", "INSTANTSEARCH_TOTAL_COUNT": "120",
                "INSTANTSEARCH_LINES": "24", "INSTANTSEARCH_COLUMNS": "80", "INSTANTSEARCH_POS": "3", "INSTANTSEARCH_PORT": "6266",
            ])
    }

    @Test func thePreviewsCommandAlsoGetsItsPaneAsLinesAndColumns() {
        let preview = shown.variables(forPreview: true)
        #expect(preview["LINES"] == "20" && preview["COLUMNS"] == "38")
        #expect(shown.variables()["LINES"] == nil)
    }

    @Test func withNoHitThePositionIsZeroAndThereIsNoItem() {
        var values = ChildEnvironment()
        values.matchCount = 0
        let variables = values.variables()
        #expect(variables["FZF_POS"] == "0" && variables["FZF_CURRENT_ITEM"] == nil && variables["INSTANTSEARCH_POS"] == nil)
        #expect(variables["FZF_PREVIEW_LINES"] == nil)
    }

    @Test func anItemWithANulIsLeftOutAsFzfLeavesIt() {
        var values = ChildEnvironment()
        values.currentItem = "a\u{0}b"
        #expect(values.variables()["FZF_CURRENT_ITEM"] == nil)
    }
}

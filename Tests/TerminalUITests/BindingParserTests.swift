import Testing

@testable import TerminalUI

/// `--bind` as fzf writes it: actions with arguments in any of fzf's delimiters, chains,
/// events, and a column for every mistake.
@Suite struct BindingParserTests {
    private func bound(_ list: String, _ key: Key, in context: KeyContext = .global) throws -> [BoundAction]? {
        var table = KeyTable.standard
        try table.bind(list: list)
        return table.actions(for: key, in: [context])
    }

    @Test(arguments: [
        "ctrl-r:reload(seq 10)", "ctrl-r:reload[seq 10]", "ctrl-r:reload{seq 10}", "ctrl-r:reload<seq 10>",
        "ctrl-r:reload~seq 10~", "ctrl-r:reload!seq 10!", "ctrl-r:reload@seq 10@", "ctrl-r:reload#seq 10#",
        "ctrl-r:reload$seq 10$", "ctrl-r:reload%seq 10%", "ctrl-r:reload^seq 10^", "ctrl-r:reload&seq 10&",
        "ctrl-r:reload*seq 10*", "ctrl-r:reload;seq 10;", "ctrl-r:reload/seq 10/", "ctrl-r:reload|seq 10|",
        "ctrl-r:reload:seq 10",
    ])
    func everyDelimiterGivesTheSameArgument(list: String) throws {
        #expect(try bound(list, .control("r")) == [BoundAction(.reload, "seq 10")])
    }

    @Test func theColonFormTakesTheRestCommasAndPlusesIncluded() throws {
        #expect(try bound("ctrl-r:up+execute:echo a,b+c", .control("r")) == [BoundAction(.up), BoundAction(.execute, "echo a,b+c")])
    }

    @Test func bracketsKeepCommasAndPlusesAndOtherBrackets() throws {
        var table = KeyTable.standard
        try table.bind(list: "ctrl-a:select-all+accept,ctrl-r:reload[printf '%s\\n' a,b (c)]+first,f9:change-prompt()")
        #expect(table.actions(for: .control("a"), in: [.global]) == [BoundAction(.selectAll), BoundAction(.accept)])
        #expect(table.actions(for: .control("r"), in: [.global]) == [BoundAction(.reload, "printf '%s\\n' a,b (c)"), BoundAction(.first)])
        #expect(table.actions(for: .function(9), in: [.global]) == [BoundAction(.changePrompt, "")], "text may be empty")
    }

    @Test func eventsBindLikeKeys() throws {
        var table = KeyTable.standard
        try table.bind(
            list: "change:reload(grep {q} f),start:first,load:last,focus:refresh-preview,result:first,one:accept,zero:abort,resize:clear-screen,"
                + "result-final:first,multi:first,backward-eof:abort,jump:accept,jump-cancel:abort,click-header:first,click-footer:last")
        #expect(table.actions(for: .event(.change), in: [.global]) == [BoundAction(.reload, "grep {q} f")])
        for event in KeyEvent.allCases { #expect(table.binds(event), "\(event)") }
        #expect(throws: KeyBindingError(column: 1, problem: .eventInContext("change"))) { try table.bind(list: "hits/change:up") }
    }

    @Test func aChainAloneReadsAsTransformPrintsIt() throws {
        #expect(try KeyTable.parseActions("change-query(abc)+first") == [BoundAction(.changeQuery, "abc"), BoundAction(.first)])
        #expect(throws: KeyBindingError(column: 3, problem: .unexpected(","))) { try KeyTable.parseActions("up,down") }
        #expect(throws: KeyBindingError(column: 3, problem: .unexpected(","))) { try KeyTable.parseActions("up,") }
    }

    @Test func mistakesNameTheColumn() {
        var table = KeyTable.standard
        #expect(throws: KeyBindingError(column: 14, problem: .unbalanced(action: "reload", opener: "(", closer: ")"))) {
            try table.bind(list: "ctrl-r:reload(seq 10")
        }
        #expect(throws: KeyBindingError(column: 11, problem: .unknownAction("explode"))) { try table.bind(list: "ctrl-r:up+explode") }
        #expect(throws: KeyBindingError(column: 8, problem: .needsArgument("reload"))) { try table.bind(list: "ctrl-r:reload") }
        #expect(throws: KeyBindingError(column: 8, problem: .needsArgument("execute"))) { try table.bind(list: "ctrl-r:execute(  )") }
        #expect(throws: KeyBindingError(column: 8, problem: .takesNoArgument("up"))) { try table.bind(list: "ctrl-r:up(3)") }
        #expect(throws: KeyBindingError(column: 11, problem: .missingAction)) { try table.bind(list: "ctrl-r:up+") }
        #expect(throws: KeyBindingError(column: 8, problem: .missingAction)) { try table.bind(list: "ctrl-r:") }
        #expect(throws: KeyBindingError(column: 10, problem: .unexpected(")"))) { try table.bind(list: "ctrl-r:up)") }
        #expect(throws: KeyBindingError(column: 1, problem: .unknownKey("chnage"))) { try table.bind(list: "chnage:up") }
        #expect(
            table.actions(for: .control("r"), in: [.global]) == KeyTable.standard.actions(for: .control("r"), in: [.global]),
            "nothing bound after a mistake")
        let message = "\(KeyBindingError(column: 14, problem: .unbalanced(action: "reload", opener: "(", closer: ")")))"
        #expect(message.contains("reload[…]") && message.hasPrefix("column 14:"))
    }

    @Test func chainsShowInTheHelpAsWritten() throws {
        var table = KeyTable.standard
        try table.bind(list: "ctrl-a:select-all+accept,ctrl-r:reload(seq 3)")
        let everywhere = try #require(table.groups.first { $0.title == "Everywhere" })
        #expect(everywhere.rows.contains { $0.keys == "Ctrl-A" && $0.name == "select-all+accept" })
        #expect(everywhere.rows.contains { $0.keys == "Ctrl-R" && $0.name == "reload(seq 3)" })
        #expect(table.keys(for: .selectAll, in: .global).isEmpty, "a chain is not the plain action's key")
    }
}

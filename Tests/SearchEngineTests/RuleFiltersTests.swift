import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// A rule's filters are read when the rule is, with the bounds of the parser every search uses
/// and the level its parentheses take when joined to the query's filters.
@Suite struct RuleFiltersTests {
    static func rule(filters: String) -> QueryRule { QueryRule(objectID: "r", filters: filters) }

    @Test func aRuleNestedDeeperThanASearchCanReadIsRefused() throws {
        let fits = String(repeating: "(", count: FilterParser.maxDepth - 1) + "a:b" + String(repeating: ")", count: FilterParser.maxDepth - 1)
        try Self.rule(filters: fits).checkFilters()
        // What a search parses: the query's filters and the rule's, each in parentheses.
        _ = try FilterParser.parse("(x:y) AND (\(fits))")
        let deeper = "(" + fits + ")"
        #expect(throws: FilterError.self) { try Self.rule(filters: deeper).checkFilters() }
        #expect(throws: FilterError.self) { try FilterParser.parse("(x:y) AND (\(deeper))") }
        #expect(throws: FilterError.self) { try Self.rule(filters: "a:b AND").checkFilters() }
    }

    @Test func aRulesFileWithABadFilterSaysWhichRule() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).json").path
        defer { unlink(path) }
        let deep = String(repeating: "(", count: 100_000) + "a:b" + String(repeating: ")", count: 100_000)
        try #"[{"objectID": "fine", "consequence": {"params": {"filters": "a:b"}}}, {"objectID": "deep", "consequence": {"params": {"filters": "\#(deep)"}}}]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try RuleSet.loadChecked(path: path)
            Issue.record("a rule no search could read was loaded")
        } catch let error as DataError {
            #expect(error.message.hasPrefix(#"rule 2 ("deep"): consequence.params.filters, column 256: parentheses and NOT nested deeper than 255 levels"#))
        }
    }
}

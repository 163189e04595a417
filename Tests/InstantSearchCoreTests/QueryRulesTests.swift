import Testing

@testable import InstantSearchCore

/// Algolia's query rules, read from their JSON form and applied to a query: anchoring, contexts,
/// edits, filters, promotions, hidden records and userData, the first rule winning.
@Suite struct QueryRulesTests {
    private static let json = """
        [{"objectID": "tv", "conditions": [{"pattern": "cheap tv", "anchoring": "contains"}],
          "consequence": {"params": {"query": {"edits": [{"type": "remove", "delete": "cheap"},
                                                        {"type": "replace", "delete": "tv", "insert": "television"}]},
                                     "filters": "price < 500"},
                          "promote": [{"objectIDs": ["p7", "p9"], "position": 0}], "hide": [{"objectID": "p3"}],
                          "userData": {"banner": "TVs under $500"}}},
         {"objectID": "app", "conditions": [{"pattern": "sale", "anchoring": "is", "context": "mobile"}],
          "consequence": {"params": {"query": "discount"}, "userData": "Sale!"}},
         {"objectID": "off", "enabled": false, "conditions": [{"pattern": "tv", "anchoring": "contains"}],
          "consequence": {"hide": [{"objectID": "p7"}]}}]
        """

    private func rules() throws -> RuleSet {
        let items = try #require(JSONParser.parse(Array(Self.json.utf8), file: "rules.json").arrayValue)
        return RuleSet(try items.enumerated().map { try QueryRule.parse($1, where: "rules.json: rule \($0 + 1)") })
    }

    @Test func anchoringDecidesWhereThePatternMayStand() {
        func holds(_ anchoring: QueryRule.Anchoring, _ query: String) -> Bool {
            RuleSet.holds(.init(pattern: "Cheap TV", anchoring: anchoring), words: RuleSet.words(query), contexts: [])
        }
        #expect(holds(.is, "cheap tv") && !holds(.is, "cheap tv stand"))
        #expect(holds(.startsWith, "cheap tv stand") && !holds(.startsWith, "a cheap tv"))
        #expect(holds(.endsWith, "a cheap tv") && !holds(.endsWith, "cheap tv stand"))
        #expect(holds(.contains, "a  CHEAP tv, please") && !holds(.contains, "tv cheap"))
        #expect(holds(.contains, "chéap tv"), "accents fold as the engine folds them")
    }

    @Test func theRuleRewritesTheQueryAndSaysWhatToLayOnTheAnswer() throws {
        let outcome = try rules().apply(to: Query(text: "very cheap tv", facets: ["brand"]))
        #expect(outcome.appliedRules == ["tv"], "the disabled rule does not apply")
        #expect(outcome.query.text == "very television")
        #expect(outcome.query.filters == "(price < 500)")
        #expect(outcome.promoted.map(\.objectID) == ["p7", "p9"])
        #expect(outcome.promoted.map(\.position) == [0, 1], "a group of objectIDs takes consecutive places")
        #expect(outcome.hidden == ["p3"])
        #expect(outcome.userData == [["banner": "TVs under $500"]])
        #expect(outcome.query.facets == ["brand"], "the rest of the query stays")
    }

    @Test func aContextRuleAppliesOnlyWhenTheQueryNamesItsContext() throws {
        let rules = try rules()
        #expect(rules.apply(to: Query(text: "sale")).appliedRules.isEmpty)
        var query = Query(text: "sale")
        query.ruleContexts = ["mobile"]
        let outcome = rules.apply(to: query)
        #expect(outcome.appliedRules == ["app"] && outcome.query.text == "discount" && outcome.userData == ["Sale!"])
        query.enableRules = false
        #expect(rules.apply(to: query).appliedRules.isEmpty, "enableRules: false turns them off")
    }

    @Test func aRuleReadsBackAsWritten() throws {
        for rule in try rules().rules {
            #expect(try QueryRule.parse(rule.json, where: "again") == rule)
        }
    }

    @Test func whatTheEngineWouldNotApplyIsRefusedByNameNotIgnored() {
        let refused = [
            (#"{"objectID": "x", "consequence": {"params": {"aroundLatLng": "1,2"}}}"#, "unsupported consequence param \"aroundLatLng\""),
            (#"{"objectID": "x", "validity": []}"#, "unsupported key \"validity\""),
            (#"{"objectID": "x", "conditions": [{"pattern": "{facet:brand}"}]}"#, "{facet:…} patterns are not supported"),
            (#"{"conditions": []}"#, "needs an \"objectID\""),
            (#"{"objectID": "x", "conditions": [{"pattern": "a", "anchoring": "near"}]}"#, "is, startsWith, endsWith, contains"),
        ]
        for (text, expected) in refused {
            #expect {
                _ = try QueryRule.parse(try JSONParser.parse(Array(text.utf8), file: "r"), where: "rules.json: rule 1")
            } throws: { error in
                "\(error)".contains(expected) && "\(error)".contains("rules.json: rule 1")
            }
        }
    }
}

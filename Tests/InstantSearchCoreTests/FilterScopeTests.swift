import InstantSearchCore
import Testing

/// Scopes (`--scope`, Ctrl-R's "this directory"…): one in force at a time, read from the
/// query, cycled round the list, each replacing the others' refinements.
@Suite struct FilterScopeTests {
    static let scopes = [
        FilterScope(name: "everywhere"), FilterScope(name: "this directory", attribute: "dir", value: "~/src"),
        FilterScope(name: "this host", attribute: "host", value: "vm"),
    ]

    @Test func anOptionReadsAsANameAndAFacetValue() throws {
        #expect(try FilterScope(option: "everywhere") == FilterScope(name: "everywhere"))
        #expect(try FilterScope(option: "this directory=dir:~/a:b") == FilterScope(name: "this directory", attribute: "dir", value: "~/a:b"))
        #expect(try FilterScope(option: "empty=dir:") == FilterScope(name: "empty", attribute: "dir", value: ""))
        for (option, message) in [
            ("", "a scope needs a name: NAME=FACET:VALUE, or NAME alone"), ("=dir:x", "the name before \"=\" is empty in \"=dir:x\""),
            ("here=dir", "\"dir\" must be FACET:VALUE (e.g. dir:~/src), in \"here=dir\""),
            ("here=:x", "\":x\" must be FACET:VALUE (e.g. dir:~/src), in \"here=:x\""),
        ] {
            #expect(throws: SyntaxSettingError(message)) { try FilterScope(option: option) }
        }
    }

    @Test func theScopeInForceIsWhatTheQueryRefines() {
        var query = Query()
        #expect(FilterScope.active(Self.scopes, in: query) == 0)
        query.facetRefinements["dir"] = ["~/src"]
        #expect(FilterScope.active(Self.scopes, in: query) == 1)
        query.facetRefinements["host"] = ["vm"]  // two scopes' facets: neither scope says so
        #expect(FilterScope.active(Self.scopes, in: query) == nil)
        query.facetRefinements = ["dir": ["~/elsewhere"]]
        #expect(FilterScope.active(Self.scopes, in: query) == nil)
        query.facetRefinements = ["exit": ["1"]]  // another facet leaves the scope as it is
        #expect(FilterScope.active(Self.scopes, in: query) == 0)
    }

    @Test func eachScopeInTurnReplacesTheOthersRefinementsAndKeepsTheRest() {
        var query = Query()
        query.facetRefinements = ["exit": ["1"], "dir": ["~/elsewhere", "~/src"]]
        var seen: [String] = []
        for _ in 0..<4 {
            let next = FilterScope.next(after: FilterScope.active(Self.scopes, in: query), in: Self.scopes)!
            next.apply(to: &query, among: Self.scopes)
            #expect(query.facetRefinements["exit"] == ["1"])
            seen.append(next.name)
        }
        #expect(seen == ["everywhere", "this directory", "this host", "everywhere"])
        #expect(FilterScope.next(after: nil, in: []) == nil)
    }

    @Test func theFirstScopeIsInForceFromTheStart() {
        var description = IndexDescription(name: "history", facetAttributes: ["dir", "host"])
        description.scopes = [Self.scopes[2], Self.scopes[0]]
        #expect(description.initialQuery().facetRefinements == ["host": ["vm"]])
    }
}

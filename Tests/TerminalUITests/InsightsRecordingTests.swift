import InstantSearchCore
import Testing

@testable import TerminalUI

/// What a session records, through the app's update step: a query line and a view when the
/// query settles (after a pause, or at once on a pick), a click with position and queryID on a
/// pick and on a preview opened, a conversion with `accept-conversion` or `--conversion`, a
/// filter click when a value is refined (not when it is unrefined); nothing without a tracker.
@Suite struct InsightsRecordingTests {
    final class Recorded: InsightsSink, @unchecked Sendable {
        var queries: [QueryLine] = []
        var events: [InsightsEvent] = []
        func record(queries: [QueryLine], events: [InsightsEvent]) {
            self.queries += queries
            self.events += events
        }
    }

    static let now: Int64 = 1_800_000_000_000

    func harness(converts: Bool = false) -> (AppHarness, Recorded, ManualClock) {
        let harness = AppHarness()
        let recorded = Recorded()
        let clock = ManualClock()
        harness.app.recordInsights(.init(sink: recorded, everyPickConverts: converts, now: { Self.now }), scheduler: clock)
        return (harness, recorded, clock)
    }

    @Test func aQuerySettlesAfterAPauseWithAViewOfItsHits() async throws {
        let (harness, recorded, clock) = harness()
        await harness.start()
        await harness.type("sony")
        #expect(recorded.queries.isEmpty)
        clock.advance(by: .milliseconds(999))
        #expect(recorded.queries.isEmpty)
        clock.advance(by: .milliseconds(1))
        let line = try #require(recorded.queries.last as QueryLine?)
        #expect(line.query == "sony" && line.index == "products" && line.nbHits == 2 && line.timestamp == Self.now)
        #expect(
            recorded.events == [
                InsightsEvent(
                    eventType: .view, eventName: "Hits Viewed", index: "products", userToken: "instantsearch-local", timestamp: Self.now,
                    queryID: line.queryID, objectIDs: ["1", "2"])
            ])
        // The same query settles once.
        clock.advance(by: .seconds(5))
        #expect(recorded.queries.count == 1)
    }

    @Test func aQueryLineSaysWhatItsListIsUntilTheListIsReplaced() async throws {
        let harness = AppHarness()
        let recorded = Recorded()
        let clock = ManualClock()
        let lists = ["products": "file:/data/products.json"]
        harness.app.recordInsights(.init(sink: recorded, lists: lists, now: { Self.now }), scheduler: clock)
        await harness.start()
        await harness.type("sony")
        clock.advance(by: .seconds(1))
        #expect(recorded.queries.map(\.list) == ["file:/data/products.json"])
        // A reload put other records in the index: what it was made from no longer says what they are.
        harness.app.insights?.listReplaced(index: "products")
        await harness.press(.enter)
        #expect(recorded.queries.map(\.list) == ["file:/data/products.json", nil], "the pick's query settles anew, naming no list")
    }

    @Test func aKeyBeforeThePauseEndsMeansTheEarlierQueryNeverSettles() async {
        let (harness, recorded, clock) = harness()
        await harness.start()
        await harness.type("so")
        clock.advance(by: .milliseconds(500))
        await harness.type("ny")
        clock.advance(by: .milliseconds(600))
        #expect(recorded.queries.isEmpty)
        clock.advance(by: .milliseconds(400))
        #expect(recorded.queries.map(\.query) == ["sony"])
    }

    @Test func aPickIsAClickAtItsPositionUnderTheQueryID() async throws {
        let (harness, recorded, _) = harness()
        await harness.start()
        await harness.type("sony")
        await harness.press(.down, .enter)
        let line = try #require(recorded.queries.last)
        #expect(line.query == "sony")
        let click = try #require(recorded.events.last)
        #expect(click.eventType == .click && click.eventName == "Hit Picked")
        #expect(click.queryID == line.queryID && click.objectIDs == ["2"] && click.positions == [2])
        #expect(!recorded.events.contains { $0.eventType == .conversion })
        #expect(recorded.events.allSatisfy { (try? InsightsValidation.event($0.json, now: Self.now)) == $0 }, "every event is one Algolia accepts")
    }

    @Test func acceptConversionAndTheConversionOptionRecordAConversionToo() async throws {
        let (harness, recorded, _) = harness()
        await harness.start()
        await harness.type("sony")
        await harness.press(.alt("a"))
        #expect(harness.app.isFinished)
        #expect(recorded.events.suffix(2).map(\.eventType) == [.click, .conversion])
        let conversion = try #require(recorded.events.last)
        #expect(conversion.objectIDs == ["1"] && conversion.positions == nil && conversion.queryID == recorded.queries.last?.queryID)

        let (always, alwaysRecorded, _) = self.harness(converts: true)
        await always.start()
        await always.press(.enter)
        #expect(alwaysRecorded.events.suffix(2).map(\.eventType) == [.click, .conversion])
    }

    @Test func openingThePreviewIsAClickOnTheSelectedHit() async throws {
        let (harness, recorded, _) = harness()
        await harness.start()
        await harness.type("tv")
        await harness.press(.down, .function(6))
        let click = try #require(recorded.events.last)
        #expect(click.eventName == "Preview Opened" && click.objectIDs == ["3"] && click.positions == [2])
        #expect(click.queryID == recorded.queries.last?.queryID && recorded.queries.last?.query == "tv")
        // Closing it records nothing.
        let count = recorded.events.count
        await harness.press(.function(6))
        #expect(recorded.events.count == count)
    }

    @Test func refiningAFacetValueIsAFilterClickAndUnrefiningIsNothing() async throws {
        let (harness, recorded, _) = harness()
        await harness.start()
        await harness.press(.function(3))
        await harness.press(.enter)
        let refined = harness.hub.state.active.query.facetRefinements
        let (attribute, values) = try #require(refined.first)
        let click = try #require(recorded.events.last)
        #expect(click.eventType == .click && click.eventName == "Filter Applied")
        #expect(click.filters == ["\(attribute):\(values.first!)"] && click.objectIDs == nil && click.queryID == nil)
        let count = recorded.events.count
        await harness.press(.enter)
        #expect(harness.hub.state.active.query.facetRefinements.values.allSatisfy { $0.isEmpty })
        #expect(recorded.events.count == count)
    }

    @Test func withoutATrackerNothingIsRecordedAndPicksStillEnd() async {
        let harness = AppHarness()
        await harness.start()
        await harness.press(.alt("a"))
        #expect(harness.app.outcome == .accepted(hits: [harness.hub.state.active.results!.hits[0]], key: ""))
    }
}

/// The preview's ranking explanation says when Dynamic Re-Ranking lifted a hit, first, as it acted first.
@Suite struct ReRankingExplanationTests {
    @Test func aLiftedHitSaysItWasChosenForThisQuery() {
        var info = RankingInfo(ranking: ["typo", "words"], nbTypos: 0, words: 1)
        let plain = PreviewContent.rankingLines(info).map { $0.map(\.0).joined() }
        #expect(!plain.contains { $0.hasPrefix("re-ranking") })
        info.promotedByReRanking = true
        info.reRankingScore = 2
        let lines = PreviewContent.rankingLines(info).map { $0.map(\.0).joined() }
        #expect(lines == ["Ranking", "re-ranking chosen for this query (score 2)", "typos 0", "words 1"])
    }
}

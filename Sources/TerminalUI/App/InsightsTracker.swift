import InstantSearchCore

/// What a session records as Algolia Insights (InstantSearch's HitsTracker and FilterTracker):
/// the query the user settled on (a `QueryLine`, with its `queryID`), a view of the hits shown
/// then, a click on a pick and on a preview opened (with position and queryID), a conversion
/// for a pick marked as one (`accept-conversion`, `--conversion`), a filter click when a facet
/// value is refined. The app tells it what happened; it makes the values and hands them to the
/// sink, which writes them elsewhere: nothing here touches the disk or waits.
public final class InsightsTracker {
    /// How a session records, from the command line.
    public struct Options: Sendable {
        public var sink: any InsightsSink
        /// `--conversion`: every pick is a conversion too.
        public var everyPickConverts = false
        /// Algolia's anonymous user token: one per machine's user, not a person's name.
        public var userToken = "instantsearch-local"
        /// Milliseconds since the Unix epoch (injected: tests give a fixed one).
        public var now: @Sendable () -> Int64
        /// What each index's list is (`InsightsList`), written with its queries; an index
        /// missing here (a pipe) is recorded without, and teaches re-ranking nothing.
        public var lists: [String: String]

        public init(
            sink: any InsightsSink, everyPickConverts: Bool = false, lists: [String: String] = [:], now: @escaping @Sendable () -> Int64
        ) {
            self.sink = sink
            self.everyPickConverts = everyPickConverts
            self.lists = lists
            self.now = now
        }
    }

    /// A query settles after this pause without a new answer (or at once on a pick, a preview
    /// opened or a refinement).
    public static let settleDelay = Duration.seconds(1)
    /// Hits a view event names (Algolia's limit per event).
    static let viewedHits = InsightsValidation.maxItemsPerEvent

    private(set) var options: Options
    private let scheduler: any Scheduler
    /// The last query settled: its index, text and id (a new one gets a new line and id).
    private var settled: (index: String, query: String, queryID: String)?
    private var pending: ScheduledAction?
    private var pendingFor: (index: String, query: String)?
    /// Set by `accept-conversion` for the pick it makes.
    var nextPickConverts = false

    public init(options: Options, scheduler: any Scheduler) {
        self.options = options
        self.scheduler = scheduler
    }

    /// New answers are on screen: the query settles if nothing changes for `settleDelay`
    /// (`current` says what is on screen when the timer fires).
    func answered(_ state: IndexState, current: @escaping () -> IndexState) {
        guard state.results != nil, !isSettled(state) else { return }
        let (index, query) = (state.name, state.query.text)
        // More answers for the query already waiting (a page, counts) do not restart its pause.
        if let pendingFor, pendingFor == (index, query), pending?.isCancelled == false { return }
        pending?.cancel()
        pendingFor = (index, query)
        pending = scheduler.schedule(after: Self.settleDelay) { [weak self] in
            self?.pendingFor = nil
            let now = current()
            guard now.name == index, now.query.text == query else { return }
            _ = self?.settle(now)
        }
    }

    /// The query on screen settled: its line and a view of its first hits, once per query.
    /// Returns its queryID (nil with no results yet).
    @discardableResult
    func settle(_ state: IndexState) -> String? {
        guard let results = state.results else { return nil }
        if isSettled(state), let settled { return settled.queryID }
        pending?.cancel()
        let id = QueryID.make()
        settled = (state.name, state.query.text, id)
        let line = QueryLine(
            queryID: id, index: state.name, query: state.query.text, nbHits: results.nbHits, timestamp: options.now(),
            list: options.lists[state.name])
        var events: [InsightsEvent] = []
        let shown = results.hits.prefix(Self.viewedHits).map(\.objectID)
        if !shown.isEmpty {
            events.append(event(.view, "Hits Viewed", state.name, queryID: id, objectIDs: Array(shown)))
        }
        options.sink.record(queries: [line], events: events)
        return id
    }

    /// Hits picked (Enter, an `--expect` key, jump-accept): a click on each (with its position
    /// when it is among the hits of the query on screen), and a conversion when asked.
    func picked(_ hits: [Hit], in state: IndexState) {
        guard !hits.isEmpty else { return }
        let id = settle(state)
        let converts = nextPickConverts || options.everyPickConverts
        var events: [InsightsEvent] = []
        for group in grouped(hits, in: state) {
            let queryID = group.found ? id : nil
            events.append(
                event(
                    .click, "Hit Picked", state.name, queryID: queryID, objectIDs: group.ids, positions: group.found && queryID != nil ? group.positions : nil))
            if converts { events.append(event(.conversion, "Hit Converted", state.name, queryID: queryID, objectIDs: group.ids)) }
        }
        options.sink.record(queries: [], events: events)
    }

    /// The preview opened on `hit`: a click, at its position.
    func previewed(_ hit: Hit, in state: IndexState) {
        let id = settle(state)
        guard let position = position(of: hit, in: state), let id else { return }
        options.sink.record(queries: [], events: [event(.click, "Preview Opened", state.name, queryID: id, objectIDs: [hit.objectID], positions: [position])])
    }

    /// A facet value refined (not one unrefined): a click on that filter.
    func refined(attribute: String, value: String, in state: IndexState) {
        settle(state)
        options.sink.record(
            queries: [],
            events: [
                event(.click, "Filter Applied", state.name, filters: [InsightsEvent.filter(attribute: attribute, value: value)])
            ])
    }

    /// The index now holds other records (`reload`): what it was made from no longer says what
    /// its records are, so its picks from now on teach nothing.
    func listReplaced(index: String) {
        options.lists[index] = nil
        if settled?.index == index { settled = nil }
    }

    // MARK: Helpers

    private func isSettled(_ state: IndexState) -> Bool {
        settled?.index == state.name && settled?.query == state.query.text
    }

    /// 1-based, among every hit loaded for the query (pages included).
    private func position(of hit: Hit, in state: IndexState) -> Int? {
        state.results?.hits.firstIndex { $0.objectID == hit.objectID }.map { $0 + 1 }
    }

    /// The picked hits in events of at most 20: those found among the query's hits (with
    /// positions), then the others (marks made under another query).
    private func grouped(_ hits: [Hit], in state: IndexState) -> [(ids: [String], positions: [Int], found: Bool)] {
        var found: [(String, Int)] = []
        var others: [String] = []
        for hit in hits {
            if let position = position(of: hit, in: state) { found.append((hit.objectID, position)) } else { others.append(hit.objectID) }
        }
        let size = InsightsValidation.maxItemsPerEvent
        var groups: [(ids: [String], positions: [Int], found: Bool)] = []
        for start in stride(from: 0, to: found.count, by: size) {
            let slice = found[start..<min(start + size, found.count)]
            groups.append((slice.map(\.0), slice.map(\.1), true))
        }
        for start in stride(from: 0, to: others.count, by: size) {
            groups.append((Array(others[start..<min(start + size, others.count)]), [], false))
        }
        return groups
    }

    private func event(
        _ type: InsightsEvent.EventType, _ name: String, _ index: String, queryID: String? = nil, objectIDs: [String]? = nil,
        positions: [Int]? = nil, filters: [String]? = nil
    ) -> InsightsEvent {
        InsightsEvent(
            eventType: type, eventName: name, index: index, userToken: options.userToken, timestamp: options.now(),
            queryID: queryID, objectIDs: objectIDs, positions: positions, filters: filters)
    }
}

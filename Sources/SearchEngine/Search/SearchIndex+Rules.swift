import InstantSearchCore

extension SearchIndex {
    /// Runs `query` as `rules` rewrite it (words edited, filters added), then lays their
    /// promotions and hidden records on the answer: the page is cut from a window long enough
    /// to hold it after the hidden ones leave and the promoted ones take their places.
    /// `reRanking`: the records chosen for the query as typed (objectID → score), lifted before
    /// the rules pin and hide (Algolia's order: see `ReRanking`).
    public func search(_ query: Query, rules: RuleSet, reRanking scores: [String: Double] = [:]) throws -> SearchResults {
        let outcome = rules.apply(to: query)
        let reRanking = ReRanking(scores, query: query, index: self)
        let removing = settings.relevance.removeWordsIfNoResults
        guard !outcome.appliedRules.isEmpty else { return try search(query, removingWords: removing, reRanking: reRanking) }
        let hitsPerPage = max(query.hitsPerPage, 0)
        let page = max(query.page, 0)
        var results: SearchResults
        if outcome.leavesHitsAlone || hitsPerPage == 0 {
            results = try search(outcome.query, removingWords: removing, reRanking: reRanking)
        } else {
            var window = outcome.query
            window.page = 0
            window.hitsPerPage = (page + 1) * hitsPerPage + outcome.hidden.count + outcome.promoted.count
            results = try search(window, removingWords: removing, reRanking: reRanking)
            let (hits, added, hiddenFound) = lay(outcome, on: results.hits)
            results.nbHits = max(0, results.nbHits - hiddenFound + added)
            results.hits = Array(hits.dropFirst(page * hitsPerPage).prefix(hitsPerPage))
            results.page = page
            results.hitsPerPage = hitsPerPage
            results.nbPages = results.nbHits > 0 ? (results.nbHits - 1) / hitsPerPage + 1 : 0
        }
        // The answer is for the query as typed; the rewritten one is the rules' business.
        results.query = query.text
        results.userData = outcome.userData
        results.appliedRules = outcome.appliedRules
        return results
    }

    /// `hits` without the hidden records, the promoted ones at their places (found among the
    /// hits, or fetched by objectID unless `filterPromotes` asks that they match); with how many
    /// came from outside the matches and how many hidden ones were among them.
    private func lay(_ outcome: RuleOutcome, on ranked: [Hit]) -> (hits: [Hit], added: Int, hiddenFound: Int) {
        var hits = ranked.filter { !outcome.hidden.contains($0.objectID) }
        let hiddenFound = ranked.count - hits.count
        var placed: [(position: Int, hit: Hit)] = []
        var added = 0
        for promotion in outcome.promoted.sorted(by: { $0.position < $1.position }) {
            var hit: Hit
            if let found = hits.firstIndex(where: { $0.objectID == promotion.objectID }) {
                hit = hits.remove(at: found)
            } else if !promotion.filtered, let record = recordNumber(objectID: promotion.objectID) {
                hit = Hit(objectID: promotion.objectID, record: records[record])
                added += 1
            } else {
                continue
            }
            hit.isPromoted = true
            placed.append((promotion.position, hit))
        }
        for (position, hit) in placed { hits.insert(hit, at: min(position, hits.count)) }
        return (hits, added, hiddenFound)
    }

    /// The record with this objectID (`RecordLookup`).
    func recordNumber(objectID: String) -> Int? {
        recordLookup.record(objectID: objectID, in: self)
    }

    /// Whether a record of this index has this objectID (`serve` takes events only for those).
    public func holds(objectID: String) -> Bool { recordNumber(objectID: objectID) != nil }

    /// The record with this objectID, as the index holds it; nil when there is none.
    public func record(objectID: String) -> JSONValue? { recordNumber(objectID: objectID).map { records[$0] } }
}

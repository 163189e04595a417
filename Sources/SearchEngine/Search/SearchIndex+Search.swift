import InstantSearchCore

/// The records a query matches before pagination, with what facet counting needs.
struct QueryEvaluation {
    var matches: TextMatches
    var filters: FilterSet
    /// Per matched record, as `FilterSet.evaluate` describes (empty: every record passes).
    var status: [Int16]
    /// The words and readings searched, which the highlighter marks.
    var plan: QueryPlan
    /// `GeoDistance.distanceAttribute`'s stats, when the query asks for them (`geoDistanceStats`).
    var geoDistanceStats: FacetStats? = nil
}

extension SearchIndex {
    /// Runs one query: text match, refinements, facets, stats, ranking, the page, highlights.
    /// Checks for cancellation in long loops and throws `CancellationError` when cancelled.
    public func search(_ query: Query) throws -> SearchResults {
        try search(query, removingWords: settings.relevance.removeWordsIfNoResults)
    }

    /// `search(_:)`, the records chosen for this query (objectID → score, see `ReRanking`) first.
    public func search(_ query: Query, reRanking scores: [String: Double]) throws -> SearchResults {
        try search(query, removingWords: settings.relevance.removeWordsIfNoResults, reRanking: ReRanking(scores, query: query, index: self))
    }

    /// `removingWords`: when every word together finds nothing, drop words from the end
    /// (`removeWordsIfNoResults`); lines never do (each word must match, as in fzf).
    func search(_ query: Query, removingWords: Bool, reRanking: ReRanking? = nil) throws -> SearchResults {
        if let words = wordsLater { return try words.search(query, removingWords: removingWords, reRanking: reRanking) }
        let started = ContinuousClock.now
        if let sort = query.sortBy, numericColumns[sort.attribute] == nil {
            throw SearchError.backend("cannot sort by \"\(sort.attribute)\": it is not a numeric attribute of index \"\(name)\"")
        }
        let advanced = advancedSyntax(of: query)
        let parsed = QueryWord.parse(advanced.plainText, relevance: relevance(for: query))
        // A phrase's words come first: never dropped below, and required anyway.
        let typed = Array((advanced.phraseWords + expansions.removingStopWords(parsed)).prefix(QueryWord.maxWords))
        let kept = max(1, min(advanced.phraseWords.count, typed.count))
        var words = typed
        var evaluation = try evaluate(query, words: words, advanced: advanced)
        var hitKeys = SearchIndex.passingKeys(evaluation)
        // Nothing for all the words together: drop words from the end until something is found.
        let allWords = (evaluation, hitKeys)
        while hitKeys.isEmpty, removingWords, words.count > kept {
            words.removeLast()
            evaluation = try evaluate(query, words: words, removedWords: typed.count - words.count, advanced: advanced)
            hitKeys = SearchIndex.passingKeys(evaluation)
        }
        if hitKeys.isEmpty {
            // Dropping found nothing either: answer for the query as typed.
            (evaluation, hitKeys) = allWords
            words = typed
        }
        let queryAfterRemoval =
            words.count < typed.count
            ? (words.map(\.term) + typed[words.count...].map { "<em>\($0.term)</em>" }).joined(separator: " ") : nil

        // Facets and stats, then the page. (Running the two on the two cores at once measured
        // slower: the large loops inside already split over both cores.)
        let hitsPerPage = max(query.hitsPerPage, 0)
        let page = max(query.page, 0)
        var grouping: Distinct.Grouping?
        if let attribute = settings.relevance.attributeForDistinct, let column = facetColumns[attribute] {
            let perGroup = min(query.distinct ?? settings.relevance.distinct, RelevanceSettings.maxDistinct)
            if perGroup > 0 { grouping = Distinct.Grouping(perGroup: perGroup, column: column) }
        }
        let facetsAfterDistinct = query.facetingAfterDistinct ?? settings.relevance.facetingAfterDistinct
        let (facets, facetStats) = try aggregate(query, evaluation, grouping: facetsAfterDistinct ? grouping : nil)
        let nbHits: Int
        let hits: [Hit]
        var sorted: (strictness: Int, hits: Int)?
        if let ordering = HitOrdering(query, keys: hitKeys, wordCount: evaluation.plan.words.count, subsequence: evaluation.plan.subsequence, index: self) {
            var placed = hitKeys.map { PlacedKey(place: ordering.place($0), key: $0) }
            if let grouping { placed = Distinct.keep(placed, perGroup: grouping.perGroup, column: grouping.column) }
            (nbHits, hits) = (placed.count, pageOfHits(placed, query, evaluation.plan, ordering: ordering, reRanking: reRanking))
        } else {
            if let grouping { hitKeys = Distinct.keep(hitKeys, perGroup: grouping.perGroup, column: grouping.column) }
            nbHits = hitKeys.count
            if query.sortBy != nil, let strictness = relevancyStrictness(for: query) {
                // A relevant sort: the page comes from the hits it keeps, which it counts.
                hitKeys = RelevantSort.keep(hitKeys, strictness: strictness, wordCount: evaluation.plan.words.count, ranking: rankingKey)
                sorted = (strictness, hitKeys.count)
            }
            hits = pageOfHits(hitKeys, query, evaluation.plan, reRanking: reRanking)
        }

        let paged = sorted?.hits ?? nbHits
        let elapsed = ContinuousClock.now - started
        var results = SearchResults(
            indexName: name, query: query.text, hits: hits, nbHits: nbHits, page: page,
            nbPages: hitsPerPage > 0 && paged > 0 ? (paged - 1) / hitsPerPage + 1 : 0, hitsPerPage: hitsPerPage,
            facets: facets, facetStats: facetStats, processingTimeMS: SearchIndex.milliseconds(elapsed),
            queryAfterRemoval: queryAfterRemoval, renderingContent: settings.display.renderingContent
        )
        results.appliedRelevancyStrictness = sorted?.strictness
        results.nbSortedHits = sorted?.hits
        if QueryWord.isCut(query.text, parsed: parsed) { results.notice = QueryWord.cutNotice }
        return results
    }

    /// The strictness of a sorted view: the query's, else the index's; nil: no relevant sort.
    func relevancyStrictness(for query: Query) -> Int? {
        query.relevancyStrictness ?? settings.relevance.relevancyStrictness
    }

    /// Every requested facet's top values and every numeric attribute's stats.
    /// With `grouping` (facetingAfterDistinct), the values are counted over the records distinct
    /// keeps — for a disjunctive facet, those it keeps of the records counted as if that facet's
    /// own refinements were absent. Stats stay over every matched record.
    private func aggregate(
        _ query: Query, _ evaluation: QueryEvaluation, grouping: Distinct.Grouping? = nil
    ) throws -> ([String: [FacetValueCount]], [String: FacetStats]) {
        let records = evaluation.matches.records
        // Without refinements, the largest hit sets were counted when the index was made.
        let known = evaluation.status.isEmpty && grouping == nil ? knownAggregates.entry(for: records) : nil
        var statusAfterDistinct: [Int?: [Int16]] = [:]  // by ignored clause
        var facets: [String: [FacetValueCount]] = [:]
        let facetAttributes = query.facets.contains("*") ? settings.attributesForFaceting : query.facets
        for attribute in facetAttributes {
            guard let column = facetColumns[attribute] else { continue }
            var ignored = query.disjunctiveFacets.contains(attribute) ? evaluation.filters.facetClause[attribute] : nil
            var status = evaluation.status
            if let grouping {
                if statusAfterDistinct[ignored] == nil {
                    statusAfterDistinct[ignored] = grouping.status(keys: evaluation.matches.keys, status: status, ignoring: ignored)
                }
                (status, ignored) = (statusAfterDistinct[ignored]!, nil)
            }
            let counts =
                try known?.counts[attribute]
                ?? FacetAggregator.counts(column, records: records, status: status, ignoring: ignored)
            facets[attribute] = FacetAggregator.topValues(
                column, counts: counts, limit: query.maxValuesPerFacet, refined: query.facetRefinements[attribute] ?? [])
        }
        var facetStats: [String: FacetStats] = [:]
        // A count alone (another tab's count: no hits, no facets) needs no stats either.
        let countOnly = query.hitsPerPage <= 0 && query.facets.isEmpty
        for attribute in settings.numericAttributesForFiltering where !countOnly {
            guard let column = numericColumns[attribute] else { continue }
            let ignored = evaluation.filters.numericClause[attribute]
            if let known, let stats = known.stats[attribute] {
                facetStats[attribute] = stats
            } else {
                facetStats[attribute] = FacetAggregator.stats(column, records: records, status: evaluation.status, ignoring: ignored)
            }
        }
        if let distances = evaluation.geoDistanceStats { facetStats[GeoDistance.distanceAttribute] = distances }
        return (facets, facetStats)
    }

    /// The requested page: the best keys (a heap, not a sort), their records and highlights.
    private func pageOfHits<Key: HitKey>(
        _ hitKeys: [Key], _ query: Query, _ plan: QueryPlan, ordering: HitOrdering? = nil, reRanking: ReRanking? = nil
    ) -> [Hit] {
        let hitsPerPage = max(query.hitsPerPage, 0)
        let page = max(query.page, 0)
        guard hitsPerPage > 0 else { return [] }
        // Past the last hit (or past Int.max, for a page number no front end bounded): no hits.
        let (skipped, overflow) = page.multipliedReportingOverflow(by: hitsPerPage)
        guard !overflow, skipped < hitKeys.count else { return [] }
        let wanted = skipped + min(hitsPerPage, hitKeys.count - skipped)
        var lifted: [UInt64] = []
        let best =
            if let sort = query.sortBy, let column = numericColumns[sort.attribute] {
                SortedKeys.smallest(hitKeys.map(\.rankingKey), count: wanted, column: column, ascending: sort.ascending)
            } else if let reRanking {
                // The chosen records first, then the best of the others (see `ReRanking`).
                liftingChosen(reRanking, hitKeys, wanted: wanted, into: &lifted)
            } else {
                TopKeys.smallest(hitKeys, count: wanted).map(\.rankingKey)
            }
        var shown = hits(
            best.dropFirst(skipped), plan, explain: query.getRankingInfo ? ordering ?? HitOrdering.none : nil,
            highlighting: query.attributesToHighlight)
        if !lifted.isEmpty, query.getRankingInfo {
            for (i, key) in best.dropFirst(skipped).enumerated() where lifted.contains(key) {
                shown[i].rankingInfo?.promotedByReRanking = true
                shown[i].rankingInfo?.reRankingScore = reRanking?.scores[recordAtCustomRank[RankingKey.customRank(of: key)]]
            }
        }
        return shown
    }

    /// The first `wanted` keys once the chosen records are lifted to the top; `lifted` says which were.
    private func liftingChosen<Key: HitKey>(_ reRanking: ReRanking, _ hitKeys: [Key], wanted: Int, into lifted: inout [UInt64]) -> [UInt64] {
        let chosen = reRanking.lifted(hitKeys) { recordAtCustomRank[RankingKey.customRank(of: $0.rankingKey)] }
        lifted = chosen.map(\.rankingKey)
        let ranked = TopKeys.smallest(hitKeys, count: wanted + chosen.count).map(\.rankingKey)
        return ReRanking.merge(lifted: lifted, ranked: ranked, count: wanted)
    }

    /// `explain`: the ordering to explain the hits by (`HitOrdering.none`: their keys alone); nil: no ranking info.
    private func hits(_ keys: ArraySlice<UInt64>, _ plan: QueryPlan, explain: HitOrdering?, highlighting: [String]?) -> [Hit] {
        var highlighter = Highlighter(words: plan.words, standIns: plan.standIns)
        return keys.map { key in
            let record = recordAtCustomRank[RankingKey.customRank(of: key)]
            let value = records[record]
            var attributes = highlighting ?? settings.searchableAttributes
            if attributes.contains("*") { attributes = value.objectValue.map { Array($0.keys) } ?? [] }
            var (highlights, snippets) = highlighter.highlights(of: value, attributes: attributes)
            if let subsequence = plan.subsequence, highlights[subsequence.attribute] != nil, case .string? = value[subsequence.attribute],
                subsequence.place(of: Int32(RankingKey.customRank(of: key))) != nil
            {
                highlights[subsequence.attribute] = subsequence.highlight(of: Int32(RankingKey.customRank(of: key)))
            }
            return Hit(
                objectID: records.objectID(of: record), record: value, highlights: highlights, snippets: snippets,
                rankingInfo: explain.map { rankingInfo(key, record: value, wordCount: plan.words.count, ordering: $0) },
                sourceCells: records.sourceCells(of: record))
        }
    }

    static func passingKeys(_ evaluation: QueryEvaluation) -> [UInt64] {
        if evaluation.filters.clauses.isEmpty { return evaluation.matches.keys }
        var keys: [UInt64] = []
        keys.reserveCapacity(evaluation.matches.keys.count)
        for (i, key) in evaluation.matches.keys.enumerated() where evaluation.status[i] == FilterSet.passesAll {
            keys.append(key)
        }
        return keys
    }

    /// The words as typed and every other reading of them (see `QueryPlan`), each document
    /// ranked by its best reading; then the filters.
    func evaluate(_ query: Query, words: [QueryWord], removedWords: Int = 0, advanced: AdvancedSyntax? = nil) throws -> QueryEvaluation {
        let relevance = self.relevance(for: query)
        var plan = QueryPlan(
            words, expansions: expansions, dictionary: dictionary,
            typoTolerance: { relevance.allowedTypos(letters: $0) },
            hasTypoMatches: { word in
                // The same cached lookup TextMatcher makes for the word, so a join searched costs it once.
                !self.termMatchCache.typoTerms(
                    Array(word.term.utf8), prefix: word.isPrefix, maxTypos: word.maxTypos, in: self.dictionary
                ).isEmpty
            },
            corrections: { word in
                self.termMatchCache.typoTerms(Array(word.term.utf8), prefix: false, maxTypos: word.maxTypos, in: self.dictionary).map {
                    (term: self.dictionary.terms[Int($0.term)], typos: Int($0.typos))
                }
            })
        plan.words = settingInfix(plan.words, phraseWords: advanced?.phraseWords.count ?? 0)
        let exactness = MatchAdjustment.forQuery(wordCount: words.count, rule: settings.relevance.exactOnSingleWordQuery)
        var matches = try TextMatcher.match(plan.words, removedWords: removedWords, adjustment: exactness, in: self)
        for reading in plan.readings {
            let more = try TextMatcher.match(reading.words, removedWords: removedWords, adjustment: reading.adjustment, in: self)
            matches = matches.union(more)
        }
        if let subsequence = try subsequenceMatch(query) {
            // Joined before the geo, syntax and filter passes, which then keep what they keep of both.
            matches = matches.union(subsequence.textMatches(rankingKey))
            plan.subsequence = subsequence
        }
        let distances = try geoDistanceStats(matches, query)
        matches = keepingGeo(matches, query.geo)
        if let advanced { matches = advanced.keep(matches, in: self) }
        let filters = try FilterSet(query: query, index: self)
        let status = try filters.evaluate(matches.records)
        return QueryEvaluation(matches: matches, filters: filters, status: status, plan: plan, geoDistanceStats: distances)
    }

    /// The index's relevance settings, without typos when the query turns them off.
    func relevance(for query: Query) -> RelevanceSettings {
        var relevance = settings.relevance
        if !query.typoTolerance { relevance.typoTolerance = false }
        return relevance
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

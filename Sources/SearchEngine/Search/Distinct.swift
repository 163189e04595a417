/// Algolia's distinct: records sharing a value of `attributeForDistinct` form a group, of
/// which only the best-ranked `perGroup` are hits. Records without a value are each their
/// own group. Facet counts stay counts of records (Algolia's default,
/// `facetingAfterDistinct: false`) unless `Grouping.status` narrows them; `nbHits` counts the hits kept.
enum Distinct {
    struct Grouping {
        let perGroup: Int
        let column: FacetColumn

        /// A filter status for facet counting after distinct: of the matched records that
        /// pass (or fail only `clause`, a disjunctive facet's own), those distinct keeps pass;
        /// every other record fails.
        func status(keys: [UInt64], status: [Int16], ignoring clause: Int?) -> [Int16] {
            let eligibility = FacetAggregator.Eligibility(status: status, ignoring: clause)
            var eligible: [UInt64] = []
            eligible.reserveCapacity(keys.count)
            for i in keys.indices where eligibility.counts(i) { eligible.append(keys[i]) }
            let kept = Set(Distinct.keep(eligible, perGroup: perGroup, column: column))
            return keys.map { kept.contains($0) ? FilterSet.passesAll : FilterSet.failsSeveral }
        }
    }

    /// The keys kept, in no particular order (the page is cut from them by rank).
    static func keep<Key: HitKey>(_ keys: [Key], perGroup: Int, column: FacetColumn) -> [Key] {
        guard perGroup > 0, !keys.isEmpty else { return keys }
        func group(_ key: Key) -> Int { column.firstValueID(document: RankingKey.customRank(of: key.rankingKey)) }
        var kept: [Key] = []
        if perGroup == 1 {
            // One pass: the smallest key of each group.
            var best = [Key?](repeating: nil, count: column.values.count)
            for key in keys {
                let id = group(key)
                if id < 0 { kept.append(key) } else if best[id].map({ key < $0 }) ?? true { best[id] = key }
            }
            kept += best.lazy.compactMap { $0 }
            return kept
        }
        var taken = [UInt8](repeating: 0, count: column.values.count)
        for key in keys.sorted() {
            let id = group(key)
            if id < 0 {
                kept.append(key)
            } else if Int(taken[id]) < perGroup {
                taken[id] += 1
                kept.append(key)
            }
        }
        return kept
    }
}

extension FacetColumn {
    /// The id of a document's first value, -1 for none: its group for `Distinct`.
    func firstValueID(document: Int) -> Int {
        switch layout {
        case .single(let ids): return ids[document] - 1
        case .multiple(let offsets, let ids):
            return offsets[document] < offsets[document + 1] ? Int(ids[Int(offsets[document])]) : -1
        }
    }
}

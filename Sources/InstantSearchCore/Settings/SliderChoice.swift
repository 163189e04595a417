/// Which inferred numeric attributes get a range slider. Every number stays filterable and
/// sortable; a slider is screen room, so it goes to the few a person would move:
///
/// 1. Not a flag (0/1 columns are toggles) and with spread: at least two distinct values.
/// 2. Not one of a numbered family: three or more attributes whose names differ only in their
///    trailing digits (imdb's `r1`…`r10`, `q1`…`q4`) spread one distribution over columns,
///    which no single slider shows.
/// 3. Not a near-copy of an attribute chosen before it: equal values in at least 90% of the
///    records that have both (a `price` and a `price_incl_tax` at 0% tax).
/// 4. The most useful first: by how many records have a value (in tenths, so that columns
///    about as full keep their file order), then file order; at most `limit`.
enum SliderChoice {
    static let limit = 5
    static let familySize = 3
    static let copyShare = 0.9

    /// `candidates` in file order; `sampled`: the records their profiles were made from.
    static func choose(among candidates: [(name: String, profile: AttributeProfile)], sampled: Int) -> [String] {
        let families = numberedFamilies(candidates.map(\.name))
        var chosen: [(name: String, profile: AttributeProfile)] = []
        for candidate in candidates where !families.contains(candidate.name) && hasSpread(candidate.profile) {
            if chosen.contains(where: { isNearCopy(candidate.profile.numberSample, of: $0.profile.numberSample) }) { continue }
            chosen.append(candidate)
        }
        let tenth = max(1, sampled / 10)
        return chosen.enumerated()
            .sorted { (-$0.element.profile.numbers / tenth, $0.offset) < (-$1.element.profile.numbers / tenth, $1.offset) }
            .prefix(limit).map(\.element.name)
    }

    static func hasSpread(_ profile: AttributeProfile) -> Bool {
        guard let first = profile.numberSample.first?.value else { return false }
        return profile.numberSample.contains { $0.value != first }
    }

    /// The names that belong to a numbered family: same stem, a trailing number, three or more.
    static func numberedFamilies(_ names: [String]) -> Set<String> {
        var byStem: [String: [String]] = [:]
        for name in names {
            let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }.count
            guard digits > 0, digits < name.count else { continue }
            var stem = String(name.dropLast(digits))
            if stem.hasSuffix("_") || stem.hasSuffix("-") || stem.hasSuffix(" ") { stem.removeLast() }
            byStem[stem, default: []].append(name)
        }
        return Set(byStem.values.filter { $0.count >= familySize }.joined())
    }

    /// Equal values in at least `copyShare` of the records both samples have (both in record order).
    static func isNearCopy(_ a: [(record: Int, value: Double)], of b: [(record: Int, value: Double)]) -> Bool {
        var (i, j, both, equal) = (0, 0, 0, 0)
        while i < a.count, j < b.count {
            if a[i].record < b[j].record {
                i += 1
            } else if a[i].record > b[j].record {
                j += 1
            } else {
                both += 1
                if a[i].value == b[j].value { equal += 1 }
                (i, j) = (i + 1, j + 1)
            }
        }
        return both > 0 && Double(equal) >= copyShare * Double(both)
    }
}

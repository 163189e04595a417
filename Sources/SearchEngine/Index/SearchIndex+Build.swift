import InstantSearchCore

/// Everything an index derives from its records, built with the records read one at a time:
/// a loaded file's records stay packed, and each is parsed only while it is being indexed.
struct IndexParts {
    var records: RecordStore
    var dictionary: TermDictionary
    var prefixLists: PrefixLists
    var facetColumns: [String: FacetColumn]
    var numericColumns: [String: NumericColumn]
    var recordAtCustomRank: [Int32]

    /// The first read of each record collects ids, facets and numbers in record order (custom
    /// ranking needs the numbers before documents can be numbered); the words are then read in
    /// document order, twice (see `TermDictionaryBuilder`), so posting lists come out sorted.
    /// Every column is built at its final, narrowest width: nothing is held twice.
    init(store: RecordStore, settings resolved: ResolvedIndexSettings) {
        let count = store.count
        var ids = ObjectIDCollector()
        var facets = resolved.attributesForFaceting.map { _ in FacetAccumulator(capacity: count) }
        var numericNames = resolved.numericAttributesForFiltering
        for criterion in resolved.customRanking where !numericNames.contains(criterion.attribute) {
            numericNames.append(criterion.attribute)
        }
        var numbers = numericNames.map { _ in NumericAccumulator(capacity: count) }
        for record in 0..<count {
            ids.add(resolved.objectIDAttribute.flatMap { store.value($0, of: record) }, position: record)
            for (i, attribute) in resolved.attributesForFaceting.enumerated() { facets[i].add(store.value(attribute, of: record)) }
            for (i, attribute) in numericNames.enumerated() { numbers[i].add(NumericColumn.number(store.value(attribute, of: record))) }
        }
        var numericByRecord: [String: NumericColumn] = [:]
        for (i, attribute) in numericNames.enumerated() {
            numericByRecord[attribute] = numbers[i].column()
            numbers[i] = NumericAccumulator(capacity: 0)
        }

        // Documents are numbered in customRanking order (document d is the d-th record of
        // that order): ranking keys end in the document number, sorted postings are sorted by
        // custom rank, and every per-document column is read in ascending order by a query.
        let recordAtRank = CustomRankOrder.records(
            columns: resolved.customRanking.map { numericByRecord[$0.attribute]! }, criteria: resolved.customRanking, count: count)

        var facetColumns: [String: FacetColumn] = [:]
        for (i, attribute) in resolved.attributesForFaceting.enumerated() {
            facetColumns[attribute] = facets[i].column(order: recordAtRank)
            facets[i] = FacetAccumulator(capacity: 0)  // its scratch is freed before the next is laid out
        }
        var numericColumns: [String: NumericColumn] = [:]
        for attribute in resolved.numericAttributesForFiltering {
            numericColumns[attribute] = numericByRecord.removeValue(forKey: attribute)!.permuted(by: recordAtRank)
        }
        numericByRecord = [:]
        let dictionary = IndexParts.buildDictionary(store: store, order: recordAtRank, attributes: resolved.searchableAttributes)
        // Ids the store came with (a text file's line numbers) stay when no attribute gives any.
        self.records = store.withObjectIDs(ids.packed ?? store.ids)
        self.dictionary = dictionary
        self.prefixLists = PrefixLists(dictionary: dictionary, documentCount: count)
        self.facetColumns = facetColumns
        self.numericColumns = numericColumns
        self.recordAtCustomRank = recordAtRank
    }

    private static func buildDictionary(store: RecordStore, order: [Int32], attributes: [String]) -> TermDictionary {
        var builder = TermDictionaryBuilder()
        let attributeCount = min(attributes.count, Int(UInt16.max))
        guard attributeCount > 0 else { return builder.build() }
        var tokenizer = Tokenizer()
        func forEachPosting(_ body: (String, Posting) -> Void) {
            for (document, record) in order.enumerated() {
                for attribute in 0..<attributeCount {
                    var position = 0
                    for text in SearchIndex.searchableTexts(store.value(attributes[attribute], of: Int(record))) {
                        tokenizer.forEachToken(in: text) { term, _ in
                            // Positions past 65535 share the last slot: rank ties, nothing is lost.
                            let slot = UInt16(min(position, Int(UInt16.max)))
                            body(term, Posting(record: Int32(document), attribute: UInt16(attribute), position: slot))
                            position += 1
                        }
                    }
                }
            }
        }
        forEachPosting { builder.count(term: $0, document: $1.record) }
        builder.layOut()
        forEachPosting { builder.place(term: $0, posting: $1) }
        return builder.build()
    }
}

/// Record ids, packed; none are kept while every id is the record's position (a data set
/// without ids), since `RecordStore` derives those.
private struct ObjectIDCollector {
    private var bytes: [UInt8] = []
    private var ends: [Int64] = []
    private var byPosition = true

    mutating func add(_ value: JSONValue?, position: Int) {
        let id: String? = value.flatMap { $0 == .null ? nil : $0.displayText }
        if byPosition {
            guard let id, id != String(position) else { return }
            // The first id that is not a position: the earlier ones are written out after all.
            byPosition = false
            for earlier in 0..<position { append(String(earlier)) }
        }
        append(id ?? String(position))
    }

    private mutating func append(_ id: String) {
        bytes.append(contentsOf: id.utf8)
        ends.append(Int64(bytes.count))
    }

    var packed: PackedStrings? { byPosition ? nil : PackedStrings(bytes: bytes, ends: ends) }
}

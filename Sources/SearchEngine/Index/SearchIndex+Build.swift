import InstantSearchCore

/// Everything an index derives from its records, built with the records read one at a time:
/// a loaded file's records stay packed, and each is parsed only while it is being indexed.
struct IndexParts {
    var records: RecordStore
    var dictionary: TermDictionary
    var prefixLists: PrefixLists
    var facetColumns: [String: FacetColumn]
    var numericColumns: [String: NumericColumn]
    var customRank: [Int32]
    var recordAtCustomRank: [Int32]

    /// Two reads of each record: the first collects ids, facets and numbers in record order
    /// (custom ranking needs the numbers before documents can be numbered), the second adds
    /// the words in document order, so posting lists come out sorted without a sort.
    init(store: RecordStore, settings resolved: ResolvedIndexSettings) {
        let count = store.count
        MemTrace.mark("start")
        var ids = ObjectIDCollector()
        var facets = resolved.attributesForFaceting.map { _ in FacetAccumulator() }
        var numericNames = resolved.numericAttributesForFiltering
        for criterion in resolved.customRanking where !numericNames.contains(criterion.attribute) {
            numericNames.append(criterion.attribute)
        }
        var numbers = numericNames.map { _ in [Double]() }
        for i in numbers.indices { numbers[i].reserveCapacity(count) }
        for record in 0..<count {
            let value = store[record]
            ids.add(resolved.objectIDAttribute.flatMap { value[$0] }, position: record)
            for (i, attribute) in resolved.attributesForFaceting.enumerated() { facets[i].add(value[attribute]) }
            for (i, attribute) in numericNames.enumerated() { numbers[i].append(NumericColumn.number(value[attribute])) }
        }
        MemTrace.mark("pass1")
        let columnOf = Dictionary(numericNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })

        // Documents are numbered in customRanking order (document d is the d-th record of
        // that order): ranking keys end in the document number, sorted postings are sorted by
        // custom rank, and every per-document column is read in ascending order by a query.
        let rank = CustomRankOrder.rankOfRecord(
            columns: resolved.customRanking.map { numbers[columnOf[$0.attribute]!] }, criteria: resolved.customRanking, count: count)
        MemTrace.mark("rank")
        var recordAtRank = [Int32](repeating: 0, count: count)
        for (record, position) in rank.enumerated() { recordAtRank[Int(position)] = Int32(record) }

        var facetColumns: [String: FacetColumn] = [:]
        for (i, attribute) in resolved.attributesForFaceting.enumerated() {
            facetColumns[attribute] = facets[i].column(order: recordAtRank)
            facets[i] = FacetAccumulator()  // its scratch is freed before the next is laid out
        }
        MemTrace.mark("facets")
        var numericColumns: [String: NumericColumn] = [:]
        for (i, attribute) in numericNames.enumerated() {
            numericColumns[attribute] = NumericColumn(values: recordAtRank.map { numbers[i][Int($0)] })
            numbers[i] = []
        }
        MemTrace.mark("numeric")
        let dictionary = IndexParts.buildDictionary(
            store: store, order: recordAtRank, attributes: resolved.searchableAttributes)
        MemTrace.mark("dictionary")
        self.records = store.withObjectIDs(ids.packed)
        self.dictionary = dictionary
        self.prefixLists = PrefixLists(dictionary: dictionary, documentCount: count)
        MemTrace.mark("prefix")
        self.facetColumns = facetColumns
        self.numericColumns = numericColumns
        self.customRank = rank
        self.recordAtCustomRank = recordAtRank
    }

    /// Postings are added document by document, so each posting list comes out sorted.
    private static func buildDictionary(store: RecordStore, order: [Int32], attributes: [String]) -> TermDictionary {
        var builder = TermDictionaryBuilder()
        var tokenizer = Tokenizer()
        let attributeCount = min(attributes.count, Int(UInt16.max))
        guard attributeCount > 0 else { return builder.build() }
        for (record, recordIndex) in order.enumerated() {
            let value = store[Int(recordIndex)]
            for attribute in 0..<attributeCount {
                var position = 0
                for text in SearchIndex.searchableTexts(value[attributes[attribute]]) {
                    tokenizer.forEachToken(in: text) { term, _ in
                        // Positions past 65535 share the last slot: rank ties, nothing is lost.
                        let slot = UInt16(min(position, Int(UInt16.max)))
                        builder.add(term: term, posting: Posting(record: Int32(record), attribute: UInt16(attribute), position: slot))
                        position += 1
                    }
                }
            }
        }
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

/// One facet's values in record order, as ids in order of first appearance; laid out in
/// document order with ids renumbered by value once the order is known.
private struct FacetAccumulator {
    private var firstSeenID: [String: Int32] = [:]
    private var firstSeenValues: [String] = []
    private var offsets: [Int32] = [0]
    private var provisional: [Int32] = []

    mutating func add(_ value: JSONValue?) {
        let start = provisional.count
        FacetColumn.forEachFacetValue(value) { value in
            let id: Int32
            if let known = firstSeenID[value] {
                id = known
            } else {
                id = Int32(firstSeenValues.count)
                firstSeenID[value] = id
                firstSeenValues.append(value)
            }
            // A value listed twice in one record still counts once for it.
            if !provisional[start...].contains(id) { provisional.append(id) }
        }
        offsets.append(Int32(provisional.count))
    }

    /// Ids follow ascending value order, which facet ties are broken by.
    func column(order: [Int32]) -> FacetColumn {
        let sortedIDs = firstSeenValues.indices.sorted { firstSeenValues[$0] < firstSeenValues[$1] }
        var finalID = [Int32](repeating: 0, count: firstSeenValues.count)
        for (rank, id) in sortedIDs.enumerated() { finalID[id] = Int32(rank) }
        var documentOffsets: [Int32] = [0]
        documentOffsets.reserveCapacity(order.count + 1)
        var valueIDs: [Int32] = []
        valueIDs.reserveCapacity(provisional.count)
        for record in order {
            for i in Int(offsets[Int(record)])..<Int(offsets[Int(record) + 1]) { valueIDs.append(finalID[Int(provisional[i])]) }
            documentOffsets.append(Int32(valueIDs.count))
        }
        return FacetColumn(values: sortedIDs.map { firstSeenValues[$0] }, offsets: documentOffsets, valueIDs: valueIDs)
    }
}

import InstantSearchCore

/// Everything an index derives from its records, built with the records read one at a time:
/// a loaded file's records stay packed, and each is parsed only while it is being indexed.
struct IndexParts {
    var records: RecordStore
    var dictionary: TermDictionary
    var prefixLists: PrefixLists
    var facetColumns: [String: FacetColumn]
    var numericColumns: [String: NumericColumn]
    var recordAtCustomRank: RecordOrder

    /// The first read of each record collects ids, facets and numbers in record order (custom
    /// ranking needs the numbers before documents can be numbered); the words are then read in
    /// document order, twice (see `TermDictionaryBuilder`), so posting lists come out sorted.
    /// Every column is built at its final, narrowest width: nothing is held twice.
    /// `words: false` leaves the dictionary and prefix lists empty (see `SearchIndex.wordsLater`).
    init(store: RecordStore, settings resolved: ResolvedIndexSettings, words: Bool = true) {
        let count = store.count
        var ids = ObjectIDCollector()
        // The attribute for distinct is a column like a facet's: each document's group.
        let columnNames =
            resolved.attributesForFaceting
            + [resolved.relevance.attributeForDistinct].compactMap { $0 }.filter { !resolved.attributesForFaceting.contains($0) }
        let trees = resolved.hierarchicalFacets.filter { !columnNames.contains($0.name) }
        var treeColumns = trees.map { _ in FacetAccumulator(capacity: count) }
        var facets = columnNames.map { _ in FacetAccumulator(capacity: count) }
        var numericNames = resolved.numericAttributesForFiltering
        for criterion in resolved.customRanking where !numericNames.contains(criterion.attribute) {
            numericNames.append(criterion.attribute)
        }
        var numbers = numericNames.map { _ in NumericAccumulator(capacity: count) }
        // Columns of few distinct values are read once per distinct value (see `codedCells`).
        let facetCells = columnNames.map { store.codedCells($0) }
        let numericCells = numericNames.map { store.codedCells($0) }
        var numberOfCell = numericNames.map { _ in [Double?]() }
        for record in 0..<count {
            ids.add(resolved.objectIDAttribute.flatMap { store.value($0, of: record) }, position: record)
            for (i, attribute) in columnNames.enumerated() {
                if let cells = facetCells[i] {
                    facets[i].add(cell: cells[record]) { store.value(attribute, of: record) }
                } else {
                    facets[i].add(store.value(attribute, of: record))
                }
            }
            // A tree's column holds each record's paths and their ancestors (see `HierarchicalFacet`).
            for (i, tree) in trees.enumerated() {
                treeColumns[i].add(.array(tree.paths { store.value($0, of: record) }.map { .string($0) }))
            }
            for (i, attribute) in numericNames.enumerated() {
                guard let cells = numericCells[i] else {
                    numbers[i].add(NumericColumn.number(store.value(attribute, of: record)))
                    continue
                }
                let cell = cells[record]
                if cell >= numberOfCell[i].count { numberOfCell[i] += Array(repeating: nil, count: cell + 1 - numberOfCell[i].count) }
                let number = numberOfCell[i][cell] ?? NumericColumn.number(store.value(attribute, of: record))
                numberOfCell[i][cell] = number
                numbers[i].add(number)
            }
        }
        var numericByRecord: [String: NumericColumn] = [:]
        for (i, attribute) in numericNames.enumerated() {
            numericByRecord[attribute] = numbers[i].column()
            numbers[i] = NumericAccumulator(capacity: 0)
        }

        // Documents are numbered in customRanking order (document d is the d-th record of
        // that order): ranking keys end in the document number, sorted postings are sorted by
        // custom rank, and every per-document column is read in ascending order by a query.
        // Without custom ranking the order is the records' own: spelled out only for columns to
        // be laid out in it.
        let ranked = !resolved.customRanking.isEmpty
        var recordAtRank =
            ranked || !columnNames.isEmpty || !trees.isEmpty || !resolved.numericAttributesForFiltering.isEmpty
            ? CustomRankOrder.records(
                columns: resolved.customRanking.map { numericByRecord[$0.attribute]! }, criteria: resolved.customRanking, count: count)
            : []

        var facetColumns: [String: FacetColumn] = [:]
        for (i, attribute) in columnNames.enumerated() {
            facetColumns[attribute] = facets[i].column(order: recordAtRank)
            facets[i] = FacetAccumulator(capacity: 0)  // its scratch is freed before the next is laid out
        }
        for (i, tree) in trees.enumerated() {
            facetColumns[tree.name] = treeColumns[i].column(order: recordAtRank)
            treeColumns[i] = FacetAccumulator(capacity: 0)
        }
        var numericColumns: [String: NumericColumn] = [:]
        for attribute in resolved.numericAttributesForFiltering {
            numericColumns[attribute] = numericByRecord.removeValue(forKey: attribute)!.permuted(by: recordAtRank)
        }
        numericByRecord = [:]
        // Packed once the columns are laid out, before the dictionary and the prefix lists (the
        // build's peak), which then hold the smaller order.
        let order = ranked ? RecordOrder(recordAtRank) : RecordOrder(identity: count)
        recordAtRank = []
        let dictionary = IndexParts.buildDictionary(store: store, order: order, attributes: words ? resolved.searchableAttributes : [])
        self.recordAtCustomRank = order
        // Ids the store came with (a text file's line numbers) stay when no attribute gives any.
        self.records = store.withObjectIDs(ids.packed ?? store.ids)
        self.dictionary = dictionary
        self.prefixLists = PrefixLists(dictionary: dictionary, documentCount: count)
        self.facetColumns = facetColumns
        self.numericColumns = numericColumns
    }

    private static func buildDictionary(store: RecordStore, order: RecordOrder, attributes: [String]) -> TermDictionary {
        var builder = TermDictionaryBuilder()
        let attributeCount = min(attributes.count, Int(UInt16.max))
        guard attributeCount > 0 else { return builder.build() }
        var tokenizer = Tokenizer()
        /// One record's postings in one attribute, in order, as document `document`.
        func emit(record: Int32, attribute: Int, document: Int, _ body: (String, Posting) -> Void) {
            var position = 0
            for text in SearchIndex.searchableTexts(store.value(attributes[attribute], of: Int(record))) {
                // A text's first word waits for the second: alone, it is the whole value.
                var first: (term: String, posting: Posting)?
                var words = 0
                tokenizer.forEachToken(in: text) { term, _ in
                    // Positions past the field's range share the last slot: rank ties, nothing is lost.
                    let slot = UInt16(min(position, Posting.maxPosition))
                    let posting = Posting(record: Int32(document), attribute: UInt16(attribute), position: slot)
                    if let waiting = first {
                        body(waiting.term, waiting.posting)
                        first = nil
                    }
                    if words == 0 { first = (term, posting) } else { body(term, posting) }
                    words += 1
                    position += 1
                }
                if var waiting = first {
                    waiting.posting.position |= Posting.wholeValueBit
                    body(waiting.term, waiting.posting)
                }
            }
        }
        // A column of few distinct values (a CSV column of names) gives the same postings for
        // the same cell in every record: each cell's text is tokenized once, its terms kept as
        // ids, and replayed for the records that hold it (10M rows, 88k names).
        let cells = attributes.prefix(attributeCount).map { store.codedCells($0) }
        var known = cells.map { _ in [[(term: Int32, posting: Posting)]?]() }
        func forEachPosting(_ body: (Int32, Posting) -> Void) {
            for document in 0..<order.count {
                let record = Int32(order[document])
                for attribute in 0..<attributeCount {
                    guard let cellIDs = cells[attribute] else {
                        emit(record: record, attribute: attribute, document: document) { body(builder.id(of: $0), $1) }
                        continue
                    }
                    let cell = cellIDs[Int(record)]
                    if cell >= known[attribute].count { known[attribute] += Array(repeating: nil, count: cell + 1 - known[attribute].count) }
                    if known[attribute][cell] == nil {
                        var postings: [(term: Int32, posting: Posting)] = []
                        emit(record: record, attribute: attribute, document: 0) { postings.append((builder.id(of: $0), $1)) }
                        known[attribute][cell] = postings
                    }
                    for (term, posting) in known[attribute][cell]! {
                        body(term, Posting(record: Int32(document), attribute: posting.attribute, position: posting.position))
                    }
                }
            }
        }
        forEachPosting { builder.count(termID: $0, document: $1.record) }
        builder.layOut()
        forEachPosting { builder.place(termID: $0, posting: $1) }
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

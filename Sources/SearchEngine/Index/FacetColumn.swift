import InstantSearchCore

/// The values of one facet attribute, document by document, as small integers so that
/// counting and filtering never compare strings.
struct FacetColumn: Sendable {
    enum Layout: Sendable {
        /// No document has more than one value: each one's value id + 1, 0 for none, at the
        /// narrowest width (a year facet costs one byte a document).
        case single(PackedIDs)
        /// Document d has the value ids `ids[offsets[d]..<offsets[d+1]]` (array attributes).
        case multiple(offsets: [Int32], ids: [Int32])
    }

    /// Distinct values, ascending: a value's id is its index here.
    let values: [String]
    let idOfValue: [String: Int32]
    let layout: Layout
    /// Each value's folded words, for search for facet values.
    let foldedWords: [[String]]

    init(values: [String], layout: Layout) {
        var idOfValue: [String: Int32] = [:]
        for (id, value) in values.enumerated() { idOfValue[value] = Int32(id) }
        var tokenizer = Tokenizer()
        self.values = values
        self.idOfValue = idOfValue
        self.layout = layout
        self.foldedWords = values.map { tokenizer.terms(in: $0) }
    }

    var documentCount: Int {
        switch layout {
        case .single(let ids): return ids.count
        case .multiple(let offsets, _): return offsets.count - 1
        }
    }

    /// Whether `document` has the value `id`.
    @inline(__always)
    func contains(_ id: Int32, document: Int) -> Bool {
        switch layout {
        case .single(let ids): return ids[document] == Int(id) + 1
        case .multiple(let offsets, let ids): return ids[Int(offsets[document])..<Int(offsets[document + 1])].contains(id)
        }
    }

    /// Whether stored parts fit together: offsets ascend within the ids, ids name values.
    var isConsistent: Bool {
        switch layout {
        case .single(let ids):
            return ids.largest <= values.count
        case .multiple(let offsets, let ids):
            return offsets.first == 0 && offsets.last == Int32(ids.count)
                && zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }
                && ids.allSatisfy { $0 >= 0 && Int($0) < values.count }
        }
    }

    static func forEachFacetValue(_ value: JSONValue?, _ body: (String) -> Void) {
        switch value {
        case .string(let s)?: body(s)
        case .number, .bool: body(value!.displayText)
        case .array(let items)?: for item in items { forEachFacetValue(item, body) }
        default: break
        }
    }

    /// Strings as they are; numbers and booleans by their text, so `year` can be a facet too.
    static func facetValues(_ value: JSONValue?) -> [String] {
        var values: [String] = []
        forEachFacetValue(value) { values.append($0) }
        return values
    }
}

/// One facet's values read record by record (in record order), as ids in order of first
/// appearance; laid out in document order, ids renumbered by value, once the order is known.
/// Single-valued until a record has two values, so a plain facet never holds offsets.
struct FacetAccumulator {
    private var firstSeenID: [String: Int32] = [:]
    private var firstSeenValues: [String] = []
    /// Per record: first-seen id + 1, 0 for none — while no record has two values.
    private var single: PackedIDsBuilder
    /// Once a record has two values: record r's ids are `ids[offsets[r]..<offsets[r+1]]`.
    private var offsets: [Int32] = []
    private var ids: [Int32] = []
    private var isMultiple = false
    private var recordValues: [Int32] = []

    init(capacity: Int) {
        single = PackedIDsBuilder(capacity: capacity)
    }

    /// Per coded cell (`RecordStore.codedCells`), the value ids it gives, once read.
    private var idsOfCell: [[Int32]?] = []

    mutating func add(_ value: JSONValue?) {
        collect(value)
        place(recordValues)
    }

    /// The record whose value is coded as `cell`: read (`value()`) only the first time that
    /// cell comes, so 10M rows of 131 years hash 131 strings.
    mutating func add(cell: Int, _ value: () -> JSONValue?) {
        if cell < idsOfCell.count, let known = idsOfCell[cell] { return place(known) }
        collect(value())
        if cell >= idsOfCell.count { idsOfCell += Array(repeating: nil, count: cell + 1 - idsOfCell.count) }
        idsOfCell[cell] = recordValues
        place(recordValues)
    }

    /// The value ids of `value` into `recordValues`, each once.
    private mutating func collect(_ value: JSONValue?) {
        recordValues.removeAll(keepingCapacity: true)
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
            if !recordValues.contains(id) { recordValues.append(id) }
        }
    }

    private mutating func place(_ values: [Int32]) {
        if !isMultiple, values.count > 1 { becomeMultiple() }
        if isMultiple {
            ids.append(contentsOf: values)
            offsets.append(Int32(ids.count))
        } else {
            single.append(values.first.map { Int($0) + 1 } ?? 0)
        }
    }

    private mutating func becomeMultiple() {
        let earlier = single.ids
        offsets = [0]
        offsets.reserveCapacity(earlier.count + 1)
        for r in 0..<earlier.count {
            if earlier[r] > 0 { ids.append(Int32(earlier[r] - 1)) }
            offsets.append(Int32(ids.count))
        }
        single = PackedIDsBuilder()
        isMultiple = true
    }

    /// The column in document order (`order[d]` is document d's record); ids follow ascending
    /// value order, which facet ties are broken by.
    func column(order: [Int32]) -> FacetColumn {
        let sortedIDs = firstSeenValues.indices.sorted { firstSeenValues[$0] < firstSeenValues[$1] }
        var finalID = [Int32](repeating: 0, count: firstSeenValues.count)
        for (rank, id) in sortedIDs.enumerated() { finalID[id] = Int32(rank) }
        let values = sortedIDs.map { firstSeenValues[$0] }
        guard isMultiple else {
            let recordIDs = single.ids
            var documentIDs = PackedIDsBuilder(capacity: order.count, largest: values.count)
            for record in order {
                let id = recordIDs[Int(record)]
                documentIDs.append(id == 0 ? 0 : Int(finalID[id - 1]) + 1)
            }
            return FacetColumn(values: values, layout: .single(documentIDs.ids))
        }
        var documentOffsets: [Int32] = [0]
        documentOffsets.reserveCapacity(order.count + 1)
        var valueIDs: [Int32] = []
        valueIDs.reserveCapacity(ids.count)
        for record in order {
            for i in Int(offsets[Int(record)])..<Int(offsets[Int(record) + 1]) { valueIDs.append(finalID[Int(ids[i])]) }
            documentOffsets.append(Int32(valueIDs.count))
        }
        return FacetColumn(values: values, layout: .multiple(offsets: documentOffsets, ids: valueIDs))
    }
}

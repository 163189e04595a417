import InstantSearchCore

/// The value of one numeric attribute per document (or per record, while building).
///
/// A column of few distinct values — years, counts, ratings — is stored coded: its distinct
/// values ascending and, per document, the value's id + 1 (0: none) at the narrowest width.
/// 1.7M counts of baby names take 3.4 MB instead of 13.5, and stats can be summed per value.
/// Columns of many distinct values (prices, coordinates) stay plain, NaN for none.
struct NumericColumn: Sendable {
    enum Storage: Sendable {
        case coded(values: [Double], ids: PackedIDs)
        case plain([Double])
    }

    let storage: Storage
    /// A coded column's runs in document order, when few (see `ColumnRuns`): stats count them.
    let runs: ColumnRuns?

    init(storage: Storage) {
        self.storage = storage
        if case .coded(_, let ids) = storage { runs = ColumnRuns(ids) } else { runs = nil }
    }

    /// Most distinct values a coded column holds: ids then fit in two bytes.
    static let codedLimit = Int(UInt16.max)

    var count: Int {
        switch storage {
        case .coded(_, let ids): return ids.count
        case .plain(let values): return values.count
        }
    }

    /// NaN when the document has no value.
    @inline(__always)
    func value(at document: Int) -> Double {
        switch storage {
        case .coded(let values, let ids):
            let id = ids[document]
            return id == 0 ? .nan : values[id - 1]
        case .plain(let values): return values[document]
        }
    }

    /// The same column in another order: `result[i]` is `self[order[i]]`.
    func permuted(by order: [Int32]) -> NumericColumn {
        switch storage {
        case .coded(let values, let ids): return NumericColumn(storage: .coded(values: values, ids: ids.permuted(by: order)))
        case .plain(let values): return NumericColumn(storage: .plain(order.map { values[Int($0)] }))
        }
    }

    /// Whether stored parts fit together: ids name values, which ascend.
    var isConsistent: Bool {
        switch storage {
        case .coded(let values, let ids):
            return zip(values, values.dropFirst()).allSatisfy { $0 < $1 } && ids.largest <= values.count
        case .plain: return true
        }
    }

    static func number(_ value: JSONValue?) -> Double {
        switch value {
        case .number(let n)?: return n
        // A number kept as text ("1999") still filters as a number.
        case .string(let s)?: return Double(s) ?? .nan
        default: return .nan
        }
    }
}

/// Reads a numeric attribute record by record: coded while the distinct values are few enough,
/// plain from the first value past `NumericColumn.codedLimit`.
struct NumericAccumulator {
    private var idOfValue: [Double: Int] = [:]
    private var firstSeen: [Double] = []
    private var ids: PackedIDsBuilder
    private var plain: [Double]?
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        ids = PackedIDsBuilder(capacity: capacity)
    }

    mutating func add(_ value: Double) {
        if plain != nil {
            plain!.append(value)
            return
        }
        if value.isNaN { return ids.append(0) }
        let key = value == 0 ? 0 : value  // -0 and 0 are one value
        if let id = idOfValue[key] { return ids.append(id) }
        guard firstSeen.count < NumericColumn.codedLimit else {
            becomePlain()
            return add(value)
        }
        firstSeen.append(key)
        idOfValue[key] = firstSeen.count
        ids.append(firstSeen.count)
    }

    private mutating func becomePlain() {
        let coded = ids.ids
        var values: [Double] = []
        values.reserveCapacity(capacity)
        for r in 0..<coded.count { values.append(coded[r] == 0 ? .nan : firstSeen[coded[r] - 1]) }
        plain = values
        idOfValue = [:]
        firstSeen = []
        ids = PackedIDsBuilder()
    }

    /// The column in record order, coded ids renumbered so they ascend with the values.
    func column() -> NumericColumn {
        if let plain { return NumericColumn(storage: .plain(plain)) }
        let sortedIDs = firstSeen.indices.sorted { firstSeen[$0] < firstSeen[$1] }
        var mapping = [Int](repeating: 0, count: firstSeen.count + 1)
        for (rank, id) in sortedIDs.enumerated() { mapping[id + 1] = rank + 1 }
        return NumericColumn(storage: .coded(values: sortedIDs.map { firstSeen[$0] }, ids: ids.ids.mapped(mapping)))
    }
}

import InstantSearchCore
import OrderedCollections

/// The records of an index and their ids, by record number.
///
/// Built from values in memory, they are those values. Loaded from a file, they stay compact —
/// a CSV file's cells column by column, or compact JSON text — and a record is built only when
/// shown as a hit (or read while indexing): 1.7M records then cost 15 MB, not 1.7M trees.
public struct RecordStore: Sendable {
    enum Storage: Sendable {
        case memory([JSONValue])
        case packed(PackedStrings)
        case csv(CSVTable)
    }

    let storage: Storage
    /// nil: every record's id is its position (plus `firstID`), which is then not stored at all.
    let ids: PackedStrings?
    /// Without ids, the first record's: 0, or a line's number in its input (lines are numbered
    /// from 1, and header lines come before the first record).
    let firstID: Int

    /// Records without ids yet (`withObjectIDs` adds them once the settings are known).
    init(records: [JSONValue]) {
        self.init(storage: .memory(records), ids: nil)
    }

    init(csv: CSVTable) {
        self.init(storage: .csv(csv), ids: nil)
    }

    init(storage: Storage, ids: PackedStrings?, firstID: Int = 0) {
        self.storage = storage
        self.ids = ids
        self.firstID = ids == nil ? firstID : 0
    }

    /// The same records with these ids (nil: by position, as before).
    func withObjectIDs(_ ids: PackedStrings?) -> RecordStore {
        RecordStore(storage: storage, ids: ids, firstID: firstID)
    }

    public var count: Int {
        switch storage {
        case .memory(let records): return records.count
        case .packed(let records): return records.count
        case .csv(let rows): return rows.count
        }
    }

    public subscript(record: Int) -> JSONValue {
        switch storage {
        case .memory(let records): return records[record]
        case .packed(let records):
            // Written from a parsed value (by the index writer or `packing`), so it parses back.
            return (try? JSONParser.parse(records.bytes(at: record), file: "index")) ?? .null
        case .csv(let rows): return rows.record(record)
        }
    }

    /// One attribute of a record; a CSV row is not made into a whole record for it, which
    /// spares the build an object per row on each of its passes.
    func value(_ attribute: String, of record: Int) -> JSONValue? {
        switch storage {
        case .csv(let table): return table.value(attribute, of: record)
        default: return self[record].value(atPath: attribute)
        }
    }

    /// Per record, an id of its value of `attribute` when the store keeps that attribute as few
    /// distinct values (a CSV column of names, years): equal ids, equal values. nil otherwise.
    func codedCells(_ attribute: String) -> PackedIDs? {
        if case .csv(let table) = storage { return table.codedCells(attribute) }
        return nil
    }

    /// The attribute paths (`AttributePath.paths`) of the first `sample` records: what a named
    /// attribute is checked against. A CSV table's are its header.
    public func attributePaths(sample: Int) -> Set<String> {
        if case .csv(let table) = storage { return Set(table.header) }
        var paths = Set<String>()
        for record in 0..<min(count, sample) { AttributePath.paths(of: self[record], into: &paths) }
        return paths
    }

    /// A table's row as the file had it (`Hit.sourceCells`); nil for records that are JSON.
    func sourceCells(of record: Int) -> OrderedDictionary<String, String>? {
        if case .csv(let table) = storage { return table.cells(record) }
        return nil
    }

    public func objectID(of record: Int) -> String {
        ids?.string(at: record) ?? String(record + firstID)
    }
}

/// Many strings as one byte buffer and their end offsets: two allocations instead of millions.
struct PackedStrings: Sendable {
    let bytes: [UInt8]
    /// `ends[i]` is where string i ends; it starts where string i-1 ends (or at 0).
    let ends: [Int64]

    var count: Int { ends.count }

    init(bytes: [UInt8], ends: [Int64]) {
        self.bytes = bytes
        self.ends = ends
    }

    init(_ strings: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int64] = []
        ends.reserveCapacity(strings.count)
        for s in strings {
            bytes.append(contentsOf: s.utf8)
            ends.append(Int64(bytes.count))
        }
        self.bytes = bytes
        self.ends = ends
    }

    func range(at i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(ends[i - 1]))..<Int(ends[i])
    }

    func bytes(at i: Int) -> [UInt8] { Array(bytes[range(at: i)]) }

    func string(at i: Int) -> String { String(decoding: bytes[range(at: i)], as: UTF8.self) }
}

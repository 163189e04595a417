import InstantSearchCore

/// The records of an index and their ids, by record number.
///
/// Built in memory, they are the parsed values. Opened from an index file, they stay as the
/// file's compact JSON text and a record is parsed only when shown as a hit: opening 1.7M
/// records then costs a read, not 1.7M allocations.
public struct RecordStore: Sendable {
    private enum Storage: Sendable {
        case memory([JSONValue], objectIDs: [String])
        case packed(records: PackedStrings, objectIDs: PackedStrings)
    }

    private let storage: Storage

    init(records: [JSONValue], objectIDs: [String]) {
        storage = .memory(records, objectIDs: objectIDs)
    }

    init(packedRecords: PackedStrings, objectIDs: PackedStrings) {
        storage = .packed(records: packedRecords, objectIDs: objectIDs)
    }

    public var count: Int {
        switch storage {
        case .memory(let records, _): return records.count
        case .packed(let records, _): return records.count
        }
    }

    public subscript(record: Int) -> JSONValue {
        switch storage {
        case .memory(let records, _): return records[record]
        case .packed(let records, _):
            // Written by the index writer from a parsed value, so it parses back.
            return (try? JSONParser.parse(records.bytes(at: record), file: "index")) ?? .null
        }
    }

    public func objectID(of record: Int) -> String {
        switch storage {
        case .memory(_, let ids): return ids[record]
        case .packed(_, let ids): return ids.string(at: record)
        }
    }

    /// Every record's JSON text and id, for the index writer.
    func packed() -> (records: PackedStrings, objectIDs: PackedStrings) {
        switch storage {
        case .packed(let records, let ids): return (records, ids)
        case .memory(let records, let ids):
            return (PackedStrings(records.map { $0.serialized() }), PackedStrings(ids))
        }
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

import InstantSearchCore

/// How an index file holds its records: a CSV table as its columns (as compact as in memory),
/// any other records as compact JSON text; ids only when they are not the records' positions.
extension RecordStore {
    private enum Kind: UInt64 {
        case json = 0
        case csv = 1
    }

    func write(to out: inout BinaryWriter) throws {
        switch storage {
        case .csv(let table):
            try out.write(Kind.csv.rawValue)
            try table.write(to: &out)
        case .packed(let records):
            try out.write(Kind.json.rawValue)
            try out.write(packed: records)
        case .memory(let records):
            try out.write(Kind.json.rawValue)
            try out.write(packed: PackedStrings(records.map { $0.serialized() }))
        }
        // 0: ids are positions; 1: packed ids; 2: positions from `firstID`.
        if let ids {
            try out.write(1)
            try out.write(packed: ids)
        } else if firstID != 0 {
            try out.write(2)
            try out.write(UInt64(firstID))
        } else {
            try out.write(0)
        }
    }

    static func read(from input: inout BinaryReader) throws -> RecordStore? {
        let storage: Storage
        switch Kind(rawValue: try input.readUInt64()) {
        case .json?: storage = .packed(try input.readPacked())
        case .csv?:
            guard let table = try CSVTable.read(from: &input) else { return nil }
            storage = .csv(table)
        case nil: return nil
        }
        switch try input.readUInt64() {
        case 0: return RecordStore(storage: storage, ids: nil)
        case 1: return RecordStore(storage: storage, ids: try input.readPacked())
        case 2:
            let first = try input.readUInt64()
            guard first <= UInt64(Int32.max) else { return nil }
            return RecordStore(storage: storage, ids: nil, firstID: Int(first))
        default: return nil
        }
    }
}

extension CSVTable {
    func write(to out: inout BinaryWriter) throws {
        try out.write(packed: PackedStrings(header))
        try out.write(array: numeric.map { UInt8($0 ? 1 : 0) })
        try out.write(UInt64(count))
        for column in columns {
            switch column {
            case .dictionary(let texts, let numbers, let ids):
                try out.write(0)
                try out.write(packed: PackedStrings(texts))
                try out.write(array: numbers ?? [])
                try out.write(ids: ids)
            case .text(let bytes, let ends):
                // As in memory: two bytes an end where they fit (2), else four (1).
                let stored = ends.stored
                try out.write(stored.whole == nil ? 2 : 1)
                try out.write(array: bytes)
                if let whole = stored.whole {
                    try out.write(array: whole)
                } else {
                    try out.write(array: stored.bases)
                    try out.write(array: stored.offsets)
                }
            }
        }
    }

    /// nil when the parts do not fit together.
    static func read(from input: inout BinaryReader) throws -> CSVTable? {
        let header = try input.readPacked()
        let flags: [UInt8] = try input.readArray()
        let count = try input.readCount(atMost: Int(Int32.max))  // documents are Int32s
        guard flags.count == header.count, flags.allSatisfy({ $0 <= 1 }) else { return nil }
        let numeric = flags.map { $0 == 1 }
        var columns: [CSVColumn] = []
        for column in 0..<header.count {
            switch try input.readUInt64() {
            case 0:
                let packed = try input.readPacked()
                let texts = (0..<packed.count).map { packed.string(at: $0) }
                let numbers: [Double] = try input.readArray()
                let ids = try input.readIDs()
                guard ids.count == count, numbers.count == (numeric[column] ? texts.count : 0),
                    ids.largest <= texts.count
                else { return nil }
                columns.append(.dictionary(texts: texts, numbers: numeric[column] ? numbers : nil, ids: ids))
            case let kind where kind == 1 || kind == 2:
                let bytes: [UInt8] = try input.readArray()
                let ends =
                    kind == 1
                    ? TextEnds(whole: try input.readArray(), count: count, length: bytes.count)
                    : TextEnds(bases: try input.readArray(), offsets: try input.readArray(), count: count, length: bytes.count)
                guard let ends else { return nil }
                columns.append(.text(bytes: bytes, ends: ends))
            default: return nil
            }
        }
        return CSVTable(header: (0..<header.count).map { header.string(at: $0) }, numeric: numeric, count: count, columns: columns)
    }
}

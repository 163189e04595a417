/// Which record each document is: documents are numbered in custom-ranking order, and only the
/// hits shown (a page of them) are looked up, so the order is kept at three bytes a document
/// while there are fewer than 2^24 records (10M records: 30 MB instead of 40), four beyond.
/// Without custom ranking document d is record d, and nothing is kept (plain lines: 5 MB less
/// at 1.69M lines).
struct RecordOrder: Sendable, Equatable {
    /// Each record, little-endian, in `width` bytes (none for the identity).
    let bytes: [UInt8]
    /// 3 or 4; 0 for the identity.
    let width: Int
    let count: Int

    /// Document d is record d.
    init(identity count: Int) {
        (bytes, width, self.count) = ([], 0, count)
    }

    init(_ records: [Int32]) {
        count = records.count
        width = records.count <= 1 << 24 ? 3 : 4
        let width = width
        bytes = [UInt8](unsafeUninitializedCapacity: records.count * width) { bytes, initialized in
            for (document, record) in records.enumerated() {
                var value = UInt32(bitPattern: record)
                for offset in 0..<width {
                    bytes[document * width + offset] = UInt8(truncatingIfNeeded: value)
                    value >>= 8
                }
            }
            initialized = records.count * width
        }
    }

    /// As an index file holds it; nil when the width is not 0, 3 or 4 or the bytes are not
    /// `count` whole records.
    init?(bytes: [UInt8], width: Int, count: Int) {
        guard width == 0 || width == 3 || width == 4, bytes.count == width * count else { return nil }
        (self.bytes, self.width, self.count) = (bytes, width, count)
    }

    subscript(document: Int) -> Int {
        if width == 0 { return document }
        let start = document * width
        var record = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16
        if width == 4 { record |= Int(bytes[start + 3]) << 24 }
        return record
    }

    /// Every document names a record below `count` (an index file's order, before it is trusted).
    func isConsistent(recordCount: Int) -> Bool {
        count == recordCount && (width == 0 || (0..<count).allSatisfy { self[$0] < recordCount })
    }
}

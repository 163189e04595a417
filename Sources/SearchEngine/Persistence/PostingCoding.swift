/// Posting lists as an index file keeps them. In memory a posting takes 8 bytes (record,
/// attribute, position), which made postings the largest part of an index entry: the 886k-row
/// PyPI list's 13 million postings alone took 100 MB on disk. In the file each posting is three
/// LEB128 varints — the gap from the previous posting's record in its list (a term's list is
/// ordered by record, so the gap is small where the word is common), the attribute, and the
/// word's position with the whole-value mark as its lowest bit — mostly 3 or 4 bytes.
enum PostingCoding {
    static func encode(_ postings: [Posting], offsets: [Int]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(postings.count * 4)
        func append(_ value: UInt32) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }
        for term in 0..<max(0, offsets.count - 1) {
            var previous: Int32 = 0
            for posting in postings[offsets[term]..<offsets[term + 1]] {
                append(UInt32(posting.record - previous))
                previous = posting.record
                append(UInt32(posting.attribute))
                append(UInt32(posting.wordPosition) << 1 | (posting.isWholeValue ? 1 : 0))
            }
        }
        return bytes
    }

    /// The postings, or nil when the bytes do not decode to exactly `offsets.last` postings of
    /// records below `documentCount` (checked before anything is allocated for them).
    static func decode(_ bytes: [UInt8], offsets: [Int64], documentCount: Int) -> [Posting]? {
        guard let total = offsets.last, total >= 0, total <= Int64(bytes.count / 3) else { return nil }
        var postings: [Posting] = []
        postings.reserveCapacity(Int(total))
        let complete = bytes.withUnsafeBufferPointer { bytes -> Bool in
            var at = 0
            func next(atMost limit: UInt32) -> UInt32? {
                var value: UInt32 = 0
                var shift: UInt32 = 0
                while at < bytes.count, shift < 35 {
                    let byte = bytes[at]
                    at += 1
                    value |= UInt32(byte & 0x7F) << shift
                    if byte < 0x80 { return value <= limit ? value : nil }
                    shift += 7
                }
                return nil
            }
            for term in 0..<max(0, offsets.count - 1) {
                var record = 0
                for _ in offsets[term]..<offsets[term + 1] {
                    guard let gap = next(atMost: UInt32(Int32.max)), let attribute = next(atMost: UInt32(UInt16.max)),
                        let position = next(atMost: UInt32(Posting.maxPosition) << 1 | 1)
                    else { return false }
                    record += Int(gap)
                    guard record < documentCount else { return false }
                    postings.append(
                        Posting(
                            record: Int32(record), attribute: UInt16(attribute),
                            position: UInt16(position >> 1) | (position & 1 == 1 ? Posting.wholeValueBit : 0)))
                }
            }
            return at == bytes.count
        }
        return complete ? postings : nil
    }
}

/// Ready-merged matches for one- and two-byte prefixes — what the first keystrokes of every
/// query ask for. "a" alone starts thousands of terms, and a plot summary holds dozens of
/// them, so merging their postings on the keystroke would gather and sort a million pairs.
/// Built once, like FTS5's `prefix='1 2'` indexes: per prefix, one `(document, cell)` pair per
/// document, the cell being the best match among its terms, kept compressed (`PrefixList`).
struct PrefixLists: Sendable {
    static let maxLength = 2
    private let lists: [UInt32: PrefixList]

    static func key(_ bytes: some Collection<UInt8>) -> UInt32? {
        guard (1...maxLength).contains(bytes.count) else { return nil }
        return bytes.reduce(UInt32(bytes.count) << 24) { $0 << 8 | UInt32($1) }
    }

    func list(for word: [UInt8]) -> PrefixList? {
        PrefixLists.key(word).flatMap { lists[$0] }
    }

    init(lists: [UInt32: PrefixList]) {
        self.lists = lists
    }

    /// Every list, by key, for the index writer.
    var all: [(key: UInt32, list: PrefixList)] {
        lists.keys.sorted().map { ($0, lists[$0]!) }
    }

    init(dictionary: TermDictionary, documentCount: Int) {
        var lists: [UInt32: PrefixList] = [:]
        let count = dictionary.termCount
        for length in 1...PrefixLists.maxLength {
            var start = 0
            while start < count {
                // The run of terms sharing this term's first `length` bytes.
                guard dictionary.length(ofTerm: start) >= length else { start += 1; continue }
                let from = Int(dictionary.starts[start])
                let prefix = dictionary.bytes[from..<from + length]
                var end = start + 1
                while end < count, Int(dictionary.sharedPrefix[end]) >= length { end += 1 }
                // A single term's own postings serve as well; only merged runs are stored.
                if end - start > 1, let key = PrefixLists.key(prefix) {
                    var pairs: [UInt64] = []
                    for term in start..<end {
                        let exact = dictionary.length(ofTerm: term) == length
                        for posting in dictionary.postings(ofTerm: term) {
                            let cell = TextMatcher.cell(typos: 0, posting: posting, exact: exact)
                            pairs.append(UInt64(UInt32(bitPattern: posting.record)) << 32 | UInt64(cell))
                        }
                    }
                    RadixSort.sortByDocument(&pairs, documentCount: documentCount)
                    var kept = 0
                    for pair in pairs {
                        if kept > 0, pairs[kept - 1] >> 32 == pair >> 32 {
                            if pair < pairs[kept - 1] { pairs[kept - 1] = pair }
                        } else {
                            pairs[kept] = pair
                            kept += 1
                        }
                    }
                    pairs.removeLast(pairs.count - kept)
                    lists[key] = PrefixList(pairs: pairs)
                }
                start = end
            }
        }
        self.lists = lists
    }
}

/// One prefix's `(document << 32 | cell)` pairs, sorted by document, in about two bytes a
/// pair instead of eight: documents as gaps from the previous one (LEB128 varints, mostly one
/// byte, since a short prefix covers many documents), cells as ids into the list's few
/// distinct cells. On 1.7M baby names that is 5 MB of lists instead of 18.
struct PrefixList: Sendable {
    let count: Int
    let gaps: [UInt8]
    let cells: PackedIDs
    let palette: [UInt32]

    init(count: Int, gaps: [UInt8], cells: PackedIDs, palette: [UInt32]) {
        self.count = count
        self.gaps = gaps
        self.cells = cells
        self.palette = palette
    }

    /// `pairs` sorted by document, one per document.
    init(pairs: [UInt64]) {
        var gaps: [UInt8] = []
        gaps.reserveCapacity(pairs.count)
        var idOfCell: [UInt32: Int] = [:]
        var palette: [UInt32] = []
        var cells = PackedIDsBuilder(capacity: pairs.count)
        var previous: UInt64 = 0
        for pair in pairs {
            var gap = (pair >> 32) - previous
            previous = pair >> 32
            while gap >= 0x80 {
                gaps.append(UInt8(gap & 0x7F) | 0x80)
                gap >>= 7
            }
            gaps.append(UInt8(gap))
            let cell = UInt32(truncatingIfNeeded: pair)
            if let id = idOfCell[cell] {
                cells.append(id)
            } else {
                idOfCell[cell] = palette.count
                cells.append(palette.count)
                palette.append(cell)
            }
        }
        self.init(count: pairs.count, gaps: gaps, cells: cells.ids, palette: palette)
    }

    /// The pairs again, only those of documents in `keepOnly` when given.
    func pairs(keepOnly: SurvivorSet?) -> [UInt64] {
        switch cells {
        case .u8(let ids): return decode(ids, keepOnly: keepOnly)
        case .u16(let ids): return decode(ids, keepOnly: keepOnly)
        case .u32(let ids): return decode(ids, keepOnly: keepOnly)
        }
    }

    private func decode<T: FixedWidthInteger>(_ ids: [T], keepOnly: SurvivorSet?) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: count) { result, initialized in
            var kept = 0
            palette.withUnsafeBufferPointer { palette in
                forEachDocument(ids) { _, document, id in
                    // Written always, kept (the count advanced) only for a survivor: no branch.
                    result[kept] = UInt64(document) << 32 | UInt64(palette[id])
                    kept &+= keepOnly?.bit(document) ?? 1
                }
            }
            initialized = kept
        }
    }

    /// The documents alone, ascending: what a query's records are when it matches exactly this
    /// list (`KnownAggregates`), without the pairs' cells.
    func documents() -> [Int32] {
        switch cells {
        case .u8(let ids): return documents(ids)
        case .u16(let ids): return documents(ids)
        case .u32(let ids): return documents(ids)
        }
    }

    private func documents<T: FixedWidthInteger>(_ ids: [T]) -> [Int32] {
        guard count > 0 else { return [] }
        return [Int32](unsafeUninitializedCapacity: count) { documents, initialized in
            forEachDocument(ids) { i, document, _ in documents[i] = Int32(truncatingIfNeeded: document) }
            initialized = count
        }
    }

    /// A one-word query's matches on this prefix: the documents and their keys, read straight
    /// from the compressed list. Keys are an OR of the cell's criteria and the document, so each
    /// distinct cell is keyed once and every document costs an OR.
    func matches(_ keys: OneWordKeys) -> TextMatches {
        let keyOfCell = palette.map { keys.key($0, document: 0) }
        switch cells {
        case .u8(let ids): return matches(ids, keyOfCell: keyOfCell)
        case .u16(let ids): return matches(ids, keyOfCell: keyOfCell)
        case .u32(let ids): return matches(ids, keyOfCell: keyOfCell)
        }
    }

    private func matches<T: FixedWidthInteger>(_ ids: [T], keyOfCell: [UInt64]) -> TextMatches {
        var records: [Int32] = []
        let keys = [UInt64](unsafeUninitializedCapacity: count) { keys, initialized in
            records = [Int32](unsafeUninitializedCapacity: count) { records, recordCount in
                forEachDocument(ids) { i, document, id in
                    records[i] = Int32(truncatingIfNeeded: document)
                    keys[i] = keyOfCell[id] | UInt64(document) & RankingKey.customMask
                }
                recordCount = count
            }
            initialized = count
        }
        return TextMatches(records: records, keys: keys)
    }

    /// Calls `body` with each pair's place, document and cell id, in document order.
    @inline(__always)
    private func forEachDocument<T: FixedWidthInteger>(_ ids: [T], _ body: (Int, Int, Int) -> Void) {
        gaps.withUnsafeBufferPointer { gaps in
            ids.withUnsafeBufferPointer { ids in
                var at = 0
                var document = 0
                for i in 0..<count {
                    var shift = 0
                    var byte = gaps[at]
                    while byte & 0x80 != 0 {
                        document &+= Int(byte & 0x7F) &<< shift
                        shift &+= 7
                        at &+= 1
                        byte = gaps[at]
                    }
                    document &+= Int(byte) &<< shift
                    at &+= 1
                    body(i, document, Int(ids[i]))
                }
            }
        }
    }

    /// Whether stored parts fit together (an index file): as many cells as pairs, each naming
    /// a palette entry, and gaps that decode to exactly `count` documents, ascending (one pair
    /// per document: the matcher writes one slot per document unchecked) and below `documentCount`.
    func isConsistent(documentCount: Int) -> Bool {
        guard cells.count == count, cells.largest < palette.count else { return false }
        var decoded = 0
        var document = 0
        var gap = 0
        var shift = 0
        for byte in gaps {
            gap |= Int(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                guard shift < 35 else { return false }
            } else {
                guard decoded == 0 || gap > 0 else { return false }
                document += gap
                guard document < documentCount else { return false }
                decoded += 1
                gap = 0
                shift = 0
            }
        }
        return decoded == count && shift == 0
    }
}

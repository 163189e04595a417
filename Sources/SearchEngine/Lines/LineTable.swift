import InstantSearchCore

/// The lines of a line index as the scanner reads them: their bytes back to back (as they came
/// in, invalid UTF-8 included), where each ends, a mask per line of the characters it holds,
/// and per word of 64 lines what its lines allow at best. `masks` is the prefilter that skips a
/// line lacking one of a term's characters without reading it; `words` bounds the scores of a
/// word's lines without reading them (see `LineScan`).
/// The ends take 2 bytes a line where they can (`TextEnds`). A mask is 32 bits, 4 bytes a line
/// (kept as columns, `LineMasks`): a bit per letter, one per pair of digits, one for anything
/// outside ASCII (punctuation and spaces have none: they never rule a line out).
struct LineTable: Sendable {
    let bytes: [UInt8]
    let ends: TextEnds
    let masks: LineMasks
    /// Per word of 64 lines (`LineSet.wordLines`), what its lines allow at best: a scan asks it
    /// whether any of them could reach the page before it reads a line's own mask and length,
    /// and bounds each line's score with its white starts. Kept per line too, they took 4 bytes
    /// a line (40 MB at 10M lines) and made no key faster, on names or on paths.
    let words: [Word]

    /// The masks of a word's lines OR-ed, the letters and digits that start one of its lines or
    /// follow white space in it (the places that earn the default scheme's largest bonus) as
    /// masks have them, and the length of its shortest line.
    struct Word: Sendable {
        var mask: UInt32 = 0
        /// With `whiteEdgeBit` when a line starts or ends with white space (its trimmed length
        /// is then shorter than its length).
        var whiteStarts: UInt32 = 0
        var shortest = UInt32.max
    }

    var count: Int { ends.count }

    /// A bit for characters outside ASCII: such a line is always read (a folded `é` matches `e`).
    static let nonASCIIBit: UInt32 = 1 << 31
    /// In `whiteStarts`: a line starts or ends with white space.
    static let whiteEdgeBit: UInt32 = 1 << 31

    /// `cores`: the most the masks are made on (`LineFilter` makes each chunk's on one).
    init(bytes: [UInt8], ends: TextEnds, cores: Int = Parallel.cores) {
        self.bytes = bytes
        self.ends = ends
        // Made on every core, each part writing its own words' lines: a pass over every byte,
        // the longest part of opening lines.
        let lineCount = ends.count
        let wordCount = (lineCount + LineSet.wordLines - 1) / LineSet.wordLines
        var masks: LineMasks?
        words = [Word](unsafeUninitializedCapacity: wordCount) { summaries, initialized in
            let firstSummary = summaries.baseAddress
            masks = LineMasks(lineCount: lineCount, cores: cores) { word, columns in
                Self.byteBits.withUnsafeBufferPointer { byteBits in
                    bytes.withUnsafeBufferPointer { bytes in
                        ends.withReader { ends in
                            var summary = Word()
                            let firstLine = word * LineSet.wordLines
                            for line in firstLine..<min(lineCount, firstLine + LineSet.wordLines) {
                                let range = ends.start(line)..<ends.end(line)
                                let (mask, starts) = Self.masks(of: range, bytes, byteBits.baseAddress!)
                                LineMasks.add(mask, line: line - firstLine, to: columns)
                                summary.mask |= mask
                                summary.whiteStarts |= starts
                                summary.shortest = min(summary.shortest, UInt32(range.count))
                            }
                            (firstSummary! + word).initialize(to: summary)
                        }
                    }
                }
            }
            initialized = wordCount
        }
        self.masks = masks!
    }

    /// A line's mask, and its white starts (`Word.whiteStarts`): each byte looked up once in
    /// `byteBits`, with no branch (a branch per byte made opening 10M lines take 0.7–1 s).
    @inline(__always)
    private static func masks(
        of range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, _ byteBits: UnsafePointer<UInt64>
    ) -> (mask: UInt32, whiteStarts: UInt32) {
        var mask: UInt32 = 0
        var starts: UInt32 = 0
        // What the next byte's bit adds to the white starts: all of it but the bit for
        // non-ASCII after white space (and at the line's start), nothing elsewhere.
        var startGate = ~nonASCIIBit
        for i in range {
            let entry = byteBits[Int(bytes[i])]
            let bit = UInt32(truncatingIfNeeded: entry)
            mask |= bit
            starts |= bit & startGate
            startGate = UInt32(truncatingIfNeeded: entry >> 32)
        }
        if let first = range.first, isWhite(bytes[first]) || isWhite(bytes[range.upperBound - 1]) { starts |= whiteEdgeBit }
        return (mask, starts)
    }

    /// Per byte: its mask bit (`bit`, a UTF-8 lead or continuation byte giving the non-ASCII
    /// bit) in the low half, and in the high half the gate of the byte after it: the white
    /// starts' bits (all but the non-ASCII one) after white space, none after anything else.
    private static let byteBits: [UInt64] = (0..<256).map { byte in
        UInt64(bit(UInt32(byte))) | (isWhite(UInt8(byte)) ? UInt64(~nonASCIIBit) << 32 : 0)
    }

    /// White space as the scorer's classes have it (space, tab, line feed, VT, form feed, CR).
    @inline(__always) static func isWhite(_ byte: UInt8) -> Bool { byte == 0x20 || byte &- 0x09 < 5 }

    /// The lines of a store: a line file's text column as it is, else each record's `line`.
    init(store: RecordStore) {
        if case .csv(let table) = store.storage, table.header == [LineRecords.attribute],
            case .text(let bytes, let ends) = table.columns[0]
        {
            self.init(bytes: bytes, ends: ends)
            return
        }
        var bytes: [UInt8] = []
        var ends = TextEnds()
        for record in 0..<store.count {
            if case .string(let line)? = store.value(LineRecords.attribute, of: record) { bytes += line.utf8 }
            ends.append(bytes.count)
        }
        self.init(bytes: bytes, ends: ends)
    }

    /// Letters (either case) have a bit each, digits one a pair (0–1, 2–3, …), other ASCII
    /// none; everything else shares one.
    @inline(__always) static func bit(_ c: UInt32) -> UInt32 {
        switch c {
        case 0x61...0x7A: return 1 << (c - 0x61)
        case 0x41...0x5A: return 1 << (c - 0x41)
        case 0x30...0x39: return 1 << (26 + (c - 0x30) / 2)
        case 0..<0x80: return 0
        default: return nonASCIIBit
        }
    }

    func range(of line: Int) -> Range<Int> { ends.range(of: line) }

    /// The line shown: invalid UTF-8 as U+FFFD.
    func text(of line: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(of: line)]), as: UTF8.self) }
    }

    /// The same lines made into others (`--with-nth`), line for line.
    func transformed(_ transform: (String, Int) -> String) -> LineTable {
        var bytes: [UInt8] = []
        var ends = TextEnds()
        ends.reserveCapacity(count)
        for line in 0..<count {
            bytes += transform(text(of: line), line).utf8
            ends.append(bytes.count)
        }
        return LineTable(bytes: bytes, ends: ends)
    }

    /// The line's bytes exactly as they came in.
    func originalBytes(of line: Int) -> [UInt8] { Array(bytes[range(of: line)]) }
}

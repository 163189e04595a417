import CLineScan

/// Where each of a column's texts ends in its bytes (the next one starts there): two bytes a
/// text where they fit — the start of each group of 64 texts, and each end as an offset from
/// it — else four. Plain lines are short, so their ends take half the memory (3.3 MB less at
/// 1.69M lines, 20 MB at 10M); one group longer than 64 KB keeps every end whole.
struct TextEnds: Sendable {
    /// Packed: where each group of `groupSize` texts starts.
    private var bases: [UInt32] = []
    /// Packed: each text's end less its group's base.
    private var offsets: [UInt16] = []
    /// Once a group outgrows 16-bit offsets: every end as it is.
    private var whole: [UInt32]?
    private var lastEnd = 0

    static let groupShift = 6
    static let groupSize = 1 << groupShift

    init() {}

    init(_ ends: some Collection<UInt32>) {
        reserveCapacity(ends.count)
        for end in ends { append(Int(end)) }
    }

    /// As an index file holds them (the version it has in memory, packed or whole); nil unless
    /// `count` ends ascend, from 0, to `length`.
    init?(bases: [UInt32], offsets: [UInt16], count: Int, length: Int) {
        guard offsets.count == count, bases.count == (count + Self.groupSize - 1) >> Self.groupShift else { return nil }
        var end = 0
        for (group, base) in bases.enumerated() {
            guard Int(base) == end else { return nil }
            for text in group << Self.groupShift..<Swift.min(count, (group + 1) << Self.groupShift) {
                guard Int(base) + Int(offsets[text]) >= end else { return nil }
                end = Int(base) + Int(offsets[text])
            }
        }
        guard end == length else { return nil }
        (self.bases, self.offsets, lastEnd) = (bases, offsets, end)
    }

    init?(whole: [UInt32], count: Int, length: Int) {
        guard whole.count == count, (whole.last.map { Int($0) } ?? 0) == length, zip(whole, whole.dropFirst()).allSatisfy({ $0 <= $1 })
        else { return nil }
        (self.whole, lastEnd) = (whole, length)
    }

    /// The arrays an index file keeps: `whole`, else `bases` and `offsets`.
    var stored: (whole: [UInt32]?, bases: [UInt32], offsets: [UInt16]) { (whole, bases, offsets) }

    var count: Int { whole?.count ?? offsets.count }
    /// Two bytes a text (every group shorter than 64 KB so far).
    var isPacked: Bool { whole == nil }

    mutating func reserveCapacity(_ capacity: Int) {
        if whole != nil { return whole!.reserveCapacity(capacity) }
        offsets.reserveCapacity(capacity)
        bases.reserveCapacity((capacity + Self.groupSize - 1) >> Self.groupShift)
    }

    /// The next text ends at `end` (no less than the last end, below 4 GB).
    mutating func append(_ end: Int) {
        defer { lastEnd = end }
        if whole != nil { return whole!.append(UInt32(end)) }
        if offsets.count & (Self.groupSize - 1) == 0 { bases.append(UInt32(lastEnd)) }
        let offset = end - Int(bases[bases.count - 1])
        guard offset <= Int(UInt16.max) else {
            whole = map { UInt32($0) } + [UInt32(end)]
            (bases, offsets) = ([], [])
            return
        }
        offsets.append(UInt16(offset))
    }

    subscript(text: Int) -> Int {
        precondition(text >= 0 && text < count, "no text \(text) of \(count)")
        return withReader { $0.end(text) }
    }

    func range(of text: Int) -> Range<Int> {
        precondition(text >= 0 && text < count, "no text \(text) of \(count)")
        return withReader { $0.start(text)..<$0.end(text) }
    }

    /// The ends read through pointers, for loops over millions of lines.
    func withReader<Result>(_ body: (Reader) throws -> Result) rethrows -> Result {
        if let whole { return try whole.withUnsafeBufferPointer { try body(Reader(whole: $0.baseAddress, bases: nil, offsets: nil)) } }
        return try bases.withUnsafeBufferPointer { bases in
            try offsets.withUnsafeBufferPointer { try body(Reader(whole: nil, bases: bases.baseAddress, offsets: $0.baseAddress)) }
        }
    }

    struct Reader {
        let whole: UnsafePointer<UInt32>?
        let bases: UnsafePointer<UInt32>?
        let offsets: UnsafePointer<UInt16>?

        @inline(__always) func end(_ text: Int) -> Int {
            if let offsets { return Int(bases.unsafelyUnwrapped[text &>> TextEnds.groupShift]) &+ Int(offsets[text]) }
            return Int(whole.unsafelyUnwrapped[text])
        }

        @inline(__always) func start(_ text: Int) -> Int { text == 0 ? 0 : end(text &- 1) }

        /// Asks the processor for the cache lines holding where `text` ends, to be read soon.
        @inline(__always) func prefetch(_ text: Int) {
            if let offsets {
                cprefetch(offsets + text)
                cprefetch(bases.unsafelyUnwrapped + text &>> TextEnds.groupShift)
            } else {
                cprefetch(whole.unsafelyUnwrapped + text)
            }
        }
    }
}

extension TextEnds: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}

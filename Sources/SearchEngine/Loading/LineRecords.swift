import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Plain text as records, the way fzf reads its input: each line is `{"line": TEXT}`,
/// identified by its line number; a line ends at LF (NUL with `--read0`) and keeps every other
/// byte, a CR or a byte-order mark too; a blank line is a line. Kept as one column of text, so
/// a million lines cost their bytes and an offset each.
enum LineRecords {
    static let attribute = "line"

    /// What a line-mode index searches and shows: the line, nothing to refine by.
    static let settings = IndexSettings(
        searchableAttributes: [attribute], attributesForFaceting: [], disjunctiveFacets: [],
        numericAttributesForFiltering: [], customRanking: [], displayAttributes: [attribute])

    /// The line settings with the relevance settings given (`typoTolerance`, synonyms…): they
    /// apply to lines as to any records.
    static func settings(keepingRelevanceOf given: IndexSettings) -> IndexSettings {
        var settings = settings
        settings.relevance = given.relevance
        return settings
    }

    struct Table {
        let store: RecordStore
        var records: [JSONValue] { (0..<store.count).map { store[$0] } }
    }

    /// Lines are taken as fzf takes them: a byte that is not UTF-8 is kept (shown as U+FFFD,
    /// printed as it was when picked), never a reason to refuse the input. A NUL byte is binary
    /// data, refused unless `--lenient` — or unless NUL is what ends lines (`--read0`). A line
    /// longer than `options.maxRecordBytes` is refused too, or with `--lenient` skipped and
    /// counted. The first `options.headerLines` lines are the header, not records (their
    /// numbers are still counted, so a line's id is its place in the input).
    ///
    /// The lines' text is the input less its line ends, written over the input
    /// itself (each line moved down to where the last one ended): given an input nobody else
    /// holds, the table takes no second copy of it.
    static func table(_ bytes: consuming [UInt8], file: String, options: LoadOptions = .strict) throws -> Table {
        guard bytes.count < Int(Int32.max) else {
            throw DataError(file: file, message: "text larger than 2 GB is not supported")
        }
        if !options.lenient && options.lineSeparator == .newline {
            try bytes.withUnsafeBufferPointer { try TextCheck.requireNoNUL($0, file: file, lines: LineIndex()) }
        }
        var text = consume bytes
        var length = 0
        var ends = TextEnds()
        // Each line's id is its number in the input: kept as the first one alone while the
        // numbers follow each other, written into one buffer from the first gap (a line skipped).
        var numbers = LineNumbers()
        var number = 1
        var log = SkipLog(options: options, file: file)
        var cutOut = options.skippedBefore.lines[...]
        try text.withUnsafeMutableBufferPointer { buffer in
            try forEachLine(UnsafeBufferPointer(buffer), separator: options.lineSeparator) { range in
                if cutOut.first == number {
                    // Cut out as it arrived, and counted then: only its line end is left.
                    cutOut.removeFirst()
                } else if range.count > options.maxRecordBytes {
                    try log.skip(DataError(file: file, line: number, column: 1, message: InputGuard.recordTooLong(options.maxRecordBytes)))
                } else if number > options.headerLines {
                    // Down, never past where the scan reads next: the copy may overlap itself.
                    memmove(buffer.baseAddress! + length, buffer.baseAddress! + range.lowerBound, range.count)
                    length += range.count
                    ends.append(length)
                    numbers.add(number)
                }
                number += 1
                return true
            }
        }
        log.finish()
        text.removeLast(text.count - length)
        text.returnPagesPastTheEnd()
        let table = CSVTable(
            header: [attribute], numeric: [false], count: ends.count, columns: [.text(bytes: text, ends: ends)])
        return Table(store: RecordStore(storage: .csv(table), ids: numbers.packed, firstID: numbers.first ?? 0))
    }

    /// fzf's `--header-lines`: the first `options.headerLines` lines of `bytes` (fewer when the
    /// data has fewer), as they came in; with `--tac` too, they are the input's first.
    static func header(_ bytes: [UInt8], options: LoadOptions) -> [[UInt8]] {
        var header: [[UInt8]] = []
        guard options.headerLines > 0 else { return header }
        bytes.withUnsafeBufferPointer { bytes in
            forEachLine(bytes, separator: options.lineSeparator) { range in
                header.append(Array(bytes[range]))
                return header.count < options.headerLines
            }
        }
        return header
    }

    /// Whether the data holds its whole header: that many line ends have arrived (or `atEnd`).
    static func holdsHeader(_ bytes: [UInt8], options: LoadOptions, atEnd: Bool) -> Bool {
        guard options.headerLines > 0, !atEnd else { return true }
        var ends = 0
        for byte in bytes {
            if byte == (options.lineSeparator == .nul ? 0 : UInt8(ascii: "\n")) { ends += 1 }
            if ends >= options.headerLines { return true }
        }
        return false
    }

    /// Calls `body` with each line (its end left out) until it returns false: what lies before
    /// each LF (each NUL with `.nul`), and after the last one when anything does, as fzf reads.
    static func forEachLine(
        _ bytes: UnsafeBufferPointer<UInt8>, separator: LoadOptions.LineSeparator, _ body: (Range<Int>) throws -> Bool
    ) rethrows {
        guard let base = bytes.baseAddress else { return }
        let end = Int32(separator == .nul ? 0 : UInt8(ascii: "\n"))
        var start = 0
        while start < bytes.count {
            let found = memchr(base + start, end, bytes.count - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
            guard try body(start..<(found ?? bytes.count)) else { return }
            start = (found ?? bytes.count) + 1
        }
    }
}

/// The numbers of the lines kept, as ids: while they follow each other only the first is
/// kept (10M lines' ids would otherwise take some 150 MB); from the first gap on, every one
/// is written into one buffer.
private struct LineNumbers {
    private(set) var first: Int?
    private var count = 0
    private var bytes: [UInt8] = []
    private var ends: [Int64] = []
    private var gapped = false

    mutating func add(_ number: Int) {
        let start = first ?? number
        first = start
        if !gapped && number != start + count {
            gapped = true
            for earlier in start..<start + count { append(earlier) }
        }
        if gapped { append(number) }
        count += 1
    }

    private mutating func append(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
        ends.append(Int64(bytes.count))
    }

    /// nil while the numbers follow each other from `first`.
    var packed: PackedStrings? { gapped ? PackedStrings(bytes: bytes, ends: ends) : nil }
}

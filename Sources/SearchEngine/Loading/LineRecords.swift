import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Plain text as records, the way fzf reads its input: each non-blank line is `{"line": TEXT}`,
/// identified by its line number; lines end in LF, CRLF or a CR alone (old Mac text). Kept as
/// one column of text, so a million lines cost their bytes and an offset each.
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
    /// The lines' text is the input less its line ends and blank lines, written over the input
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
        // numbers follow each other, written into one buffer from the first gap (a blank line).
        var numbers = LineNumbers()
        var number = 1
        var log = SkipLog(options: options, file: file)
        try text.withUnsafeMutableBufferPointer { buffer in
            try forEachLine(UnsafeBufferPointer(buffer), separator: options.lineSeparator) { range in
                if range.count > options.maxRecordBytes {
                    try log.skip(DataError(file: file, line: number, column: 1, message: InputGuard.recordTooLong(options.maxRecordBytes)))
                } else if number > options.headerLines, buffer[range].contains(where: { !isBlank($0, options.lineSeparator) }) {
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
        var previous: UInt8 = 0
        for byte in bytes {
            switch options.lineSeparator {
            case .nul: if byte == 0 { ends += 1 }
            case .newline:
                // CRLF is one line end.
                if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r")) { ends += 1 }
            }
            if ends >= options.headerLines { return true }
            previous = byte
        }
        return false
    }

    /// Calls `body` with each line (its end left out; a byte-order mark at the start skipped)
    /// until it returns false. Lines end in LF, CRLF or a CR alone, or — `.nul` — in NUL only.
    /// `skippingByteOrderMark`: the bytes are the input's first (`LineFilter` reads it in chunks).
    static func forEachLine(
        _ bytes: UnsafeBufferPointer<UInt8>, separator: LoadOptions.LineSeparator, skippingByteOrderMark: Bool = true,
        _ body: (Range<Int>) throws -> Bool
    ) rethrows {
        var start = skippingByteOrderMark && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while start < bytes.count {
            var end = start
            switch separator {
            case .newline:
                end = lineEnd(bytes, from: start)
            case .nul:
                while end < bytes.count, bytes[end] != 0 { end += 1 }
            }
            guard try body(start..<end) else { return }
            // CRLF is one line end.
            let crlf = separator == .newline && end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\r") && bytes[end + 1] == UInt8(ascii: "\n")
            start = end + (crlf ? 2 : 1)
        }
    }

    /// Where the next `\n` or `\r` is at or after `start` (the end of `bytes` when none is),
    /// eight bytes a step: a byte at a time, the scan took a third of opening 10M lines.
    @inline(__always)
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while end + 8 <= bytes.count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: end, as: UInt64.self))
            // A zero byte in `word ^ pattern` is a byte equal to the pattern's (the classic
            // test: its high bit set in `(x - 0x01…) & ~x & 0x80…`).
            let newline = word ^ 0x0A0A_0A0A_0A0A_0A0A
            let carriage = word ^ 0x0D0D_0D0D_0D0D_0D0D
            let found =
                ((newline &- 0x0101_0101_0101_0101) & ~newline | (carriage &- 0x0101_0101_0101_0101) & ~carriage)
                & 0x8080_8080_8080_8080
            if found != 0 { return end + found.trailingZeroBitCount / 8 }
            end += 8
        }
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return end
    }

    /// A line of nothing but these is blank, and left out: spaces and tabs (and, for records
    /// that end in NUL, line ends: `printf 'a\n\0'` has one record, "a\n").
    static func isBlank(_ byte: UInt8, _ separator: LoadOptions.LineSeparator) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            || (separator == .nul && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")))
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

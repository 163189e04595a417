import InstantSearchCore

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
    /// data, refused unless `--lenient` — or unless NUL is what ends lines (`--read0`). The
    /// first `options.headerLines` lines are the header, not records (their numbers are
    /// still counted, so a line's id is its place in the input).
    static func table(_ bytes: [UInt8], file: String, options: LoadOptions = .strict) throws -> Table {
        guard bytes.count < Int(Int32.max) else {
            throw DataError(file: file, message: "text larger than 2 GB is not supported")
        }
        if !options.lenient && options.lineSeparator == .newline {
            try bytes.withUnsafeBufferPointer { try TextCheck.requireNoNUL($0, file: file, lines: LineIndex()) }
        }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var ends: [UInt32] = []
        var lineNumbers: [String] = []
        var number = 1
        try forEachLine(bytes, separator: options.lineSeparator) { line in
            if line.count > options.maxRecordBytes {
                throw DataError(file: file, line: number, column: 1, message: InputGuard.recordTooLong(options.maxRecordBytes))
            }
            if number > options.headerLines, line.contains(where: { !isBlank($0, options.lineSeparator) }) {
                text.append(contentsOf: line)
                ends.append(UInt32(truncatingIfNeeded: text.count))
                lineNumbers.append(String(number))
            }
            number += 1
            return true
        }
        let table = CSVTable(
            header: [attribute], numeric: [false], count: ends.count, columns: [.text(bytes: text, ends: ends)])
        return Table(store: RecordStore(storage: .csv(table), ids: PackedStrings(lineNumbers)))
    }

    /// fzf's `--header-lines`: the first `options.headerLines` lines of `bytes` (fewer when the
    /// data has fewer), as they came in; with `--tac` too, they are the input's first.
    static func header(_ bytes: [UInt8], options: LoadOptions) -> [[UInt8]] {
        var header: [[UInt8]] = []
        guard options.headerLines > 0 else { return header }
        forEachLine(bytes, separator: options.lineSeparator) { line in
            header.append(Array(line))
            return header.count < options.headerLines
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
    private static func forEachLine(
        _ bytes: [UInt8], separator: LoadOptions.LineSeparator, _ body: (ArraySlice<UInt8>) throws -> Bool
    ) rethrows {
        var start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while start < bytes.count {
            var end = start
            switch separator {
            case .newline:
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
            case .nul:
                while end < bytes.count, bytes[end] != 0 { end += 1 }
            }
            guard try body(bytes[start..<end]) else { return }
            // CRLF is one line end.
            let crlf = separator == .newline && end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\r") && bytes[end + 1] == UInt8(ascii: "\n")
            start = end + (crlf ? 2 : 1)
        }
    }

    /// A line of nothing but these is blank, and left out: spaces and tabs (and, for records
    /// that end in NUL, line ends: `printf 'a\n\0'` has one record, "a\n").
    private static func isBlank(_ byte: UInt8, _ separator: LoadOptions.LineSeparator) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            || (separator == .nul && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")))
    }
}

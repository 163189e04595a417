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
    /// data, refused unless `--lenient`.
    static func table(_ bytes: [UInt8], file: String, options: LoadOptions = .strict) throws -> Table {
        guard bytes.count < Int(Int32.max) else {
            throw DataError(file: file, message: "text larger than 2 GB is not supported")
        }
        if !options.lenient {
            try bytes.withUnsafeBufferPointer { try TextCheck.requireNoNUL($0, file: file, lines: LineIndex()) }
        }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var ends: [UInt32] = []
        var lineNumbers: [String] = []
        var start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var number = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
            if end - start > options.maxRecordBytes {
                throw DataError(file: file, line: number, column: 1, message: InputGuard.recordTooLong(options.maxRecordBytes))
            }
            let line = bytes[start..<end]
            if line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
                text.append(contentsOf: line)
                ends.append(UInt32(truncatingIfNeeded: text.count))
                lineNumbers.append(String(number))
            }
            number += 1
            // CRLF is one line end.
            let crlf = end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\r") && bytes[end + 1] == UInt8(ascii: "\n")
            start = end + (crlf ? 2 : 1)
        }
        let table = CSVTable(
            header: [attribute], numeric: [false], count: ends.count, columns: [.text(bytes: text, ends: ends)])
        return Table(store: RecordStore(storage: .csv(table), ids: PackedStrings(lineNumbers)))
    }
}

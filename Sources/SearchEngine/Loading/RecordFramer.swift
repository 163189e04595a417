import InstantSearchCore

/// Finds where records end in data that is still arriving, without parsing them: the loader
/// cuts the bytes read so far at the last record boundary, parses that prefix with the real
/// parser and indexes it (so an error still reports the file's own line and column).
///
/// It follows just enough of each syntax to never cut inside a record: CSV quotes as the CSV
/// parser reads them (only a cell that starts with `"` is quoted; TSV has none), JSON strings
/// and nesting.
struct RecordFramer {
    let format: DataFormat
    /// Records wholly inside `boundary` (a CSV header is not one).
    private(set) var records = 0
    /// Where the last whole record ends (for a JSON array: just after its closing brace).
    private(set) var boundary = 0
    /// Bytes seen so far.
    private(set) var consumed = 0
    /// Where the last record (a CSV header too) ends: unlike `boundary`, not moved on by blank
    /// lines, so `consumed - recordEnd` is what stands buffered for no record (`InputGuard`).
    private(set) var recordEnd = 0

    private let separator: UInt8
    /// CSV's quoting; false for TSV, whose quotes are text.
    private let quoting: Bool
    /// What ends a plain line (`--read0`: NUL alone).
    private let lineSeparator: LoadOptions.LineSeparator
    // CSV / TSV
    private var quoteState = QuoteState.cellStart
    private var rowHasContent = false
    private var headerSeen = false
    // JSON
    private var depth = 0
    private var inString = false
    private var escaped = false

    private enum QuoteState { case cellStart, unquoted, quoted, quoteInQuoted }

    init(format: DataFormat, dialect: CSVDialect? = nil, lineSeparator: LoadOptions.LineSeparator = .newline) {
        self.format = format
        self.lineSeparator = lineSeparator
        let dialect = dialect ?? (format == .tsv ? .tsv : .csv)
        separator = dialect.separator
        quoting = dialect.quoted
    }

    /// Reads `bytes[consumed..<end]`: call it each time more has arrived. With `limit`, stops
    /// right after that many records, leaving the rest for the next call.
    mutating func advance(over bytes: [UInt8], limit: Int = .max, end: Int? = nil) {
        let end = min(end ?? bytes.count, bytes.count)
        guard consumed < end, records < limit else { return }
        consumed = bytes.withUnsafeBufferPointer { buffer in
            let buffer = UnsafeBufferPointer(rebasing: buffer[..<end])
            switch format {
            case .csv, .tsv: return frameDelimited(buffer, limit: limit)
            case .lines: return frameLines(buffer, limit: limit)
            case .json, .jsonArray, .ndjson: return frameJSON(buffer, limit: limit)
            }
        }
    }

    /// The data was cut at `offset`, the start of a line past the last record (a record too
    /// long, skipped with `--lenient`, `InputGuard`): framing goes on from there, between records.
    mutating func rewind(to offset: Int) {
        guard offset < consumed else { return }
        consumed = offset
        boundary = min(boundary, offset)
        recordEnd = min(recordEnd, offset)
        quoteState = .cellStart
        rowHasContent = false
        depth = format == .jsonArray ? 1 : 0
        inString = false
        escaped = false
    }

    /// The sample settings are inferred from: the records wholly inside the first
    /// `sampleBytes`, at most `IndexSettings.inferenceSample`, at least one. Small records give
    /// a sample of many; large JSON ones a sample that still parses in a few milliseconds.
    static let sampleBytes = 2 << 20

    /// Frames no further than the sample.
    mutating func advanceThroughSample(over bytes: [UInt8]) {
        advance(over: bytes, limit: IndexSettings.inferenceSample, end: Self.sampleBytes)
        if records == 0 && consumed >= Self.sampleBytes { advance(over: bytes, limit: 1) }
    }

    /// The sample is framed (what follows it is not the sample's business).
    var hasWholeSample: Bool {
        records >= IndexSettings.inferenceSample || (records > 0 && consumed >= Self.sampleBytes)
    }

    /// How many records settings are inferred from in `bytes`, data read whole: the sample's,
    /// or all of them when the data is shorter.
    static func sampleSize(of bytes: [UInt8], format: DataFormat, dialect: CSVDialect? = nil) -> Int {
        var framer = RecordFramer(format: format, dialect: dialect)
        framer.advanceThroughSample(over: bytes)
        return framer.hasWholeSample ? framer.records : .max
    }

    private mutating func endRow(at offset: Int) {
        if rowHasContent {
            if headerSeen { records += 1 } else { headerSeen = true }
            recordEnd = offset
        }
        rowHasContent = false
        boundary = offset
    }

    private mutating func frameDelimited(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), ret = UInt8(ascii: "\r")
        for i in consumed..<bytes.count {
            let byte = bytes[i]
            switch quoteState {
            case .cellStart, .unquoted, .quoteInQuoted:
                // A CR ends a row too (old Mac text); in CRLF the LF then ends an empty one.
                if byte == newline || byte == ret {
                    endRow(at: i + 1)
                    quoteState = .cellStart
                    if records >= limit { return i + 1 }
                } else if byte == separator {
                    rowHasContent = true
                    quoteState = .cellStart
                } else if byte == quote && quoteState == .cellStart && quoting {
                    rowHasContent = true
                    quoteState = .quoted
                } else if byte == quote && quoteState == .quoteInQuoted {
                    quoteState = .quoted  // a doubled quote inside a quoted cell
                } else {
                    rowHasContent = true
                    quoteState = .unquoted
                }
            case .quoted:
                if byte == quote { quoteState = .quoteInQuoted }
            }
        }
        return bytes.count
    }

    private mutating func frameLines(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        // fzf's lines: every line end ends one, a blank line too; a CR is part of its line.
        let separator: UInt8 = lineSeparator == .nul ? 0 : UInt8(ascii: "\n")
        for i in consumed..<bytes.count {
            if bytes[i] == separator {
                records += 1
                recordEnd = i + 1
                rowHasContent = false
                boundary = i + 1
                if records >= limit { return i + 1 }
            } else {
                rowHasContent = true
            }
        }
        return bytes.count
    }

    /// A record ends where an object closes at the top level (NDJSON) or inside the array.
    private mutating func frameJSON(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let recordDepth = format == .jsonArray ? 1 : 0
        for i in consumed..<bytes.count {
            let byte = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == recordDepth && byte == UInt8(ascii: "}") {
                    records += 1
                    boundary = i + 1
                    recordEnd = i + 1
                    if records >= limit { return i + 1 }
                }
            default: break
            }
        }
        return bytes.count
    }

    /// The bytes up to the boundary as a document of their own: a JSON array's prefix closed
    /// with `]`, any other format's prefix as it is.
    func prefix(of bytes: [UInt8]) -> [UInt8] {
        var prefix = Array(bytes[..<boundary])
        if format == .jsonArray, records > 0 { prefix.append(UInt8(ascii: "]")) }
        return prefix
    }
}

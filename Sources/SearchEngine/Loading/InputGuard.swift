import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

/// Watches data as it arrives (standard input, a file read while the interface runs) so that
/// what is buffered stays bounded by what is kept — the records — and not by what is read:
///
/// - Text is checked as it comes (unless `--lenient`): the first NUL byte (or, once the format
///   is a structured one, invalid UTF-8 byte) is reported at once by line and column, instead
///   of after reading `/dev/zero` to the end of memory.
/// - No more than `LoadOptions.maxRecordBytes` may stand between the end of one record and the
///   end of the next: a record longer than that (a 200 MB line) is refused naming the line it
///   starts on, and so is a run of blank lines that long holding no record at all
///   (`yes ""`), which would otherwise be buffered for ever for zero records.
/// - With `--lenient`, such a record is skipped instead, in the formats whose records end with
///   their line (plain lines, CSV, TSV, NDJSON): its bytes are taken out of the buffer as they
///   arrive, up to its line end (kept, so the lines after keep their numbers), and counted
///   (`skipped`). A record that goes on past `skippableRecordBytes` (`/dev/zero`) is no record:
///   the load stops there.
///
/// Records are found as the streaming loader finds them (`RecordFramer`); before the format is
/// known (while it is sniffed) the whole buffer counts as one record.
struct InputGuard {
    let file: String
    let maxRecordBytes: Int
    let checksText: Bool
    /// With `--lenient`, records past `maxRecordBytes` are skipped rather than refused.
    let skipsLongRecords: Bool
    /// Bytes already found to be text.
    private var textChecked = 0
    private var framer: RecordFramer?
    private let lineSeparator: LoadOptions.LineSeparator
    /// Records skipped as they arrived (`--lenient`), for the load's report.
    private(set) var skipped: SkipLog
    /// The plain lines skipped (`Skipped.lines`).
    private(set) var skippedLines: [Int] = []
    /// Where the record being skipped was cut; what arrives until its line end goes too.
    private var skippingFrom: Int?
    /// The line it starts on, and its bytes so far.
    private var skippingLine = 0
    private var skippedOfRecord = 0

    /// A record longer than this many times `maxRecordBytes` is not skipped: it ends the load.
    static let skippableFactor = 8
    var skippableRecordBytes: Int { maxRecordBytes * Self.skippableFactor }

    /// With `--read0` a NUL byte ends a line: it is not binary data then.
    init(file: String, options: LoadOptions, checksText: Bool = true) {
        self.file = file
        maxRecordBytes = max(1, options.maxRecordBytes)
        self.checksText = checksText && !options.lenient && options.lineSeparator == .newline
        skipsLongRecords = options.lenient
        lineSeparator = options.lineSeparator
        skipped = SkipLog(options: options, file: file)
    }

    /// Checks what arrived since the last call; `atEnd`: nothing more will come (a last UTF-8
    /// sequence cut short is then an error, not a sequence still arriving). Returns where the
    /// buffer was cut when a record was skipped (`--lenient`): what framed the bytes past it
    /// must go back there (`RecordFramer.rewind(to:)`).
    mutating func check(_ buffer: inout [UInt8], format: DataFormat?, atEnd: Bool) throws -> Int? {
        var cut: Int?
        if let from = skippingFrom {
            cut = from
            let end = Self.lineEnd(in: buffer, from: from, separator: lineSeparator)
            skippedOfRecord += (end ?? buffer.count) - from
            if skippedOfRecord > skippableRecordBytes {
                let limits = "\(Self.describe(bytes: maxRecordBytes)), up to \(Self.describe(bytes: skippableRecordBytes))"
                throw DataError(
                    file: file, line: skippingLine, column: 1,
                    message:
                        "a record longer than \(Self.describe(bytes: skippableRecordBytes)) starts here, too long even to skip (--lenient skips records longer than \(limits))"
                )
            }
            buffer.removeSubrange(from..<(end ?? buffer.count))
            if end != nil { skippingFrom = nil }
            framer?.rewind(to: from)
        }
        if checksText {
            try buffer.withUnsafeBufferPointer { bytes in
                let end = atEnd ? bytes.count : Self.lastWholeScalarEnd(bytes, from: textChecked)
                // Plain lines keep a byte that is not UTF-8 (fzf shows it): until the format says
                // otherwise, only a NUL byte (binary data) is refused as it arrives; a structured
                // format's parser checks the rest.
                let structured = format != nil && format != .lines
                let bad =
                    structured
                    ? TextCheck.firstInvalidByte(bytes, in: textChecked..<end) : TextCheck.firstNUL(bytes, in: textChecked..<end)
                if let bad {
                    throw TextCheck.error(at: bad, in: bytes, file: file, lines: LineIndex())
                }
                textChecked = max(textChecked, end)
            }
        }
        var recordEnd = 0
        if let format, format != .json {
            if framer == nil { framer = RecordFramer(format: format, lineSeparator: lineSeparator) }
            framer!.advance(over: buffer)
            recordEnd = framer!.recordEnd
        }
        guard buffer.count - recordEnd > maxRecordBytes else { return cut }
        guard let start = skippableStart(buffer, format: format) else {
            throw buffer.withUnsafeBufferPointer { tooLong($0, from: recordEnd) }
        }
        let line: Int
        if format == .lines {
            // fzf's lines end at LF (NUL) alone.
            let end: UInt8 = lineSeparator == .nul ? 0 : 0x0A
            line = 1 + buffer[..<start].reduce(0) { $0 + ($1 == end ? 1 : 0) }
            skippedLines.append(line)
        } else {
            line = buffer.withUnsafeBufferPointer { SourceLocation.lineAndColumn(of: start, in: $0).line }
        }
        try skipped.skip(DataError(file: file, line: line, column: 1, message: Self.recordTooLong(maxRecordBytes)))
        skippingLine = line
        skippedOfRecord = buffer.count - start
        buffer.removeSubrange(start...)
        skippingFrom = start
        framer?.rewind(to: start)
        return min(cut ?? start, start)
    }

    /// Where the record too long starts, when it is one to skip (`--lenient`, a format whose
    /// records end with their line): the start of the line it is on, past the last record. nil
    /// for blank lines (no record to skip) and for a JSON array (whose elements do not end with
    /// a line).
    private func skippableStart(_ buffer: [UInt8], format: DataFormat?) -> Int? {
        guard skipsLongRecords, let format, let framer else { return nil }
        let start: Int
        switch format {
        case .lines, .csv, .tsv: start = framer.boundary
        case .ndjson:
            var lineStart = framer.boundary
            for i in framer.boundary..<buffer.count where buffer[i] == UInt8(ascii: "\n") || buffer[i] == UInt8(ascii: "\r") { lineStart = i + 1 }
            start = lineStart
        case .json, .jsonArray: return nil
        }
        // Blank lines alone are no record to skip.
        return buffer[start...].contains { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ? start : nil
    }

    /// The first line end at or after `from` (a NUL with `--read0`), found with `memchr`: a
    /// record being skipped may be hundreds of megabytes.
    private static func lineEnd(in buffer: [UInt8], from: Int, separator: LoadOptions.LineSeparator) -> Int? {
        buffer.withUnsafeBytes { bytes -> Int? in
            guard from < bytes.count, let base = bytes.baseAddress else { return nil }
            func first(_ byte: UInt8) -> Int? {
                memchr(base + from, Int32(byte), bytes.count - from).map { base.distance(to: UnsafeRawPointer($0)) }
            }
            if separator == .nul { return first(0) }
            let ends = [first(UInt8(ascii: "\n")), first(UInt8(ascii: "\r"))].compactMap { $0 }
            return ends.min()
        }
    }

    /// Where the last UTF-8 sequence wholly inside `bytes` ends (a sequence still arriving is
    /// left for the next check), never before `start`.
    private static func lastWholeScalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var lead = bytes.count
        // Back over at most three continuation bytes to the byte that leads them.
        while lead > max(start, bytes.count - 4), lead > 0 {
            lead -= 1
            let byte = bytes[lead]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return lead + length > bytes.count ? lead : bytes.count
            }
        }
        return bytes.count
    }

    /// The error for the bytes from `recordEnd` on: a record that never ends, or blank lines
    /// that hold none; located where that record (or that blank run) starts.
    private func tooLong(_ bytes: UnsafeBufferPointer<UInt8>, from recordEnd: Int) -> DataError {
        let limit = Self.describe(bytes: maxRecordBytes)
        let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let firstContent = (recordEnd..<bytes.count).first { !blank.contains(bytes[$0]) }
        if let start = firstContent {
            let (line, column) = SourceLocation.lineAndColumn(of: start, in: bytes)
            return DataError(file: file, line: line, column: column, message: Self.recordTooLong(maxRecordBytes))
        }
        let (line, _) = SourceLocation.lineAndColumn(of: recordEnd, in: bytes)
        return DataError(
            file: file, line: line,
            message: "more than \(limit) of blank lines from here and not one record in them")
    }

    /// What a record longer than `limit` bytes is told, by this guard and by the parsers.
    static func recordTooLong(_ limit: Int) -> String {
        let limit = describe(bytes: limit)
        return "a record longer than \(limit) starts here (a line, a CSV row or a JSON record is at most \(limit))"
    }

    /// "32 MiB", "16 bytes".
    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

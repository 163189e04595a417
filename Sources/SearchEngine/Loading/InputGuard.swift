import InstantSearchCore

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
///
/// Records are found as the streaming loader finds them (`RecordFramer`); before the format is
/// known (while it is sniffed) the whole buffer counts as one record.
struct InputGuard {
    let file: String
    let maxRecordBytes: Int
    let checksText: Bool
    /// Bytes already found to be text.
    private var textChecked = 0
    private var framer: RecordFramer?
    private let lineSeparator: LoadOptions.LineSeparator

    /// With `--read0` a NUL byte ends a line: it is not binary data then.
    init(file: String, options: LoadOptions, checksText: Bool = true) {
        self.file = file
        maxRecordBytes = max(1, options.maxRecordBytes)
        self.checksText = checksText && !options.lenient && options.lineSeparator == .newline
        lineSeparator = options.lineSeparator
    }

    /// Checks what arrived since the last call; `atEnd`: nothing more will come (a last UTF-8
    /// sequence cut short is then an error, not a sequence still arriving).
    mutating func check(_ buffer: [UInt8], format: DataFormat?, atEnd: Bool) throws {
        try buffer.withUnsafeBufferPointer { bytes in
            if checksText {
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
            var recordEnd = 0
            if let format, format != .json {
                if framer == nil { framer = RecordFramer(format: format, lineSeparator: lineSeparator) }
                framer!.advance(over: buffer)
                recordEnd = framer!.recordEnd
            }
            if bytes.count - recordEnd > maxRecordBytes { throw tooLong(bytes, from: recordEnd) }
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

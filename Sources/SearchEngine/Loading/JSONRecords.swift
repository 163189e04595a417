import InstantSearchCore

/// Records from JSON: an array of objects, or objects one after another (NDJSON, or a single
/// object over many lines). A record's start is kept until it is known good, so that every
/// problem — not an object, a number out of range, invalid UTF-8, a repeated objectID — is
/// reported at its line and column, or skipped and counted with `--lenient`.
struct JSONRecords {
    let buffer: UnsafeBufferPointer<UInt8>
    let file: String
    let options: LoadOptions
    private let lines = LineIndex()
    private var log: SkipLog
    private var ids: DuplicateIDCheck
    private(set) var records: [JSONValue] = []

    private init(buffer: UnsafeBufferPointer<UInt8>, file: String, options: LoadOptions) {
        self.buffer = buffer
        self.file = file
        self.options = options
        log = SkipLog(options: options, file: file)
        ids = DuplicateIDCheck(enabled: true)
    }

    static func array(_ bytes: [UInt8], file: String, options: LoadOptions) throws -> [JSONValue] {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONRecords(buffer: buffer, file: file, options: options)
            try reader.readArray()
            return reader.records
        }
    }

    static func objects(_ bytes: [UInt8], file: String, options: LoadOptions) throws -> [JSONValue] {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONRecords(buffer: buffer, file: file, options: options)
            try reader.readObjects()
            return reader.records
        }
    }

    private func error(_ message: String, at offset: Int) -> DataError {
        let (line, column) = lines.lineAndColumn(of: offset, in: buffer)
        return DataError(file: file, line: line, column: column, message: message)
    }

    private mutating func readArray() throws {
        if !options.lenient { try TextCheck.requireText(buffer, file: file, lines: lines) }
        var parser = JSONParser(bytes: buffer, file: file, lines: lines)
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        guard parser.consume(UInt8(ascii: "[")) else { throw parser.error("expected a JSON array of objects, found \(parser.found)") }
        parser.skipWhitespace()
        if !parser.consume(UInt8(ascii: "]")) {
            while true {
                parser.skipWhitespace()
                let start = parser.offset
                let number = records.count + log.skipped + 1
                do {
                    let value = try parser.parseValue()
                    do {
                        try keep(value, from: start, to: parser.offset, notAnObject: "record \(number) of the array is \(value.kindName), not an object")
                    } catch let problem as DataError {
                        try log.skip(problem)
                    }
                } catch let problem as DataError {
                    // Lenient: on past the element the parser stopped in, to the ',' or ']' after it.
                    try log.skip(problem)
                    guard let end = JSONRecovery.endOfElement(buffer, from: start) else { throw problem }
                    parser.seek(to: end)
                }
                parser.skipWhitespace()
                if parser.consume(UInt8(ascii: ",")) { continue }
                if parser.consume(UInt8(ascii: "]")) { break }
                throw parser.error("expected ',' or ']' after a record of the array, found \(parser.found)")
            }
        }
        parser.skipWhitespace()
        if !parser.atEnd { throw parser.error("unexpected data after the JSON array") }
        log.finish()
    }

    private mutating func readObjects() throws {
        if !options.lenient { try TextCheck.requireText(buffer, file: file, lines: lines) }
        var parser = JSONParser(bytes: buffer, file: file, lines: lines)
        parser.skipByteOrderMark()
        while true {
            parser.skipWhitespace()
            if parser.atEnd { break }
            let start = parser.offset
            let value: JSONValue
            do {
                value = try parser.parseValue()
            } catch let problem as DataError {
                // Lenient: on from the line after the one the bad record starts on, where the
                // next record should start (a line cut short must not swallow the next one).
                try log.skip(problem)
                parser.seek(to: JSONRecovery.nextLine(buffer, after: start))
                continue
            }
            do {
                try keep(value, from: start, to: parser.offset, notAnObject: "expected a JSON object per line, found \(value.kindName)")
            } catch let problem as DataError {
                try log.skip(problem)
            }
            if records.count & 0xFFF == 0, Task.isCancelled { throw CancellationError() }
        }
        log.finish()
    }

    /// Keeps a parsed value that is a good record, else throws where it starts.
    private mutating func keep(_ value: JSONValue, from start: Int, to end: Int, notAnObject: @autoclosure () -> String) throws {
        guard case .object(let fields) = value else { throw error(notAnObject(), at: start) }
        if options.lenient, let bad = TextCheck.firstInvalidByte(buffer, in: start..<end) {
            throw TextCheck.error(at: bad, in: buffer, file: file, lines: lines)
        }
        if let id = fields["objectID"].flatMap(\.objectIDText), let first = ids.earlierOffset(of: id, at: start) {
            let (line, column) = lines.lineAndColumn(of: first, in: buffer)
            throw error("duplicate objectID \"\(id)\" (first at \(file):\(line):\(column))", at: start)
        }
        records.append(value)
    }
}

/// Finding where to go on after a bad record, for `--lenient`.
enum JSONRecovery {
    /// The ',' or ']' that ends the array element starting at `start` (brackets and strings
    /// skipped as wholes); nil when the file ends first.
    static func endOfElement(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return i }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The start of the line after `offset` (or the end).
    static func nextLine(_ bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int {
        var i = min(offset, bytes.count)
        while i < bytes.count, !SourceLocation.isLineEnd(at: i, in: bytes) { i += 1 }
        return min(i + 1, bytes.count)
    }
}

extension JSONValue {
    /// "a number", "an array"… for messages about what was found instead of a record.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// An `objectID` as the index keeps it: strings as they are, numbers by their text.
    var objectIDText: String? {
        switch self {
        case .string(let s): return s
        case .number: return displayText
        default: return nil
        }
    }
}

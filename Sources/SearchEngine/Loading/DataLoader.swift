import Foundation
import InstantSearchCore

/// Reads records from files or raw bytes (stdin). Every error is a `DataError` naming the
/// file, the line and, where it helps, the column.
public enum DataLoader {
    /// Loads a file; the format is `format`, else its extension's, else sniffed from its content.
    public static func load(path: String, format: DataFormat? = nil) throws -> [JSONValue] {
        let bytes = try readFile(path)
        let name = path  // as the user wrote it, so the message leads back to the file
        return try load(bytes: bytes, name: name, format: format ?? DataFormat.fromExtension(of: path))
    }

    /// Loads records from bytes, e.g. standard input; `name` is what errors call the source.
    public static func load(bytes: [UInt8], name: String = "<stdin>", format: DataFormat? = nil) throws -> [JSONValue] {
        switch try DataFormat.resolve(format, bytes: bytes, file: name) {
        case .csv: return try CSVParser.parse(bytes, file: name)
        case .tsv: return try CSVParser.parse(bytes, file: name, separator: UInt8(ascii: "\t"))
        case .jsonArray, .json: return try parseJSONArray(bytes, file: name)
        case .ndjson: return try parseJSONObjects(bytes, file: name)
        case .lines: return try LineRecords.table(bytes, file: name).records
        }
    }

    /// Loads a file's records for an index: a CSV file's as its cells column by column
    /// (`CSVTable`, a row becomes a record when read), JSON records parsed.
    public static func loadRecords(path: String, format: DataFormat? = nil) throws -> RecordStore {
        try loadRecords(bytes: try readFile(path), name: path, format: format ?? DataFormat.fromExtension(of: path))
    }

    public static func loadRecords(bytes: [UInt8], name: String = "<stdin>", format: DataFormat? = nil) throws -> RecordStore {
        switch try DataFormat.resolve(format, bytes: bytes, file: name) {
        case .csv: return RecordStore(csv: try CSVParser.scan(bytes, file: name))
        case .tsv: return RecordStore(csv: try CSVParser.scan(bytes, file: name, separator: UInt8(ascii: "\t")))
        // JSON stays parsed for now: packing it as compact text costs more time (0.6 s on
        // movies.json, in `serialized()`) than its memory is worth at that size.
        case .jsonArray, .json: return RecordStore(records: try parseJSONArray(bytes, file: name))
        case .ndjson: return RecordStore(records: try parseJSONObjects(bytes, file: name))
        case .lines: return try LineRecords.table(bytes, file: name).store
        }
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        // Straight into the array: going through `Data` would hold the file twice for a moment.
        if let bytes = readRegularFile(path) { return bytes }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw DataError(file: path, message: exists ? "cannot read the file" : "no such file")
        }
        return [UInt8](data)
    }

    /// nil when `path` is not a regular file that reads whole (pipes, directories, errors).
    private static func readRegularFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let n = read(descriptor, buffer.baseAddress! + done, size - done)
                if n <= 0 { break }
                done += n
            }
            initialized = done
            complete = done == size
        }
        return complete ? bytes : nil
    }

    private static func parseJSONArray(_ bytes: [UInt8], file: String) throws -> [JSONValue] {
        let value = try JSONParser.parse(bytes, file: file)
        guard case .array(let items) = value else {
            throw DataError(file: file, line: 1, column: 1, message: "expected a JSON array of objects")
        }
        for (index, item) in items.enumerated() {
            guard case .object = item else {
                throw DataError(file: file, message: "record \(index + 1) of the array is not an object")
            }
        }
        return items
    }

    /// One object after another, separated by whitespace: NDJSON, or a single object on many lines.
    private static func parseJSONObjects(_ bytes: [UInt8], file: String) throws -> [JSONValue] {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, file: file)
            parser.skipByteOrderMark()
            var records: [JSONValue] = []
            while true {
                parser.skipWhitespace()
                if parser.atEnd { return records }
                let start = parser.offset
                let value = try parser.parseValue()
                guard case .object = value else {
                    throw parser.error("expected a JSON object per line", at: start)
                }
                records.append(value)
                if records.count & 0xFFF == 0, Task.isCancelled { throw CancellationError() }
            }
        }
    }
}

import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads records from files or raw bytes (stdin). Every error is a `DataError` naming the
/// file, the line and, where it helps, the column.
public enum DataLoader {
    /// Loads a file; the format is `format`, else its extension's, else sniffed from its content.
    public static func load(path: String, format: DataFormat? = nil, options: LoadOptions = .strict) throws -> [JSONValue] {
        let bytes = try readFile(path)
        let name = path  // as the user wrote it, so the message leads back to the file
        return try load(bytes: bytes, name: name, format: format ?? DataFormat.fromExtension(of: path), options: options)
    }

    /// Loads records from bytes, e.g. standard input; `name` is what errors call the source.
    public static func load(
        bytes: [UInt8], name: String = "<stdin>", format: DataFormat? = nil, options: LoadOptions = .strict
    ) throws -> [JSONValue] {
        let resolved = try DataFormat.resolve(format, bytes: bytes, file: name)
        switch resolved {
        case .csv, .tsv: return try CSVParser.parse(bytes, file: name, options: options, dialect: options.dialect(for: resolved))
        case .jsonArray, .json: return try JSONRecords.array(bytes, file: name, options: options)
        case .ndjson: return try JSONRecords.objects(bytes, file: name, options: options)
        case .lines: return try LineRecords.table(bytes, file: name, options: options).records
        }
    }

    /// Loads a file's records for an index: a CSV file's as its cells column by column
    /// (`CSVTable`, a row becomes a record when read), JSON records parsed.
    public static func loadRecords(path: String, format: DataFormat? = nil, options: LoadOptions = .strict) throws -> RecordStore {
        try loadRecords(
            bytes: try readFile(path), name: path, format: format ?? DataFormat.fromExtension(of: path), options: options)
    }

    /// Plain lines take the bytes over: handed an array nobody else holds, they keep no second copy.
    public static func loadRecords(
        bytes: consuming [UInt8], name: String = "<stdin>", format: DataFormat? = nil, options: LoadOptions = .strict
    ) throws -> RecordStore {
        let resolved = try DataFormat.resolve(format, bytes: bytes, file: name)
        switch resolved {
        case .csv, .tsv:
            return RecordStore(csv: try CSVParser.scan(bytes, file: name, options: options, dialect: options.dialect(for: resolved)))
        // JSON stays parsed for now: packing it as compact text costs more time (0.6 s on
        // movies.json, in `serialized()`) than its memory is worth at that size.
        case .jsonArray, .json: return RecordStore(records: try JSONRecords.array(bytes, file: name, options: options))
        case .ndjson: return RecordStore(records: try JSONRecords.objects(bytes, file: name, options: options))
        case .lines: return try LineRecords.table(consume bytes, file: name, options: options).store
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
}

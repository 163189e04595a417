import Foundation

/// Reads a settings (or config) file whole, bounded: such a file is small, and anything larger
/// is refused before it is parsed. The engine reads data files with its own loader; settings
/// live here so that every backend can read them without importing the engine.
public enum SettingsFile {
    /// Far above any real settings file (synonym lists included), far below a data set.
    public static let maxBytes = 16 << 20

    /// The file's bytes; a `DataError` naming the file when it is missing, unreadable or too large.
    public static func read(_ path: String, maxBytes: Int = maxBytes) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw DataError(file: path, message: exists ? "cannot read the file" : "no such file")
        }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try handle.read(upToCount: maxBytes + 1)
        } catch {
            throw DataError(file: path, message: "cannot read the file")
        }
        let bytes = data.map { [UInt8]($0) } ?? []
        guard bytes.count <= maxBytes else {
            throw DataError(file: path, message: "larger than \(maxBytes >> 20) MiB; not a settings file")
        }
        return bytes
    }
}

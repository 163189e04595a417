#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads a settings (or config) file whole, bounded: such a file is small, and anything larger
/// is refused before it is parsed. The engine reads data files with its own loader; settings
/// live here so that every backend can read them without importing the engine.
public enum SettingsFile {
    /// Far above any real settings file (synonym lists included), far below a data set.
    public static let maxBytes = 16 << 20

    /// The file's bytes; a `DataError` naming the file when it is missing, unreadable or too large.
    public static func read(_ path: String, maxBytes: Int = maxBytes) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DataError(file: path, message: errno == ENOENT ? "no such file" : "cannot read the file")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maxBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, min($0.count, maxBytes + 1 - bytes.count)) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw DataError(file: path, message: "cannot read the file") }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard bytes.count <= maxBytes else {
            throw DataError(file: path, message: "larger than \(maxBytes >> 20) MiB; not a settings file")
        }
        return bytes
    }
}

import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The first section alone: an index's name and settings, which are all the interface needs
/// to open (its facets, sorts, widgets) while the rest of a big file is still being read.
extension IndexFile {
    struct Meta {
        let name: String
        let settings: ResolvedIndexSettings
        /// What the index cache named the entry by (`IndexCache.entry`); empty for an index
        /// written by `instantsearch index`.
        let cacheKey: String
    }

    /// The signature, the section table (so a truncated file is refused here already) and the
    /// meta section, checked against its checksum: a few kilobytes, whatever the index's size.
    static func readMeta(path: String, cacheKey expected: String? = nil) throws -> Meta {
        try reading(path: path, cacheKey: expected) { meta, _ in meta }
    }

    /// A file's sections read one at a time, each checked against the table's length and
    /// checksum before its value is handed on.
    struct SectionReader {
        var input: BinaryReader
        let table: [(length: Int, checksum: UInt32)]

        mutating func section<T>(_ section: Section, _ body: (inout BinaryReader) throws -> T) throws -> T {
            input.startSection(section.name, length: table[section.rawValue].length)
            let value = try body(&input)
            try input.endSection(expecting: table[section.rawValue].checksum)
            return value
        }
    }

    /// Opens the file, checks its header and reads its meta section (with `cacheKey`, the file
    /// must have been written as the cache entry of that key), then hands the rest to `body`
    /// while the file is open. A cache entry is a `StateFile`: a link, a FIFO or a directory in
    /// its place is refused (never waited on), and the cache builds the index again.
    static func reading<T>(
        path: String, cacheKey expected: String?, _ body: (Meta, inout SectionReader) throws -> T
    ) throws -> T {
        if expected != nil {
            guard let entry = try StateFile.open(path, for: .read) else { throw DataError(file: path, message: "cannot read the index file") }
            return try reading(descriptor: entry.descriptor, size: entry.size, path: path, cacheKey: expected, body)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw DataError(file: path, message: "cannot read the index file")
        }
        defer { close(descriptor) }
        return try reading(descriptor: descriptor, size: Int(status.st_size), path: path, cacheKey: expected, body)
    }

    private static func reading<T>(
        descriptor: Int32, size: Int, path: String, cacheKey expected: String?, _ body: (Meta, inout SectionReader) throws -> T
    ) throws -> T {
        var input = BinaryReader(descriptor: descriptor, path: path, size: size)
        let table = try readHeader(&input, fileSize: size)
        var reader = SectionReader(input: input, table: table)
        let meta = try reader.section(.meta) { try readMeta(&$0) }
        try requireCacheKey(meta.cacheKey, expected, path: path)
        return try body(meta, &reader)
    }

    static func readMeta(_ input: inout BinaryReader) throws -> Meta {
        let (name, settingsText, cacheKey) = try (input.readString(), input.readString(), input.readString())
        do {
            return Meta(name: name, settings: try IndexSettings.parse(text: settingsText, file: "settings").resolved(for: []), cacheKey: cacheKey)
        } catch {
            throw input.damaged("\(error)")
        }
    }

    /// A cache entry is served only under the key it was written with: an index file copied
    /// over it (valid, but of other data) is refused, and the cache builds the data again.
    static func requireCacheKey(_ found: String, _ expected: String?, path: String) throws {
        if let expected, found != expected { throw IndexFileError(file: path, reason: .otherCacheKey) }
    }
}

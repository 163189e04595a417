import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// An index written to disk by `instantsearch index`, opened without rebuilding anything:
/// records, term dictionary, prefix lists and columns are stored as the arrays the engine
/// searches, and read straight back into them; posting lists, the bulk of an index, as varints
/// (`PostingCoding`), decoded on the way in.
///
/// Layout (format v8):
///
///     signature   "ISIDX\u{1}v9\n": the version in digits, so an older or newer file says which it is
///     table       section count, then per section its length and CRC-32C, then the table's own CRC-32C
///     sections    meta (name, settings, cache key), records, ranking, terms, prefixes, facets, numerics: back to
///                 back, each a run of arrays with their lengths, and exactly as long as the table says
///
/// Writing goes to a temporary file beside the target, flushed, then renamed over it, so a
/// crash mid-write leaves the old index (or none), never half of one.
enum IndexFile {
    // 10: no ranking order without custom ranking (RecordOrder's width 0);
    // 9: the default ranking names geo (a v8 file's would rank no geo query by distance);
    // 8: postings as varints (PostingCoding); 7: the meta section ends with the cache key;
    // 6: the ranking order packed (RecordOrder); 5: postings mark a value's only word
    static let version = 10
    /// Every version's signature starts so; the digits and a newline follow.
    static let signaturePrefix = Array("ISIDX\u{1}v".utf8)
    static let signature = signaturePrefix + Array("\(version)\n".utf8)
    /// The signature under its former name (an index cache keys its files by it).
    static var magic: [UInt8] { signature }

    enum Section: Int, CaseIterable {
        case meta, records, ranking, terms, prefixes, facets, numerics

        var name: String { "\(self)" }
    }

    /// Whether the file starts with an index file's signature, of whatever version (so that an
    /// old index is reported as one, not read as a CSV file).
    static func isIndexFile(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: signaturePrefix.count)
        let count = start.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return count == signaturePrefix.count && start == signaturePrefix
    }

    /// `cacheKey`: what an index cache entry is named by, kept inside it so that `read` can
    /// tell it from another index file put in its place; empty for an index a person wrote.
    /// The file aside is made afresh (whatever was left under its name removed, a link never
    /// followed).
    static func write(_ index: SearchIndex, to path: String, cacheKey: String = "", mode: mode_t = 0o644) throws {
        let directory = PathText.deletingLastComponent(path)
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(PathText.lastComponent(path)).\(getpid()).tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw DataError(file: path, message: "cannot write beside it (\(temporary))") }
        do {
            var out = BinaryWriter(descriptor: descriptor, path: temporary)
            try write(index, cacheKey: cacheKey, to: &out)
            try out.flush()
            guard fsync(descriptor) == 0, close(descriptor) == 0 else {
                throw DataError(file: path, message: "cannot write: \(String(cString: strerror(errno)))")
            }
            guard rename(temporary, path) == 0 else {
                throw DataError(file: path, message: "cannot replace it: \(String(cString: strerror(errno)))")
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
    }

    /// The table: count, (length, CRC) per section, and the CRC of all that.
    static func table(_ sections: [(length: Int, checksum: UInt32)]) -> [UInt8] {
        var words = [UInt64(sections.count)]
        for section in sections { words += [UInt64(section.length), UInt64(section.checksum)] }
        var bytes = words.withUnsafeBytes { Array($0) }
        let checksum = UInt64(Checksum.crc32c(bytes))
        withUnsafeBytes(of: checksum) { bytes.append(contentsOf: $0) }
        return bytes
    }

    private static func write(_ index: SearchIndex, cacheKey: String, to out: inout BinaryWriter) throws {
        try out.write(raw: signature)
        // The table's place, filled in once every section's length and checksum are known.
        let tableOffset = out.offset
        let placeholder = table(Section.allCases.map { _ in (0, 0) })
        try out.write(raw: placeholder)
        var sections: [(length: Int, checksum: UInt32)] = []
        for section in Section.allCases {
            out.startSection()
            try write(section, of: index, cacheKey: cacheKey, to: &out)
            sections.append(out.endSection())
        }
        try out.overwrite(at: tableOffset, with: table(sections))
    }

    private static func write(_ section: Section, of index: SearchIndex, cacheKey: String, to out: inout BinaryWriter) throws {
        switch section {
        case .meta:
            try out.write(string: index.name)
            try out.write(string: index.settings.fileJSON().serialized())
            try out.write(string: cacheKey)
        case .records:
            try index.records.write(to: &out)
        case .ranking:
            try out.write(UInt64(index.recordAtCustomRank.width))
            try out.write(array: index.recordAtCustomRank.bytes)
        case .terms:
            let dictionary = index.dictionary
            try out.write(packed: PackedStrings(dictionary.terms))
            try out.write(array: dictionary.offsets.map { Int64($0) })
            try out.write(array: PostingCoding.encode(dictionary.postings, offsets: dictionary.offsets))
        case .prefixes:
            let lists = index.prefixLists.all
            try out.write(array: lists.map(\.key))
            for (_, list) in lists {
                try out.write(UInt64(list.count))
                try out.write(array: list.gaps)
                try out.write(ids: list.cells)
                try out.write(array: list.palette)
            }
        case .facets:
            let facets = index.facetColumns.keys.sorted()
            try out.write(packed: PackedStrings(facets))
            for attribute in facets {
                let column = index.facetColumns[attribute]!
                try out.write(packed: PackedStrings(column.values))
                switch column.layout {
                case .single(let ids):
                    try out.write(0)
                    try out.write(ids: ids)
                case .multiple(let offsets, let ids):
                    try out.write(1)
                    try out.write(array: offsets)
                    try out.write(array: ids)
                }
            }
        case .numerics:
            let numerics = index.numericColumns.keys.sorted()
            try out.write(packed: PackedStrings(numerics))
            for attribute in numerics {
                switch index.numericColumns[attribute]!.storage {
                case .coded(let values, let ids):
                    try out.write(0)
                    try out.write(array: values)
                    try out.write(ids: ids)
                case .plain(let values):
                    try out.write(1)
                    try out.write(array: values)
                }
            }
        }
    }
}

import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reading an index file back: the signature and version, the section table (checked against
/// the file's size), then each section, its arrays checked against one another and the section
/// refused unless its checksum matches. Nothing of a section is used before it is verified:
/// the index is assembled only once every section has been read and checked.
extension IndexFile {
    /// With `cacheKey`, the file must have been written as the cache entry of that key.
    static func read(path: String, cacheKey expected: String? = nil) throws -> SearchIndex {
        try reading(path: path, cacheKey: expected) { meta, reader in
            func section<T>(_ section: Section, _ body: (inout BinaryReader) throws -> T) throws -> T {
                try reader.section(section, body)
            }
            let (name, settings) = (meta.name, meta.settings)
            let records = try section(.records) { input in
                guard let records = try RecordStore.read(from: &input), records.ids.map({ $0.count == records.count }) ?? true else {
                    throw input.damaged("the records do not fit together")
                }
                return records
            }
            let count = records.count
            let recordAtCustomRank = try section(.ranking) { input in
                let width = try input.readCount(atMost: 4)
                guard let order = RecordOrder(bytes: try input.readArray(), width: width, count: count), order.isConsistent(recordCount: count)
                else {
                    throw input.damaged("the ranking order does not name every record")
                }
                return order
            }
            let dictionary = try section(.terms) { try readTerms(&$0, documentCount: count) }
            let prefixLists = try section(.prefixes) { input in
                var lists: [UInt32: PrefixList] = [:]
                for key in try input.readArray(of: UInt32.self) {
                    let list = try PrefixList(
                        count: input.readCount(atMost: count), gaps: input.readArray(), cells: input.readIDs(), palette: input.readArray())
                    guard list.isConsistent(documentCount: count) else { throw input.damaged("a prefix list does not fit together") }
                    lists[key] = list
                }
                return PrefixLists(lists: lists)
            }
            let facetColumns = try section(.facets) { input in
                let names = try input.readPacked()
                var columns: [String: FacetColumn] = [:]
                for i in 0..<names.count {
                    let values = try input.readPacked()
                    let layout: FacetColumn.Layout
                    switch try input.readUInt64() {
                    case 0: layout = .single(try input.readIDs())
                    case 1: layout = .multiple(offsets: try input.readArray(), ids: try input.readArray())
                    default: throw input.damaged("an unknown facet layout")
                    }
                    let column = FacetColumn(values: (0..<values.count).map { values.string(at: $0) }, layout: layout)
                    guard column.documentCount == count, column.isConsistent else { throw input.damaged("a facet column does not fit together") }
                    columns[names.string(at: i)] = column
                }
                return columns
            }
            let numericColumns = try section(.numerics) { input in
                let names = try input.readPacked()
                var columns: [String: NumericColumn] = [:]
                for i in 0..<names.count {
                    let column: NumericColumn
                    switch try input.readUInt64() {
                    case 0: column = NumericColumn(storage: .coded(values: try input.readArray(), ids: try input.readIDs()))
                    case 1: column = NumericColumn(storage: .plain(try input.readArray()))
                    default: throw input.damaged("an unknown numeric layout")
                    }
                    guard column.count == count, column.isConsistent else { throw input.damaged("a numeric column does not fit together") }
                    columns[names.string(at: i)] = column
                }
                return columns
            }
            return SearchIndex(
                name: name, records: records, settings: settings, dictionary: dictionary, prefixLists: prefixLists,
                facetColumns: facetColumns, numericColumns: numericColumns, recordAtCustomRank: recordAtCustomRank)
        }
    }

    /// The signature (refusing a foreign file or another version) and the section table,
    /// whose lengths must add up to the file's size exactly.
    static func readHeader(_ input: inout BinaryReader, fileSize: Int) throws -> [(length: Int, checksum: UInt32)] {
        guard try input.readRaw(count: signaturePrefix.count) == signaturePrefix else {
            throw IndexFileError(file: input.path, reason: .notAnIndexFile)
        }
        var digits: [UInt8] = []
        while true {
            guard let byte = try input.readRaw(count: 1).first else { throw input.damaged("the signature is cut short") }
            if byte == UInt8(ascii: "\n") { break }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits.count < 6 else {
                throw input.damaged("the signature's version is unreadable")
            }
            digits.append(byte)
        }
        guard let version = Int(String(decoding: digits, as: UTF8.self)) else { throw input.damaged("the signature has no version") }
        guard version == IndexFile.version else {
            throw IndexFileError(file: input.path, reason: .unsupportedVersion(found: version))
        }
        input.startSection("table", length: fileSize - signature.count)
        let sectionCount = try input.readCount(atMost: 64)
        guard sectionCount == Section.allCases.count else {
            throw input.damaged("\(sectionCount) sections where there are \(Section.allCases.count)")
        }
        var sections: [(length: Int, checksum: UInt32)] = []
        for _ in 0..<sectionCount {
            let length = try input.readCount(atMost: fileSize)
            let checksum = try input.readCount(atMost: Int(UInt32.max))
            sections.append((length, UInt32(checksum)))
        }
        let computed = UInt64(input.checksum)
        guard try input.readUInt64() == computed else { throw input.damaged("checksum mismatch") }
        let tableEnd = signature.count + 8 + 16 * sectionCount + 8
        let needed = sections.reduce(tableEnd) { $0 + $1.length }  // at most 8 × the file's size: no overflow
        guard needed == fileSize else {
            throw input.damaged(
                needed > fileSize
                    ? "the file is truncated (\(fileSize) bytes where its sections need \(needed))"
                    : "\(fileSize - needed) unexpected bytes after the last section")
        }
        return sections
    }

    /// Terms ascending (the matcher binary-searches and walks them as a trie), posting lists
    /// back to back and each one ordered by document (the gatherers merge them unchecked).
    private static func readTerms(_ input: inout BinaryReader, documentCount count: Int) throws -> TermDictionary {
        let terms = try input.readPacked()
        let offsets = try input.readArray(of: Int64.self)
        let coded: [UInt8] = try input.readArray()
        guard terms.bytes.count < Int(Int32.max), offsets.count == terms.count + 1, offsets.first == 0,
            zip(offsets, offsets.dropFirst()).allSatisfy({ $0 <= $1 })
        else { throw input.damaged("the posting lists' offsets do not fit together") }
        for term in 1..<max(terms.count, 1) {
            guard terms.bytes[terms.range(at: term - 1)].lexicographicallyPrecedes(terms.bytes[terms.range(at: term)]) else {
                throw input.damaged("the terms are out of order")
            }
        }
        // Decoded gaps are never negative, so every list comes out ordered by record.
        guard let postings = PostingCoding.decode(coded, offsets: offsets, documentCount: count) else {
            throw input.damaged("a posting list is cut short or names a record that is not there")
        }
        return TermDictionary(terms: (0..<terms.count).map { terms.string(at: $0) }, offsets: offsets.map { Int($0) }, postings: postings)
    }
}

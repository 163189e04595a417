import Foundation
import InstantSearchCore

/// An index written to disk by `instantsearch index`, opened without rebuilding anything:
/// the term dictionary, posting lists, prefix lists and columns are stored as the arrays the
/// engine searches, and the records as compact JSON parsed only when shown.
///
/// Layout: the magic bytes, then sections in a fixed order, each an array with its length.
/// Writing goes to a temporary file beside the target, flushed, then renamed over it, so a
/// crash mid-write leaves the old index (or none), never half of one.
enum IndexFile {
    static let magic = Array("ISIDX\u{1}v3\n".utf8)

    static func isIndexFile(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: magic.count)).map { [UInt8]($0) == magic } ?? false
    }

    static func write(_ index: SearchIndex, to path: String) throws {
        var out = BinaryWriter()
        out.write(raw: magic)  // bare, so the first bytes identify the file
        out.write(string: index.name)
        out.write(string: index.settings.fileJSON().serialized())
        let (records, objectIDs) = index.records.packed()
        out.write(packed: records)
        out.write(packed: objectIDs)
        out.write(array: index.recordAtCustomRank)
        let dictionary = index.dictionary
        out.write(packed: PackedStrings(dictionary.terms))
        out.write(array: dictionary.offsets.map { Int64($0) })
        out.write(array: dictionary.postings)
        let lists = index.prefixLists.all
        out.write(array: lists.map(\.key))
        for (_, list) in lists {
            out.write(UInt64(list.count))
            out.write(array: list.gaps)
            out.write(ids: list.cells)
            out.write(array: list.palette)
        }
        let facets = index.facetColumns.keys.sorted()
        out.write(packed: PackedStrings(facets))
        for attribute in facets {
            let column = index.facetColumns[attribute]!
            out.write(packed: PackedStrings(column.values))
            switch column.layout {
            case .single(let ids):
                out.write(0)
                out.write(ids: ids)
            case .multiple(let offsets, let ids):
                out.write(1)
                out.write(array: offsets)
                out.write(array: ids)
            }
        }
        let numerics = index.numericColumns.keys.sorted()
        out.write(packed: PackedStrings(numerics))
        for attribute in numerics {
            switch index.numericColumns[attribute]!.storage {
            case .coded(let values, let ids):
                out.write(0)
                out.write(array: values)
                out.write(ids: ids)
            case .plain(let values):
                out.write(1)
                out.write(array: values)
            }
        }

        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else { throw DataError(file: path, message: "cannot write beside it (\(temporary))") }
        do {
            try handle.write(contentsOf: out.data)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary, path) == 0 else {
                throw DataError(file: path, message: "cannot replace it: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
    }

    static func read(path: String) throws -> SearchIndex {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw DataError(file: path, message: "cannot read the index file")
        }
        guard bytes.starts(with: magic) else { throw DataError(file: path, message: "not an index file") }
        var input = BinaryReader(bytes: bytes, path: path, offset: magic.count)
        let inconsistent = DataError(file: path, message: "the index file is inconsistent; rebuild it")
        let name = try input.readString()
        let settings = try IndexSettings.parse(text: try input.readString(), file: path).resolved(for: [])
        let records = try input.readPacked()
        let objectIDs = try input.readPacked()
        let recordAtCustomRank = try input.readArray(of: Int32.self)
        let termStrings = try input.readPacked()
        let terms = (0..<termStrings.count).map { termStrings.string(at: $0) }
        let offsets = try input.readArray(of: Int64.self).map { Int($0) }
        let postings = try input.readArray(of: Posting.self)
        let count = records.count
        guard objectIDs.count == count, recordAtCustomRank.count == count,
            offsets.count == terms.count + 1, offsets.last == postings.count,
            postings.allSatisfy({ $0.record >= 0 && Int($0.record) < count }),
            recordAtCustomRank.allSatisfy({ $0 >= 0 && Int($0) < count })
        else { throw inconsistent }
        let dictionary = TermDictionary(terms: terms, offsets: offsets, postings: postings)
        let keys = try input.readArray(of: UInt32.self)
        var lists: [UInt32: PrefixList] = [:]
        for key in keys {
            let list = try PrefixList(count: Int(input.readUInt64()), gaps: input.readArray(), cells: input.readIDs(), palette: input.readArray())
            guard list.isConsistent(documentCount: count) else { throw inconsistent }
            lists[key] = list
        }
        let facetNames = try input.readPacked()
        var facetColumns: [String: FacetColumn] = [:]
        for i in 0..<facetNames.count {
            let values = try input.readPacked()
            let layout: FacetColumn.Layout
            switch try input.readUInt64() {
            case 0: layout = .single(try input.readIDs())
            case 1: layout = .multiple(offsets: try input.readArray(), ids: try input.readArray())
            default: throw inconsistent
            }
            let column = FacetColumn(values: (0..<values.count).map { values.string(at: $0) }, layout: layout)
            guard column.documentCount == count, column.isConsistent else { throw inconsistent }
            facetColumns[facetNames.string(at: i)] = column
        }
        let numericNames = try input.readPacked()
        var numericColumns: [String: NumericColumn] = [:]
        for i in 0..<numericNames.count {
            let column: NumericColumn
            switch try input.readUInt64() {
            case 0: column = NumericColumn(storage: .coded(values: try input.readArray(), ids: try input.readIDs()))
            case 1: column = NumericColumn(storage: .plain(try input.readArray()))
            default: throw inconsistent
            }
            guard column.count == count, column.isConsistent else { throw inconsistent }
            numericColumns[numericNames.string(at: i)] = column
        }
        return SearchIndex(
            name: name, records: RecordStore(packedRecords: records, objectIDs: objectIDs), settings: settings,
            dictionary: dictionary, prefixLists: PrefixLists(lists: lists), facetColumns: facetColumns,
            numericColumns: numericColumns, recordAtCustomRank: recordAtCustomRank)
    }
}

import Foundation
import InstantSearchCore

/// An index written to disk by `instantsearch index`, opened without rebuilding anything:
/// records, term dictionary, posting lists, prefix lists and columns are stored as the arrays
/// the engine searches, and read straight back into them.
///
/// Layout: the magic bytes, then sections in a fixed order, each an array with its length.
/// Writing goes to a temporary file beside the target, flushed, then renamed over it, so a
/// crash mid-write leaves the old index (or none), never half of one.
enum IndexFile {
    static let magic = Array("ISIDX\u{1}v4\n".utf8)  // v4: postings mark whole values

    static func isIndexFile(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: magic.count)).map { [UInt8]($0) == magic } ?? false
    }

    static func write(_ index: SearchIndex, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw DataError(file: path, message: "cannot write beside it (\(temporary))") }
        do {
            var out = BinaryWriter(descriptor: descriptor, path: temporary)
            try write(index, to: &out)
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

    private static func write(_ index: SearchIndex, to out: inout BinaryWriter) throws {
        try out.write(raw: magic)  // bare, so the first bytes identify the file
        try out.write(string: index.name)
        try out.write(string: index.settings.fileJSON().serialized())
        try index.records.write(to: &out)
        try out.write(array: index.recordAtCustomRank)
        let dictionary = index.dictionary
        try out.write(packed: PackedStrings(dictionary.terms))
        try out.write(array: dictionary.offsets.map { Int64($0) })
        try out.write(array: dictionary.postings)
        let lists = index.prefixLists.all
        try out.write(array: lists.map(\.key))
        for (_, list) in lists {
            try out.write(UInt64(list.count))
            try out.write(array: list.gaps)
            try out.write(ids: list.cells)
            try out.write(array: list.palette)
        }
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

    static func read(path: String) throws -> SearchIndex {
        let descriptor = open(path, O_RDONLY)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw DataError(file: path, message: "cannot read the index file")
        }
        defer { close(descriptor) }
        var input = BinaryReader(descriptor: descriptor, path: path, size: Int(status.st_size))
        let inconsistent = DataError(file: path, message: "the index file is inconsistent; rebuild it")
        guard try input.readRaw(count: magic.count) == magic else { throw DataError(file: path, message: "not an index file") }
        let name = try input.readString()
        let settings = try IndexSettings.parse(text: try input.readString(), file: path).resolved(for: [])
        guard let records = try RecordStore.read(from: &input) else { throw inconsistent }
        let count = records.count
        let recordAtCustomRank = try input.readArray(of: Int32.self)
        let termStrings = try input.readPacked()
        let terms = (0..<termStrings.count).map { termStrings.string(at: $0) }
        let offsets = try input.readArray(of: Int64.self).map { Int($0) }
        let postings = try input.readArray(of: Posting.self)
        guard records.ids.map({ $0.count == count }) ?? true, recordAtCustomRank.count == count,
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
            name: name, records: records, settings: settings, dictionary: dictionary, prefixLists: PrefixLists(lists: lists),
            facetColumns: facetColumns, numericColumns: numericColumns, recordAtCustomRank: recordAtCustomRank)
    }
}

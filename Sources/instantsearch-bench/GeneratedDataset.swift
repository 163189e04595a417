import Foundation

/// The 10M-record set, made from the shared babynames.csv rather than stored anywhere: its
/// rows repeated until there are ten million (copy k of a row adds k to its count, so no two
/// copies are the same record), about 180 MB of CSV. The same input always gives the same
/// bytes, so runs on different days and machines measure the same thing.
///
/// It is written to a cache folder (not the repository), aside then renamed, and kept while its
/// size is what the generator would write now; a changed source or generator writes it again.
enum GeneratedDataset {
    static let records = 10_000_000
    static let fileName = "babynames-10m.csv"

    /// `${XDG_CACHE_HOME:-~/.cache}/instantsearch-bench`
    static var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return (cache as NSString).appendingPathComponent("instantsearch-bench")
    }

    /// The generated file's path, writing it first when it is missing or stale. nil when the source is absent.
    static func ensure(source: String, folder: String) throws -> String? {
        guard let input = FileManager.default.contents(atPath: source) else { return nil }
        let bytes = generate(from: [UInt8](input), records: records)
        let path = (folder as NSString).appendingPathComponent(fileName)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue == bytes.count {
            return path
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let aside = path + ".\(getpid()).partial"
        try Data(bytes).write(to: URL(fileURLWithPath: aside))
        guard rename(aside, path) == 0 else {
            try? FileManager.default.removeItem(atPath: aside)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }

    /// `name,sex,count,year` rows after the header, repeated with copy k's count raised by k,
    /// until `records` rows are written. Rows not of that shape are copied unchanged.
    static func generate(from csv: [UInt8], records: Int) -> [UInt8] {
        var lines = csv.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        guard !lines.isEmpty else { return [] }
        let header = lines.removeFirst()
        var output: [UInt8] = []
        output.reserveCapacity(csv.count * (records / max(lines.count, 1) + 1))
        output.append(contentsOf: header)
        output.append(UInt8(ascii: "\n"))
        guard !lines.isEmpty else { return output }
        var written = 0
        var copy = 0
        while written < records {
            for line in lines where written < records {
                output.append(contentsOf: copy == 0 ? Array(line) : varied(line, copy: copy))
                output.append(UInt8(ascii: "\n"))
                written += 1
            }
            copy += 1
        }
        return output
    }

    /// The row with `copy` added to its third field, when that field is a whole number.
    static func varied(_ line: ArraySlice<UInt8>, copy: Int) -> [UInt8] {
        let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard fields.count == 4, let count = Int(String(decoding: fields[2], as: UTF8.self)) else { return Array(line) }
        var row = Array(fields[0]) + [UInt8(ascii: ",")] + Array(fields[1]) + [UInt8(ascii: ",")]
        row += Array(String(count + copy).utf8) + [UInt8(ascii: ",")] + Array(fields[3])
        return row
    }
}

import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

extension LineFilter {
    /// One chunk on one core: cut into lines as `LineRecords` cuts them (each moved down over
    /// the line ends and blank lines before it, in place), matched and scored by `LineScan` on
    /// a table of its own, and only the matching lines' bytes kept, in the order they print.
    static func process(_ chunk: consuming [UInt8], job: Job) -> ChunkResult {
        var text = chunk
        var result = ChunkResult()
        var length = 0
        var ends = TextEnds()
        let load = job.load
        let separator = load.lineSeparator
        text.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            LineRecords.forEachLine(UnsafeBufferPointer(buffer), separator: separator) { range in
                result.rawLines += 1
                if range.count > load.maxRecordBytes {
                    let error = DataError(
                        file: job.file, line: result.rawLines, column: 1, message: InputGuard.recordTooLong(load.maxRecordBytes))
                    guard load.lenient else {
                        result.failure = error
                        return false
                    }
                    result.skipped.append(error)
                } else {
                    memmove(base + length, base + range.lowerBound, range.count)
                    length += range.count
                    ends.append(length)
                }
                return true
            }
        }
        if result.failure != nil { return result }
        text.removeLast(text.count - length)
        let table = LineTable(bytes: text, ends: ends, cores: 1)
        let options = job.options
        var lines: [Int]
        if job.pattern.isEmpty {
            lines = Array(0..<table.count)
            if options.reversed { lines.reverse() }
        } else {
            let scan = LineScan(table: table, pattern: job.pattern, options: options, cores: 1)
            // Outside a task nothing cancels the scan.
            guard let matches = try? scan.matches(candidates: nil, best: options.sort ? table.count : 0) else { return result }
            if options.sort {
                var keys = matches.best
                if options.rankingTiebreaks.count > 1 {
                    // The later criteria for every match: which ones tie is known only once
                    // every chunk is in.
                    var ranked = keys.map { (key: $0, later: packed(scan.laterTiebreaks(of: scan.line(of: $0)))) }
                    ranked.sort { $0.key >> 32 != $1.key >> 32 ? $0.key < $1.key : $0.later != $1.later ? $0.later < $1.later : $0.key < $1.key }
                    keys = ranked.map(\.key)
                    result.later = ranked.map(\.later)
                }
                result.keys = keys
                lines = keys.map(scan.line(of:))
            } else {
                lines = []
                lines.reserveCapacity(matches.lines.count)
                matches.lines.forEach { lines.append($0) }
                if options.reversed { lines.reverse() }
            }
        }
        result.ends.reserveCapacity(lines.count)
        table.bytes.withUnsafeBufferPointer { bytes in
            table.ends.withReader { ends in
                var total = 0
                for line in lines { total += ends.end(line) - ends.start(line) }
                result.bytes.reserveCapacity(total)
                for line in lines {
                    result.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[ends.start(line)..<ends.end(line)]))
                    result.ends.append(UInt32(result.bytes.count))
                }
            }
        }
        return result
    }

    /// Tie-break values (each at most 0xFFFF), the first in the highest bits: compared as one
    /// number, they compare as the list does. At most four follow the first criterion.
    static func packed(_ values: [Int]) -> UInt64 {
        var packed: UInt64 = 0
        for (index, value) in values.prefix(4).enumerated() { packed |= UInt64(min(max(value, 0), 0xFFFF)) << UInt64(48 - 16 * index) }
        return packed
    }
}

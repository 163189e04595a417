import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension DataLoader {
    /// Reads a descriptor (standard input) to its end, checking each chunk as it arrives
    /// (`InputGuard`): NUL bytes or invalid UTF-8 are reported at once, and a record or a run of
    /// blank lines longer than `options.maxRecordBytes` is refused, so that `/dev/zero` or
    /// `yes ""` ends in a message rather than in all the memory there is. With `--lenient`, a
    /// record too long is taken out as it arrives; `options` then counts it (`skippedBefore`),
    /// for the parse's report.
    public static func readAll(
        descriptor: Int32, name: String = "<stdin>", format: DataFormat? = nil, options: inout LoadOptions,
        chunkSize: Int = 1 << 20
    ) throws -> [UInt8] {
        var inputGuard = InputGuard(file: name, options: options)
        var buffer: [UInt8] = []
        // What the guard frames records by: stated, else sniffed once a sample has arrived.
        var format = format
        while true {
            let count = buffer.appendRead(from: descriptor, upTo: chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw DataError(file: name, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            let atEnd = count == 0
            if format == nil || format == .json, atEnd || buffer.count >= FormatSniffer.sampleBytes {
                format = format == nil ? FormatSniffer.sniff(buffer, isComplete: atEnd) : try DataFormat.resolve(format, bytes: buffer, file: name)
            }
            _ = try inputGuard.check(&buffer, format: format, atEnd: atEnd)
            if atEnd {
                options.skippedBefore = inputGuard.skipped.counted
                options.skippedBefore.lines = inputGuard.skippedLines
                return buffer
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// One `read(2)` of at most `count` bytes onto the end; returns what `read` returned. Only
    /// the bytes read are added (a pipe gives 64 KiB at a time, whatever is asked for): no
    /// chunk-sized fill to take back, and the array grows geometrically as arrays do.
    mutating func appendRead(from descriptor: Int32, upTo count: Int) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch in
            let got = read(descriptor, scratch.baseAddress, count)
            if got > 0 { append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<got])) }
            return got
        }
    }

    /// Gives the whole pages past the last element back to the system; the capacity stays (a
    /// page used again comes back zeroed). Plain lines are written over their own input, and
    /// without this its line ends (1.6 MB at 1.69M lines) would stay in memory as long as the lines.
    mutating func returnPagesPastTheEnd() {
        let capacity = capacity
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, page > 0 else { return }
            let from = (Int(bitPattern: base + buffer.count) + page - 1) & ~(page - 1)
            let to = Int(bitPattern: base + capacity) & ~(page - 1)
            if to > from { madvise(UnsafeMutableRawPointer(bitPattern: from), to - from, MADV_DONTNEED) }
        }
    }
}

import Foundation
import InstantSearchCore

extension DataLoader {
    /// Reads a descriptor (standard input) to its end, checking each chunk as it arrives
    /// (`InputGuard`): NUL bytes or invalid UTF-8 are reported at once, and a record or a run of
    /// blank lines longer than `options.maxRecordBytes` is refused, so that `/dev/zero` or
    /// `yes ""` ends in a message rather than in all the memory there is.
    public static func readAll(
        descriptor: Int32, name: String = "<stdin>", format: DataFormat? = nil, options: LoadOptions = .strict,
        chunkSize: Int = 1 << 20
    ) throws -> [UInt8] {
        var inputGuard = InputGuard(file: name, options: options)
        var buffer: [UInt8] = []
        // What the guard frames records by: stated, else sniffed once a sample has arrived.
        var format = format
        while true {
            let before = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: chunkSize))
            let count = buffer.withUnsafeMutableBufferPointer { read(descriptor, $0.baseAddress! + before, chunkSize) }
            buffer.removeLast(chunkSize - max(count, 0))
            if count < 0 {
                if errno == EINTR { continue }
                throw DataError(file: name, message: "cannot read: \(String(cString: strerror(errno)))")
            }
            let atEnd = count == 0
            if format == nil || format == .json, atEnd || buffer.count >= FormatSniffer.sampleBytes {
                format = format == nil ? FormatSniffer.sniff(buffer, isComplete: atEnd) : try DataFormat.resolve(format, bytes: buffer, file: name)
            }
            try inputGuard.check(buffer, format: format, atEnd: atEnd)
            if atEnd { return buffer }
        }
    }
}

import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

extension LineFilter {
    /// The input in chunks of whole lines: about `chunkBytes` read, cut after the last line end
    /// (after an LF, or a NUL with `--read0`), the rest carried into the next chunk. Checks
    /// the text as it comes, as the loader does (`InputGuard`): the first NUL byte (unless
    /// `--lenient`, or NUL ends lines) is an error at once; a line with no end within
    /// `maxRecordBytes` is an error, or with `--lenient` skipped to its end.
    struct ChunkReader {
        enum Piece {
            /// Whole lines.
            case lines([UInt8])
            /// One line too long, skipped (`--lenient`), its line number 1 (the piece's first).
            case skipped(DataError)
        }

        private let input: Input
        private let checksNUL: Bool
        private var carry: [UInt8] = []
        /// The input's bytes before `carry`.
        private var consumed = 0
        private var atEnd = false

        init(_ input: Input) {
            self.input = input
            checksNUL = !input.load.lenient && input.load.lineSeparator == .newline
        }

        /// Whether the input is read to its end and every piece handed out.
        var isAtEnd: Bool { atEnd && carry.isEmpty }

        /// The next piece, nil at the end. A problem is thrown as a `Located` whose line is
        /// counted from the piece's first.
        mutating func next() throws(Located) -> Piece? {
            var capacity = max(input.chunkBytes, carry.count * 2)
            while true {
                if atEnd && carry.isEmpty { return nil }
                let carried = carry.count
                var failure: Int32?
                var buffer = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, filled in
                    let base = buffer.baseAddress!
                    carry.withUnsafeBufferPointer { if carried > 0 { base.update(from: $0.baseAddress!, count: carried) } }
                    filled = carried
                    while !atEnd && filled < capacity {
                        let count = input.read(UnsafeMutableRawBufferPointer(start: base + filled, count: capacity - filled))
                        if count < 0 {
                            if Int32(-count) == EINTR { continue }
                            failure = Int32(-count)
                            atEnd = true
                        } else if count == 0 {
                            atEnd = true
                        } else {
                            filled += count
                        }
                    }
                }
                carry = []
                if let failure {
                    throw Located(chunk: 0, error: DataError(file: input.file, message: "cannot read: \(String(cString: strerror(failure)))"))
                }
                if checksNUL, let offset = buffer.withUnsafeBufferPointer({ TextCheck.firstNUL($0, in: carried..<$0.count) }) {
                    let error = buffer.withUnsafeBufferPointer { bytes in
                        var error = TextCheck.error(at: offset, in: bytes, file: input.file, lines: LineIndex())
                        error.message = "a NUL byte (byte offset \(consumed + offset)): this is binary data, not JSON, NDJSON or CSV text"
                        return error
                    }
                    throw Located(chunk: 0, error: error)
                }
                let cut = atEnd ? buffer.count : buffer.withUnsafeBufferPointer { Self.cut($0, separator: input.load.lineSeparator) }
                if cut > 0 {
                    carry = Array(buffer[cut...])
                    buffer.removeLast(buffer.count - cut)
                    consumed += cut
                    return .lines(buffer)
                }
                if buffer.count > input.load.maxRecordBytes {
                    let error = DataError(file: input.file, line: 1, column: 1, message: InputGuard.recordTooLong(input.load.maxRecordBytes))
                    guard input.load.lenient else { throw Located(chunk: 0, error: error) }
                    skipLine(read: buffer.count)
                    return .skipped(error)
                }
                // One line longer than the buffer: read on into one twice as large.
                carry = buffer
                capacity = max(capacity * 2, carry.count + input.chunkBytes)
            }
        }

        /// Reads past the rest of a line too long (`--lenient`), keeping what follows its end; a
        /// line past `InputGuard.skippableFactor` times the limit (`/dev/zero`) ends the input.
        private mutating func skipLine(read: Int) {
            var skipped = read
            var scratch = [UInt8](repeating: 0, count: input.chunkBytes)
            while !atEnd {
                let count = scratch.withUnsafeMutableBytes { input.read($0) }
                if count < 0 && Int32(-count) == EINTR { continue }
                guard count > 0 else {
                    atEnd = true
                    break
                }
                let end = scratch.withUnsafeBufferPointer { bytes in
                    (0..<count).first {
                        bytes[$0] == (input.load.lineSeparator == .nul ? 0 : 0x0A)
                    }
                }
                if let end {
                    carry = Array(scratch[(end + 1)..<count])
                    return
                }
                skipped += count
                if skipped > input.load.maxRecordBytes * InputGuard.skippableFactor { atEnd = true }
            }
            carry = []
        }

        /// Where the buffer's last whole line ends (0: none does).
        static func cut(_ bytes: UnsafeBufferPointer<UInt8>, separator: LoadOptions.LineSeparator) -> Int {
            let end: UInt8 = separator == .nul ? 0 : 0x0A
            var index = bytes.count - 1
            while index >= 0, bytes[index] != end { index -= 1 }
            return index + 1
        }
    }
}

import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Whether data is text: valid UTF-8 without NUL bytes. Decoding would otherwise replace bad
/// bytes with U+FFFD without a word, and a binary file would load as a one-column CSV.
enum TextCheck {
    /// The offset of the first byte in `range` that is not valid UTF-8 or is NUL; nil when none is.
    static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var i = range.lowerBound
        let end = min(range.upperBound, bytes.count)
        while i < end {
            // Eight ASCII bytes at a time: no high bit set and no zero byte among them.
            if end - i >= 8 {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if (word & 0x8080_8080_8080_8080) | zero == 0 {
                    i += 8
                    continue
                }
            }
            let lead = bytes[i]
            if lead < 0x80 {
                if lead == 0 { return i }
                i += 1
                continue
            }
            var scalar: UInt32
            let following: Int
            switch lead {
            case 0xC2...0xDF: (scalar, following) = (UInt32(lead & 0x1F), 1)
            case 0xE0...0xEF: (scalar, following) = (UInt32(lead & 0x0F), 2)
            case 0xF0...0xF4: (scalar, following) = (UInt32(lead & 0x07), 3)
            default: return i  // a continuation byte first, an overlong C0/C1, or past U+10FFFF
            }
            guard i + following < end else { return i }
            for k in 1...following {
                let byte = bytes[i + k]
                guard byte & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            // Overlong forms, UTF-16 surrogates and scalars past U+10FFFF are not UTF-8.
            if following == 2, scalar < 0x800 || (0xD800...0xDFFF).contains(scalar) { return i }
            if following == 3, scalar < 0x10000 || scalar > 0x10FFFF { return i }
            i += following + 1
        }
        return nil
    }

    /// The error for the byte at `offset`, by line and column and by byte offset.
    static func error(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String, lines: LineIndex) -> DataError {
        let (line, column) = lines.lineAndColumn(of: offset, in: bytes)
        let message =
            bytes[offset] == 0
            ? "a NUL byte (byte offset \(offset)): this is binary data, not JSON, NDJSON or CSV text"
            : "invalid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at byte offset \(offset)); save the file as UTF-8"
        return DataError(file: file, line: line, column: column, message: message)
    }

    /// The offset of the first NUL byte in `range`: binary data, which plain lines (where a
    /// byte that is not UTF-8 is kept and shown as U+FFFD) refuse all the same.
    static func firstNUL(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress, !range.isEmpty, let found = memchr(base + range.lowerBound, 0, range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Throws for the first NUL byte of the whole buffer.
    static func requireNoNUL(_ bytes: UnsafeBufferPointer<UInt8>, file: String, lines: LineIndex) throws {
        if let bad = firstNUL(bytes, in: 0..<bytes.count) { throw error(at: bad, in: bytes, file: file, lines: lines) }
    }

    /// Throws for the first invalid byte of the whole buffer.
    static func requireText(_ bytes: UnsafeBufferPointer<UInt8>, file: String, lines: LineIndex) throws {
        if let bad = firstInvalidByte(bytes, in: 0..<bytes.count) { throw error(at: bad, in: bytes, file: file, lines: lines) }
    }
}

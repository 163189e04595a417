import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads what `BinaryWriter` wrote, straight from the file into each array's storage, one
/// section at a time: every length is checked against what is left of the section before
/// anything is allocated, every byte goes through the section's CRC-32C, and `endSection`
/// refuses a section whose checksum or length does not match. So a truncated, corrupted or
/// foreign file is an `IndexFileError`, never a trap, a huge allocation or a wrong answer.
struct BinaryReader {
    private let descriptor: Int32
    let path: String
    /// Bytes left in the current section (before the first: in the file).
    private var remaining: Int
    private(set) var checksum: UInt32 = 0
    private var section = "header"

    init(descriptor: Int32, path: String, size: Int) {
        self.descriptor = descriptor
        self.path = path
        self.remaining = size
    }

    func damaged(_ detail: String) -> IndexFileError {
        IndexFileError(file: path, reason: .damaged, detail: "section \(section): \(detail)")
    }

    mutating func startSection(_ name: String, length: Int) {
        section = name
        remaining = length
        checksum = 0
    }

    /// Checks that the section was read to its last byte and that its bytes are the ones written.
    func endSection(expecting expected: UInt32) throws {
        guard remaining == 0 else { throw damaged("\(remaining) bytes were not read") }
        guard checksum == expected else { throw damaged("checksum mismatch") }
    }

    private mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count <= remaining else { throw damaged("a length runs past the end of the section") }
        var done = 0
        while done < buffer.count {
            let n = Glibc.read(descriptor, buffer.baseAddress! + done, buffer.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw damaged("the file ends early") }
            done += n
        }
        remaining -= buffer.count
        checksum = Checksum.crc32c(checksum, UnsafeRawBufferPointer(buffer))
    }

    mutating func readUInt64() throws -> UInt64 {
        var value: UInt64 = 0
        try withUnsafeMutableBytes(of: &value) { try read(into: $0) }
        return value
    }

    /// A count or size, refused when above `limit` (a count read from damage could be anything).
    mutating func readCount(atMost limit: Int) throws -> Int {
        let value = try readUInt64()
        guard value <= UInt64(max(limit, 0)) else { throw damaged("a count of \(value) is out of range") }
        return Int(value)
    }

    mutating func readArray<T: BitwiseCopyable>(of type: T.Type = T.self) throws -> [T] {
        let n = try readCount(atMost: remaining / max(MemoryLayout<T>.stride, 1))
        // Not through `unsafeUninitializedCapacity` when empty: that writes the count into the
        // runtime's one shared empty array, a race when two threads read files (ThreadSanitizer).
        guard n > 0 else { return [] }
        var failure: Error?
        let array = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            do {
                try read(into: UnsafeMutableRawBufferPointer(buffer))
                initialized = n
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return array
    }

    /// Bytes written bare (`BinaryWriter.write(raw:)`); fewer when the file is shorter.
    mutating func readRaw(count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(count, remaining))
        try bytes.withUnsafeMutableBytes { try read(into: $0) }
        return bytes
    }

    mutating func readString() throws -> String {
        String(decoding: try readArray(of: UInt8.self), as: UTF8.self)
    }

    mutating func readIDs() throws -> PackedIDs {
        switch try readUInt64() {
        case 1: return .u8(try readArray())
        case 2: return .u16(try readArray())
        case 4: return .u32(try readArray())
        default: throw damaged("an id width that is not 1, 2 or 4")
        }
    }

    mutating func readPacked() throws -> PackedStrings {
        let bytes = try readArray(of: UInt8.self)
        let ends = try readArray(of: Int64.self)
        guard ends.allSatisfy({ $0 >= 0 && $0 <= Int64(bytes.count) }), zip(ends, ends.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw damaged("string ends out of order")
        }
        return PackedStrings(bytes: bytes, ends: ends)
    }
}

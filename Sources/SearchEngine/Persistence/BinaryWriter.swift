import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writes fixed-width values and whole arrays of plain values to a file, native byte order (an
/// index file is read back on the machine that wrote it, or one like it). Small values gather
/// in a buffer; arrays go straight from their storage to the file, so writing an index costs
/// no second copy of it in memory. Every byte goes through the running checksum of the
/// current section (`startSection` / `endSection`).
struct BinaryWriter {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private static let bufferSize = 1 << 16
    /// Bytes written so far, buffered or not: where the next byte lands in the file.
    private(set) var offset = 0
    private var checksum: UInt32 = 0
    private var sectionStart = 0

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(BinaryWriter.bufferSize)
    }

    private mutating func emit(_ bytes: UnsafeRawBufferPointer) throws {
        checksum = Checksum.crc32c(checksum, bytes)
        offset += bytes.count
        if bytes.count >= BinaryWriter.bufferSize {
            try flush()
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= BinaryWriter.bufferSize { try flush() }
        }
    }

    mutating func startSection() {
        checksum = 0
        sectionStart = offset
    }

    /// The section written since `startSection`: its length and CRC-32C.
    func endSection() -> (length: Int, checksum: UInt32) {
        (offset - sectionStart, checksum)
    }

    mutating func write(_ value: UInt64) throws {
        try withUnsafeBytes(of: value) { try emit($0) }
    }

    mutating func write<T: BitwiseCopyable>(array: [T]) throws {
        try write(UInt64(array.count))
        try array.withUnsafeBytes { try emit($0) }
    }

    mutating func write(raw bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try emit($0) }
    }

    mutating func write(string: String) throws {
        try write(array: Array(string.utf8))
    }

    mutating func write(packed: PackedStrings) throws {
        try write(array: packed.bytes)
        try write(array: packed.ends)
    }

    mutating func write(ids: PackedIDs) throws {
        try write(UInt64(ids.width))
        switch ids {
        case .u8(let a): try write(array: a)
        case .u16(let a): try write(array: a)
        case .u32(let a): try write(array: a)
        }
    }

    /// Replaces bytes written earlier (the section table, once the sections are known).
    mutating func overwrite(at position: Int, with bytes: [UInt8]) throws {
        try flush()
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(position + done))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw DataError(file: path, message: "cannot write: \(String(cString: strerror(errno)))") }
                done += n
            }
        }
    }

    mutating func flush() throws {
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw DataError(file: path, message: "cannot write: \(String(cString: strerror(errno)))") }
            done += n
        }
    }
}

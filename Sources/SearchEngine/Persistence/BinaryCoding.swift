import Foundation
import InstantSearchCore

/// Writes fixed-width values and whole arrays of plain values to a file, native byte order (an
/// index file is read back on the machine that wrote it, or one like it). Small values gather
/// in a buffer; arrays go straight from their storage to the file, so writing an index costs
/// no second copy of it in memory.
struct BinaryWriter {
    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private static let bufferSize = 1 << 16

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(BinaryWriter.bufferSize)
    }

    mutating func write(_ value: UInt64) throws {
        withUnsafeBytes(of: value) { buffer.append(contentsOf: $0) }
        if buffer.count >= BinaryWriter.bufferSize { try flush() }
    }

    mutating func write<T: BitwiseCopyable>(array: [T]) throws {
        try write(UInt64(array.count))
        if array.count * MemoryLayout<T>.stride < BinaryWriter.bufferSize {
            array.withUnsafeBytes { buffer.append(contentsOf: $0) }
            if buffer.count >= BinaryWriter.bufferSize { try flush() }
        } else {
            try flush()
            try array.withUnsafeBytes { try writeAll($0) }
        }
    }

    mutating func write(raw bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        try flush()
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

    mutating func flush() throws {
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let n = Foundation.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw DataError(file: path, message: "cannot write: \(String(cString: strerror(errno)))") }
            done += n
        }
    }
}

/// Reads what `BinaryWriter` wrote, straight from the file into each array's storage; every
/// length is checked against what is left of the file, so a truncated or foreign file is an
/// error, never a crash or a huge allocation.
struct BinaryReader {
    private let descriptor: Int32
    let path: String
    private var remaining: Int

    init(descriptor: Int32, path: String, size: Int) {
        self.descriptor = descriptor
        self.path = path
        self.remaining = size
    }

    private func corrupt() -> DataError {
        DataError(file: path, message: "the index file is damaged or was written by another version; rebuild it")
    }

    private mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count <= remaining else { throw corrupt() }
        var done = 0
        while done < buffer.count {
            let n = Foundation.read(descriptor, buffer.baseAddress! + done, buffer.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw corrupt() }
            done += n
        }
        remaining -= buffer.count
    }

    mutating func readUInt64() throws -> UInt64 {
        var value: UInt64 = 0
        try withUnsafeMutableBytes(of: &value) { try read(into: $0) }
        return value
    }

    mutating func readArray<T: BitwiseCopyable>(of type: T.Type = T.self) throws -> [T] {
        let count = try readUInt64()
        let size = MemoryLayout<T>.stride
        guard count <= UInt64(remaining / max(size, 1)) else { throw corrupt() }
        let n = Int(count)
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
        guard count <= remaining else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
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
        default: throw corrupt()
        }
    }

    mutating func readPacked() throws -> PackedStrings {
        let bytes = try readArray(of: UInt8.self)
        let ends = try readArray(of: Int64.self)
        guard ends.allSatisfy({ $0 >= 0 && $0 <= Int64(bytes.count) }), zip(ends, ends.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw corrupt()
        }
        return PackedStrings(bytes: bytes, ends: ends)
    }
}

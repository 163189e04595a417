import Foundation
import InstantSearchCore

/// Appends fixed-width values and whole arrays of plain values, native byte order (an index
/// file is read back on the machine that wrote it, or one like it).
struct BinaryWriter {
    private(set) var data = Data()

    mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
    }

    mutating func write<T: BitwiseCopyable>(array: [T]) {
        write(UInt64(array.count))
        array.withUnsafeBytes { data.append(contentsOf: $0) }
    }

    mutating func write(raw bytes: [UInt8]) {
        data.append(contentsOf: bytes)
    }

    mutating func write(string: String) {
        write(array: Array(string.utf8))
    }

    mutating func write(packed: PackedStrings) {
        write(array: packed.bytes)
        write(array: packed.ends)
    }

    mutating func write(ids: PackedIDs) {
        write(UInt64(ids.width))
        switch ids {
        case .u8(let a): write(array: a)
        case .u16(let a): write(array: a)
        case .u32(let a): write(array: a)
        }
    }
}

/// Reads what `BinaryWriter` wrote; every length is checked against what is left, so a
/// truncated or foreign file is an error, never a crash.
struct BinaryReader {
    /// Memory-mapped: each array is copied once, from the file's pages into its own storage.
    let bytes: Data
    let path: String
    private(set) var offset = 0

    init(bytes: Data, path: String, offset: Int = 0) {
        self.bytes = bytes
        self.path = path
        self.offset = offset
    }

    private func corrupt() -> DataError {
        DataError(file: path, message: "the index file is damaged or was written by another version; rebuild it")
    }

    mutating func readUInt64() throws -> UInt64 {
        guard offset + 8 <= bytes.count else { throw corrupt() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        offset += 8
        return value
    }

    mutating func readArray<T: BitwiseCopyable>(of type: T.Type = T.self) throws -> [T] {
        let count = try readUInt64()
        let size = MemoryLayout<T>.stride
        guard count < UInt64(Int.max / max(size, 1)), offset + Int(count) * size <= bytes.count else { throw corrupt() }
        let n = Int(count)
        let start = offset
        let array = [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<start + n * size]))
            }
            initialized = n
        }
        offset += n * size
        return array
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

import CChecksum

/// CRC-32C of index-file sections (the processor's CRC instruction where there is one).
enum Checksum {
    static func crc32c(_ previous: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return previous }
        return cchecksum_crc32c(previous, base, bytes.count)
    }

    static func crc32c(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { crc32c(0, $0) }
    }
}

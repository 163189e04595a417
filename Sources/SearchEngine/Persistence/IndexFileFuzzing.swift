/// For the index-file fuzz target only (`Fuzz/Sources/FuzzIndexFile`): random bytes almost
/// never carry matching CRCs, so without this the fuzzer would only ever meet the checksum
/// check and never the structure behind it.
@_spi(Fuzzing) public enum IndexFileFuzzing {
    /// `bytes` with every section's checksum and the table's recomputed, when the signature and
    /// the table's lengths make sense; otherwise unchanged.
    public static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        let count = IndexFile.Section.allCases.count
        let tableStart = IndexFile.signature.count
        let tableEnd = tableStart + 8 + 16 * count + 8
        guard bytes.count >= tableEnd, Array(bytes[..<tableStart]) == IndexFile.signature else { return bytes }
        func word(_ at: Int) -> UInt64 {
            bytes[at..<at + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        }
        guard word(tableStart) == UInt64(count) else { return bytes }
        var sections: [(length: Int, checksum: UInt32)] = []
        var start = tableEnd
        for i in 0..<count {
            let length = word(tableStart + 8 + 16 * i)
            guard length <= UInt64(bytes.count - start) else { return bytes }
            sections.append((Int(length), Checksum.crc32c(Array(bytes[start..<start + Int(length)]))))
            start += Int(length)
        }
        var resealed = bytes
        resealed.replaceSubrange(tableStart..<tableEnd, with: IndexFile.table(sections))
        return resealed
    }
}

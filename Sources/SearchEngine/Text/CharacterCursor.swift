/// Maps UTF-8 byte offsets of a string to Character offsets, which is what highlight ranges
/// count, walking the text once from the start for offsets asked in ascending order.
///
/// Grapheme breaking, the slow part, is left to the standard library only around non-ASCII
/// bytes: between two ASCII bytes there is always a Character break, except inside "\r\n"
/// (no ASCII character extends, prepends or joins). So a plot is mostly walked a byte at a
/// time, and never past its last match.
struct CharacterCursor {
    private let text: String
    /// A Character boundary, in UTF-8 bytes; every offset asked for is at or after it.
    private var byte = 0
    /// How many Characters lie before `byte`.
    private var characters = 0
    /// The last boundary `index(after:)` found, as an offset and an index: in non-ASCII text
    /// the next step starts there, with no offset to convert or index to round.
    private var found: (byte: Int, index: String.Index)?

    init(_ text: String) {
        self.text = text
    }

    /// The Character holding byte `offset` of `bytes` (the text's UTF-8). Offsets must not
    /// decrease from one call to the next.
    mutating func characterContaining(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        while byte < bytes.count {
            let next = nextBoundary(in: bytes)
            if next > offset { break }
            byte = next
            characters += 1
        }
        return characters
    }

    /// The Character range covering the bytes `range`, widened to whole Characters.
    mutating func characterRange(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let lower = characterContaining(range.lowerBound, in: bytes)
        let upper = range.isEmpty ? lower : characterContaining(range.upperBound - 1, in: bytes) + 1
        return lower..<upper
    }

    /// Where the Character starting at `byte` ends.
    private mutating func nextBoundary(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let lead = bytes[byte]
        if lead < 0x80 {
            if byte + 1 == bytes.count { return bytes.count }
            let following = bytes[byte + 1]
            if following < 0x80 { return lead == 0x0D && following == 0x0A ? byte + 2 : byte + 1 }
        }
        let utf8 = text.utf8
        let start = found?.byte == byte ? found!.index : utf8.index(utf8.startIndex, offsetBy: byte)
        let end = text.index(after: start)
        let next = utf8.distance(from: utf8.startIndex, to: end)
        found = (next, end)
        return next
    }
}

/// Splits text into searchable words: runs of letters and digits, folded for case and
/// diacritics. Each word remembers where it lies in the original text (in UTF-8 bytes), so
/// the highlighter can mark exactly the characters the user typed against.
///
/// Indexing and querying use this same tokenizer, so a query word and an indexed word
/// always agree on what a "word" is.
struct Tokenizer {
    private var folder = TextFolder()
    private var term: [UInt8] = []

    /// Calls `body` with each folded word and its byte range in `text`.
    mutating func forEachToken(in text: String, _ body: (_ term: String, _ utf8Range: Range<Int>) throws -> Void) rethrows {
        var text = text
        try text.withUTF8 { bytes in
            term.removeAll(keepingCapacity: true)
            var tokenStart = -1
            var i = 0
            let count = bytes.count
            while i < count {
                let lead = bytes[i]
                var length = 1
                var isWordPart: Bool
                if lead < 0x80 {
                    switch lead {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        term.append(lead)
                        isWordPart = true
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        term.append(lead | 0x20)
                        isWordPart = true
                    default:
                        isWordPart = false
                    }
                } else {
                    let scalar: Unicode.Scalar
                    (scalar, length) = Tokenizer.decode(bytes, at: i)
                    switch folder.fold(scalar) {
                    case .separator: isWordPart = false
                    case .mark: isWordPart = tokenStart >= 0  // a mark alone starts no word
                    case .bytes(let folded):
                        term.append(contentsOf: folded)
                        isWordPart = true
                    }
                }
                if isWordPart {
                    if tokenStart < 0 { tokenStart = i }
                } else if tokenStart >= 0 {
                    try body(String(decoding: term, as: UTF8.self), tokenStart..<i)
                    term.removeAll(keepingCapacity: true)
                    tokenStart = -1
                }
                i += length
            }
            if tokenStart >= 0 { try body(String(decoding: term, as: UTF8.self), tokenStart..<count) }
        }
    }

    /// The folded words of `text`, in order.
    mutating func terms(in text: String) -> [String] {
        var out: [String] = []
        forEachToken(in: text) { term, _ in out.append(term) }
        return out
    }

    /// Folds a single word-like piece of text (one Character, for instance) to its indexed form.
    mutating func fold(_ text: String) -> String {
        terms(in: text).joined()
    }

    /// Decodes the scalar starting at `i`; Swift strings are valid UTF-8, so no checks are needed.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[i])
        if lead < 0xE0 {
            let value = (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
            return (Unicode.Scalar(value) ?? " ", 2)
        }
        if lead < 0xF0 {
            let value = (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            return (Unicode.Scalar(value) ?? " ", 3)
        }
        let value = (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
            | UInt32(bytes[i + 3] & 0x3F)
        return (Unicode.Scalar(value) ?? " ", 4)
    }
}

/// Maps UTF-8 byte offsets of a string to Character offsets, which is what highlight ranges count.
struct CharacterOffsets {
    /// The UTF-8 offset at which each Character starts, plus the total length at the end.
    private let starts: [Int]

    /// Offsets of the Characters holding bytes `0..<limit` (all of them by default).
    init(_ text: String, upTo limit: Int = .max) {
        // ASCII text (most of it): one byte per Character, so offsets are the identity and
        // grapheme breaking, the slow part, is skipped.
        let end = min(limit, text.utf8.count)
        if text.utf8.prefix(end + 1).allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            self.starts = Array(0...end)
            return
        }
        var starts: [Int] = []
        var offset = 0
        for character in text {
            starts.append(offset)
            offset += character.utf8.count
            if offset >= end { break }
        }
        starts.append(offset)
        self.starts = starts
    }

    /// The Character holding byte `offset`.
    func characterContaining(_ offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The Character range covering the bytes `range`, widened to whole Characters.
    func characterRange(_ range: Range<Int>) -> Range<Int> {
        let lower = characterContaining(range.lowerBound)
        let upper = range.isEmpty ? lower : characterContaining(range.upperBound - 1) + 1
        return lower..<upper
    }
}

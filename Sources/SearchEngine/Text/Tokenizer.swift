/// Splits text into searchable words: runs of letters and digits, folded for case and
/// diacritics. Each word remembers where it lies in the original text (in UTF-8 bytes), so
/// the highlighter can mark exactly the characters the user typed against.
///
/// Indexing and querying use this same tokenizer, so a query word and an indexed word
/// always agree on what a "word" is.
///
/// Chinese and Japanese are written without spaces, so a run of their characters is cut into
/// overlapping pairs ("東京の夜景" → 東京 京の の夜 夜景): a query word of two or more characters
/// is found inside any run holding it, as its pairs side by side. Indexed text also keeps a
/// run's last character alone, so that one typed character (a prefix of the pairs it starts)
/// finds a run ending with it.
struct Tokenizer {
    enum Mode {
        /// Indexed and highlighted text: pairs, and each run's last character.
        case text
        /// A query: pairs only (a run of one character is that character).
        case query
    }

    private var folder = TextFolder()

    /// Calls `body` with each folded word and its byte range in `text`.
    mutating func forEachToken(
        in text: String, mode: Mode = .text, _ body: (_ term: String, _ utf8Range: Range<Int>) throws -> Void
    ) rethrows {
        var text = text
        try text.withUTF8 { bytes in
            try forEachToken(inUTF8: bytes, mode: mode) { term, range in try body(String(decoding: term, as: UTF8.self), range) }
        }
    }

    /// Calls `body` with each folded word, as bytes valid only during the call, and its byte
    /// range in `bytes`. No String is made per word: the highlighter reads every word of
    /// twenty plot summaries per keystroke and keeps almost none of them.
    mutating func forEachToken(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, mode: Mode = .text,
        _ body: (_ term: UnsafeBufferPointer<UInt8>, _ utf8Range: Range<Int>) throws -> Void
    ) rethrows {
        let count = bytes.count
        // A word folds to at most as many bytes as it has, unless folding expands (a ligature);
        // `TermBuffer` then moves to the heap.
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: min(count, 1024) + 16) { stack in
            var term = TermBuffer(stack)
            defer { term.release() }
            var tokenStart = -1
            // The CJK run being read: its length in characters, and its last character's bytes.
            var run = 0
            var last = 0..<0
            var i = 0
            while i < count {
                let lead = bytes[i]
                var length = 1
                var isWordPart: Bool
                // Lead bytes 0xE3...0xF0 start every CJK character (U+3005 to U+2FA1F).
                if lead >= 0xE3, lead <= 0xF0, let scalarLength = Tokenizer.cjkLength(bytes, at: i) {
                    // CJK has no case to fold: pairs are the text's own bytes.
                    if tokenStart >= 0 {
                        try body(term.bytes, tokenStart..<i)
                        term.count = 0
                        tokenStart = -1
                    }
                    let character = i..<i + scalarLength
                    if run > 0 {
                        let pair = last.lowerBound..<character.upperBound
                        try body(UnsafeBufferPointer(rebasing: bytes[pair]), pair)
                    }
                    run += 1
                    last = character
                    i += scalarLength
                    continue
                }
                if run > 0 {
                    // The run ends: its last character alone (see `Mode`).
                    if run == 1 || (run > 1 && mode == .text) { try body(UnsafeBufferPointer(rebasing: bytes[last]), last) }
                    run = 0
                }
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
                    try body(term.bytes, tokenStart..<i)
                    term.count = 0
                    tokenStart = -1
                }
                i += length
            }
            if tokenStart >= 0 { try body(term.bytes, tokenStart..<count) }
            if run > 0, run == 1 || mode == .text { try body(UnsafeBufferPointer(rebasing: bytes[last]), last) }
        }
    }

    /// The folded words of `text`, in order.
    mutating func terms(in text: String, mode: Mode = .text) -> [String] {
        var out: [String] = []
        forEachToken(in: text, mode: mode) { term, _ in out.append(term) }
        return out
    }

    /// Han, kana and the CJK marks written inside words: scripts written without spaces.
    static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x3005...0x3007, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0xFF66...0xFF9F, 0x20000...0x2FA1F:
            return true
        default: return false
        }
    }

    @inline(__always)
    private static func cjkLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let (scalar, length) = decode(bytes, at: i)
        return isCJK(scalar.value) ? length : nil
    }

    static func isSingleCJKCharacter(_ term: String) -> Bool {
        term.unicodeScalars.count == 1 && isCJK(term.unicodeScalars.first!.value)
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
        let value =
            (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
            | UInt32(bytes[i + 3] & 0x3F)
        return (Unicode.Scalar(value) ?? " ", 4)
    }
}

/// The folded bytes of the word being read, written through a pointer: an Array's append
/// checks uniqueness on every byte, and tokenizing is per byte of every indexed text.
private struct TermBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var onHeap = false
    var count = 0

    init(_ stack: UnsafeMutableBufferPointer<UInt8>) {
        base = stack.baseAddress!
        capacity = stack.count
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(contentsOf folded: [UInt8]) {
        if count + folded.count > capacity { grow(to: count + folded.count) }
        for byte in folded {
            base[count] = byte
            count += 1
        }
    }

    /// Out of room (a word longer than the stack buffer, or folding that expands): the heap.
    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        release()
        (base, capacity, onHeap) = (grown, newCapacity, true)
    }

    /// Frees heap memory, if any; the stack buffer belongs to the caller.
    mutating func release() {
        if onHeap { base.deallocate() }
        onHeap = false
    }
}

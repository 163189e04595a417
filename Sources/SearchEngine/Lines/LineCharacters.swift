import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A line's characters as Unicode scalar values: its bytes when it is ASCII (no copy), else
/// its scalars decoded once (invalid UTF-8 read as U+FFFD).
protocol LineText {
    var count: Int { get }
    subscript(_ index: Int) -> UInt32 { get }
    /// The character at `index` as `term` compares it (`LineScorer.comparable`).
    func comparable(_ index: Int, _ term: MatchTerm) -> UInt32
    /// The first index from `start` on whose character `term` compares equal to `c`.
    func firstIndex(of c: UInt32, from start: Int, _ term: MatchTerm) -> Int?
}

extension LineText {
    @inline(__always) func firstIndex(of c: UInt32, from start: Int, _ term: MatchTerm) -> Int? {
        var i = start
        while i < count {
            if comparable(i, term) == c { return i }
            i += 1
        }
        return nil
    }
}

struct ByteLine: LineText {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }
    @inline(__always) subscript(_ index: Int) -> UInt32 { UInt32(bytes[index]) }

    /// A byte is compared as it is, an ASCII letter folded unless the term minds case: no
    /// byte is a character outside ASCII, so there are no diacritics to fold (and the inner
    /// loops skip that test).
    @inline(__always) func comparable(_ index: Int, _ term: MatchTerm) -> UInt32 {
        let c = UInt32(bytes[index])
        return term.caseSensitive || c &- 0x41 >= 26 ? c : c | 0x20
    }

    @inline(__always) func firstIndex(of c: UInt32, from start: Int, _ term: MatchTerm) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        return ASCIIMatch.firstIndex(of: c, base, bytes.count, from: start, term)
    }
}

struct ScalarLine: LineText {
    let scalars: UnsafeBufferPointer<UInt32>
    var count: Int { scalars.count }
    @inline(__always) subscript(_ index: Int) -> UInt32 { scalars[index] }
    @inline(__always) func comparable(_ index: Int, _ term: MatchTerm) -> UInt32 { LineScorer.comparable(scalars[index], term) }
}

/// fzf's character classes, case folding and diacritics folding, on scalar values.
enum LineCharacters {
    /// In fzf's order: a class above `nonWord` starts a word after a class at or below it.
    enum Class: Int, CaseIterable {
        case white, nonWord, delimiter, lower, upper, letter, number
    }

    @inline(__always) static func lowercased(_ c: UInt32) -> UInt32 {
        c < 0x80 ? (c &- 0x41 < 26 ? c | 0x20 : c) : lowercasedOutsideASCII(c)
    }

    /// Out of line: the Unicode tables it reads would otherwise be looked up on every call of
    /// the loops that inline `lowercased`, ASCII or not.
    @inline(never) private static func lowercasedOutsideASCII(_ c: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(c), scalar.properties.changesWhenLowercased,
            let lower = scalar.properties.lowercaseMapping.unicodeScalars.first
        else { return c }
        return lower.value
    }

    /// Latin letters with diacritics as their base letter (`é` → `e`, `Ç` → `C`, Vietnamese `ạ`
    /// → `a`, `ø` → `o`, `ʌ` → `v`), as fzf folds them: Latin-1, Latin Extended-A and B, the
    /// IPA letters, the combining Latin small letters (U+0363 `ͣ` → `a`), and Latin Extended
    /// Additional.
    @inline(__always) static func normalized(_ c: UInt32) -> UInt32 {
        if c &- 0xC0 <= 0x2AF - 0xC0 { return latinBases[Int(c &- 0xC0)] }
        if c &- 0x363 <= 0x36F - 0x363 { return combiningLetters[Int(c &- 0x363)] }
        if c &- 0x1E00 <= 0xFF { return latinAdditionalBases[Int(c &- 0x1E00)] }
        return c
    }

    /// Touches the folding tables (literals, LineFoldingTables.swift), so that the first key
    /// typed into a line index does not pay for their first use.
    static func prepareTables() {
        _ = (latinBases.count, latinAdditionalBases.count, combiningLetters.count)
    }

    /// U+0363 to U+036F, the letters written small above another (zalgo text is made of them).
    private static let combiningLetters: [UInt32] = "aeioucdhmrtvx".unicodeScalars.map(\.value)

    /// A letter's base in ASCII, itself when it has none: its diacritics folded away (`é`), else
    /// the letter its Unicode name is a form of, for the strokes, hooks and turned forms Unicode
    /// does not decompose (`LATIN SMALL LETTER O WITH STROKE` `ø`, `… DOTLESS I` `ı`, `… TURNED V`
    /// `ʌ`; not `æ` or `ð`, whose names hold no single letter).
    /// What the tables of LineFoldingTables.swift hold, derived (their test compares them).
    static func derivedBase(_ value: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(value) else { return value }
        let folded = TextFolding.fold(scalar, .diacritics).unicodeScalars
        if folded.count == 1, let base = folded.first, base.value < 0x80, base.properties.isAlphabetic { return base.value }
        guard let name = scalar.properties.name else { return value }
        for (prefix, small) in [("LATIN SMALL LETTER ", true), ("LATIN CAPITAL LETTER ", false)] where name.hasPrefix(prefix) {
            let form = name.dropFirst(prefix.count).split(separator: " WITH ", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let letter = form.split(separator: " ").last, letter.count == 1, let ascii = letter.unicodeScalars.first,
                ascii.value &- 0x41 < 26
            else { return value }
            return small ? ascii.value | 0x20 : ascii.value
        }
        return value
    }

    /// The class of `c`, `ascii` being the scheme's classes of the 128 ASCII characters.
    @inline(__always) static func classOf(_ c: UInt32, ascii: UnsafePointer<Class>) -> Class {
        c < 0x80 ? ascii[Int(c)] : classOutsideASCII(c)
    }

    @inline(never) private static func classOutsideASCII(_ c: UInt32) -> Class {
        guard let scalar = Unicode.Scalar(c) else { return .nonWord }
        let properties = scalar.properties
        if properties.isLowercase { return .lower }
        if properties.isUppercase { return .upper }
        if properties.numericType != nil { return .number }
        if properties.isAlphabetic { return .letter }
        if properties.isWhitespace { return .white }
        return .nonWord
    }

    static func asciiClasses(delimiters: String) -> [Class] {
        (0..<128).map { (value: UInt32) -> Class in
            switch UInt8(value) {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), 0x0B, 0x0C, UInt8(ascii: "\r"): return .white
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
            default: return delimiters.unicodeScalars.contains { $0.value == value } ? .delimiter : .nonWord
            }
        }
    }
}

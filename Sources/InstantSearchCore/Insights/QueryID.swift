#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Algolia's `queryID`: 32 lowercase hexadecimal digits naming one search, so that events on
/// its hits can be tied back to it (`clickAnalytics`).
public enum QueryID {
    /// A fresh one from `generator` (the system's random source unless a test gives its own).
    public static func make<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() % 16)] })
    }

    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }
}

/// The query text as re-ranking and suggestions compare it: case and diacritics folded,
/// spaces collapsed, ends trimmed ("  Café  au LAIT" and "cafe au lait" are one query).
public enum InsightsQueryText {
    public static func normalized(_ text: String) -> String {
        let folded = TextFolding.fold(text, .caseDiacriticsAndWidth)
        return folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Case and diacritics folding for the scalars outside ASCII ("É" → "e", "Ø" → "o").
///
/// Folding is slow per call, so each distinct scalar is folded once and cached;
/// a data set uses few distinct non-ASCII scalars. The cache makes this a value owned by one
/// indexing pass or one query, which keeps it free of locks.
struct TextFolder {
    enum Folded {
        /// Splits tokens: spaces, punctuation, symbols.
        case separator
        /// A combining mark: part of the word around it, but nothing of it is kept.
        case mark
        /// A letter or digit, as the folded UTF-8 bytes to index.
        case bytes([UInt8])
    }

    private var cache: [UInt32: Folded] = [:]

    mutating func fold(_ scalar: Unicode.Scalar) -> Folded {
        if let known = cache[scalar.value] { return known }
        let folded = TextFolder.computeFold(scalar)
        cache[scalar.value] = folded
        return folded
    }

    private static func computeFold(_ scalar: Unicode.Scalar) -> Folded {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: break
        }
        guard properties.isAlphabetic || properties.numericType != nil else { return .separator }
        let folded = TextFolding.fold(scalar, .caseAndDiacritics)
        var bytes: [UInt8] = []
        for part in folded.unicodeScalars {
            switch part.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: bytes.append(contentsOf: Array(String(part.properties.lowercaseMapping).utf8))
            }
        }
        return bytes.isEmpty ? .mark : .bytes(bytes)
    }
}

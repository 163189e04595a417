import Foundation
import InstantSearchCore
import Testing

/// The folding the binary does without ICU against Foundation's, which the tables were made
/// from: every assigned scalar alone, marks after letters and at the start, whole words, the
/// anchored prefix search of highlighting, the trimming and the filter encoding.
@Suite("TextFolding: Foundation's folding, without ICU")
struct TextFoldingTests {
    static let foldings: [(TextFolding.Folding, String.CompareOptions)] = [
        (.diacritics, [.diacriticInsensitive]),
        (.caseAndDiacritics, [.caseInsensitive, .diacriticInsensitive]),
        (.caseDiacriticsAndWidth, [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]),
    ]

    static func scalars(_ text: String) -> [String] { text.unicodeScalars.map { String($0.value, radix: 16) } }

    @Test(arguments: 0..<3) func everyAssignedScalarFoldsAsFoundationFoldsIt(folding: Int) {
        let (ours, options) = Self.foldings[folding]
        var differing: [String] = []
        for value in UInt32(0)...0x3FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            let expected = String(scalar).folding(options: options, locale: nil)
            if TextFolding.fold(scalar, ours).unicodeScalars.elementsEqual(expected.unicodeScalars) { continue }
            differing.append(String(value, radix: 16))
        }
        #expect(differing == [])
    }

    @Test(arguments: [
        "Café au LAIT", "e\u{301}\u{300}x", "\u{301}\u{300}", " \u{301}", "Ｓｏｎｙ ＷＨ", "Straße", "ﬁn", "Ǆemal", "İstanbul",
        "ｶﾀｶﾅ", "Ø and ø", "\u{5d0}\u{5b8}", "Ελληνικά", "Ĳssel", "Åland", "", "\u{5d0}\u{301}", "\u{5d0}\u{301}\u{5b8}",
        "\u{5d0}\u{5b8}\u{301}", "a\u{5b8}", "\u{1E00}\u{5b8}", "\u{510}\u{5b8}", "\u{4FF}\u{5b8}", "\u{3042}\u{3099}", "\u{5b8}\u{301}",
        "\u{301}\u{5b8}", "\u{4E00}\u{301}",
    ])
    func wordsFoldAsFoundationFoldsThem(text: String) {
        for (ours, options) in Self.foldings {
            #expect(Self.scalars(TextFolding.fold(text, ours)) == Self.scalars(text.folding(options: options, locale: nil)), "\(ours)")
        }
    }

    @Test(arguments: [
        ("Ursula Le Guin", "le"), ("Ursula Le Guin", "guin"), ("Éclair", "ec"), ("Éclair", "éclairs"), ("Straße", "strasse"),
        ("Straße", "stras"), ("naïve", "nai"), ("e\u{301}t", "et"), ("abc", ""), ("Łódź", "lodz"), ("ａｂ", "ab"),
    ])
    func aFoldedPrefixEndsWhereFoundationsAnchoredSearchEnds(text: String, prefix: String) {
        for start in text.indices {
            let expected = text.range(of: prefix, options: [.caseInsensitive, .diacriticInsensitive, .anchored], range: start..<text.endIndex)
            #expect(TextFolding.endOfPrefix(prefix, in: text, from: start, .caseAndDiacritics) == expected?.upperBound, "from \(start)")
        }
    }

    @Test(arguments: ["  a b  ", "\t\u{3000}x\u{a0}", "\n x \r\n", "   ", "", "\u{2028}y\u{85}"])
    func trimmingTakesWhatFoundationTakes(text: String) {
        #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingBlanksAndLineEnds() == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: ["10%", "a b", "café", "x/y?z&w=1", "~-._", "日本", "e\u{301}", "😀", "\"quoted\""])
    func aFilterValueIsEncodedAsFoundationEncodesIt(value: String) {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~ ")
        #expect(InsightsEvent.filter(attribute: "a", value: value) == "a:" + value.addingPercentEncoding(withAllowedCharacters: allowed)!)
    }
}

import Testing

@testable import SearchEngine

/// The folding tables the binary carries as literals are what Unicode's names and foldings
/// give, every entry: a table written by hand, or from another Unicode version, would fold a
/// letter differently from the derivation fzf's folding was matched against.
struct LineFoldingTablesTests {
    @Test func latinTablesAreTheirDerivation() {
        let latin = (UInt32(0xC0)...0x2AF).map(LineCharacters.derivedBase)
        let additional = (UInt32(0x1E00)...0x1EFF).map(LineCharacters.derivedBase)
        let latinDifferences = zip(latin, LineCharacters.latinBases).enumerated().filter { $0.element.0 != $0.element.1 }
            .map { "U+\(String(0xC0 + $0.offset, radix: 16)): \($0.element.0) not \($0.element.1)" }
        let additionalDifferences = zip(additional, LineCharacters.latinAdditionalBases).enumerated().filter { $0.element.0 != $0.element.1 }
            .map { "U+\(String(0x1E00 + $0.offset, radix: 16)): \($0.element.0) not \($0.element.1)" }
        #expect(LineCharacters.latinBases.count == latin.count)
        #expect(LineCharacters.latinAdditionalBases.count == additional.count)
        #expect(latinDifferences == [])
        #expect(additionalDifferences == [])
    }

    /// A few by name, as a reader checks them: diacritics, strokes, turned forms, and letters
    /// whose names hold no single letter.
    @Test func knownLettersFold() {
        let expected: [(UInt32, Character)] = [
            (0xE9, "e"), (0xC7, "C"), (0xF8, "o"), (0x131, "i"), (0x28C, "v"), (0x1EA1, "a"), (0xE6, "æ"), (0xF0, "ð"),
        ]
        for (scalar, folded) in expected {
            #expect(LineCharacters.normalized(scalar) == folded.unicodeScalars.first!.value, "U+\(String(scalar, radix: 16))")
        }
    }
}

extension Unicode.Scalar {
    /// A letter, mark or digit of any script (what Foundation's `CharacterSet.alphanumerics`
    /// holds: Unicode's categories L, M and N).
    public var isAlphanumeric: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }

    /// A tab or one of Unicode's space separators (what Foundation's `.whitespaces` holds).
    public var isBlank: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }

    /// U+000A to U+000D, NEL, and the line and paragraph separators.
    public var isLineEnd: Bool { (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029 }
}

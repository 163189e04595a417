extension StringProtocol {
    /// Without the blanks at either end (spaces and tabs, not line ends), as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` trims.
    public func trimmingBlanks() -> String { trimming { $0.isBlank } }

    /// Without the blanks and line ends at either end, as `.whitespacesAndNewlines` trims.
    public func trimmingBlanksAndLineEnds() -> String { trimming { $0.isBlank || $0.isLineEnd } }

    /// Without the line ends at either end (Foundation's `.newlines`).
    public func trimmingLineEnds() -> String { trimming { $0.isLineEnd } }

    private func trimming(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !trimmed($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

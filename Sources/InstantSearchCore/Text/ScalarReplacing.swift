extension StringProtocol {
    /// Every `scalar` replaced with `replacement`, scalar by scalar. For quoting: replacing
    /// Characters would see a quote followed by a combining mark (`"\u{301}`) as one Character
    /// that is no quote, and leave it unescaped.
    public func replacingEvery(_ scalar: Unicode.Scalar, with replacement: String) -> String {
        var out = String.UnicodeScalarView()
        for each in unicodeScalars {
            if each == scalar { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(each) }
        }
        return String(out)
    }
}

import InstantSearchCore

/// A query read with fzf's extended search syntax: space-separated terms that must all match,
/// `a | b` for either, and per term `'exact`, `^prefix`, `suffix$`, `^equal$`, `'word'` (an
/// exact match at word boundaries) and `!` for negation (an exact match unless `'` follows).
/// `\ ` is a space inside a term. Without the extended syntax the whole query is one term.
struct LinePattern: Equatable {
    enum Kind: Equatable {
        case fuzzy, exact, exactBoundary, prefix, suffix, equal
    }

    struct Term: Equatable {
        var kind: Kind
        var inverse: Bool
        /// Unicode scalars, lowercased when the term is case-insensitive, diacritics folded when normalized.
        var text: [UInt32]
        var caseSensitive: Bool
        /// Text characters are diacritics-folded before comparing (the term has none itself).
        var normalize: Bool
        /// The token as typed, for messages.
        var source: String = ""
    }

    /// All sets must match; within a set, one term is enough.
    var sets: [[Term]]

    var isEmpty: Bool { sets.isEmpty }

    init(_ query: String, options: LineMatchOptions) {
        sets = []
        if !options.extended {
            // One term, the query as typed less its trailing spaces (fzf's plain mode).
            var text = Substring(query)
            while text.last == " " { text = text.dropLast() }
            if var term = Self.term(String(text), kind: options.exact ? .exact : .fuzzy, inverse: false, options: options) {
                term.source = String(text)
                sets = [[term]]
            }
            return
        }
        var set: [Term] = []
        var switchSet = false
        var afterBar = false
        for token in Self.tokens(query) {
            if token == "|" {
                // A bar joins the terms either side into one set; a bar with nothing before it is dropped.
                if !set.isEmpty && !afterBar {
                    switchSet = false
                    afterBar = true
                }
                continue
            }
            afterBar = false
            var text = Substring(token)
            var kind: Kind = options.exact ? .exact : .fuzzy
            var inverse = false
            if text.hasPrefix("!") {
                inverse = true
                kind = .exact
                text = text.dropFirst()
            }
            if text != "$", text.hasSuffix("$") {
                kind = .suffix
                text = text.dropLast()
            }
            if text.count > 2, text.hasPrefix("'"), text.hasSuffix("'") {
                kind = .exactBoundary
                text = text.dropFirst().dropLast()
            } else if text.hasPrefix("'") {
                // A quote flips exactness: exact in fuzzy mode, fuzzy under --exact or after `!`.
                kind = !options.exact && !inverse ? .exact : .fuzzy
                text = text.dropFirst()
            } else if text.hasPrefix("^") {
                kind = kind == .suffix ? .equal : .prefix
                text = text.dropFirst()
            }
            guard var term = Self.term(String(text), kind: kind, inverse: inverse, options: options) else { continue }
            term.source = token
            if switchSet {
                sets.append(set)
                set = []
            }
            set.append(term)
            switchSet = true
        }
        if !set.isEmpty { sets.append(set) }
    }

    /// Space-separated tokens; `\ ` stays a space inside its token.
    static func tokens(_ query: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var escaped = false
        for character in query {
            if escaped {
                if character != " " { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == " " {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// The term, its case and folding settled (smart case: sensitive when it holds an upper-case letter).
    private static func term(_ text: String, kind: Kind, inverse: Bool, options: LineMatchOptions) -> Term? {
        guard !text.isEmpty else { return nil }
        let lower = text.lowercased()
        let caseSensitive =
            switch options.caseMatching {
            case .respect: true
            case .ignore: false
            case .smart: text != lower
            }
        var scalars = (caseSensitive ? text : lower).unicodeScalars.map(\.value)
        // fzf's rule: a term typed with diacritics wants them; one without finds text with or without.
        let folded = scalars.map(LineCharacters.normalized)
        let normalize = options.normalize && folded == scalars
        if normalize { scalars = folded }
        return Term(kind: kind, inverse: inverse, text: scalars, caseSensitive: caseSensitive, normalize: normalize)
    }

    /// A longer query whose matches are all among this one's (so it may search only those):
    /// fzf's cache rule — the old query is a prefix of the new, and holds no negation, no `|`,
    /// no `$` and no escape, whose meaning a longer query could change.
    func narrows(to newer: LinePattern, query: String, newerQuery: String) -> Bool {
        guard newerQuery.hasPrefix(query), !query.isEmpty else { return false }
        if query.contains(where: { "!|$\\".contains($0) }) { return false }
        // Every term of the old query (its last one perhaps longer now) is still there, no looser.
        guard sets.count <= newer.sets.count else { return false }
        for (old, new) in zip(sets, newer.sets) {
            guard old.count == 1, new.count == 1 else { return false }
            let (a, b) = (old[0], new[0])
            guard b.text.map(LineCharacters.lowercased).starts(with: a.text.map(LineCharacters.lowercased)) else { return false }
            guard a.kind == b.kind || (a.kind == .exact && b.kind == .exactBoundary) else { return false }
            guard a.caseSensitive == b.caseSensitive || !a.caseSensitive, a.normalize || !b.normalize else { return false }
        }
        return true
    }
}

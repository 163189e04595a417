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

    /// Whether every line `newer` matches is one this pattern matches too, so that `newer` may
    /// search only this one's matches (fzf's narrowing, as a rule on the terms rather than on
    /// the text typed): each set of this pattern is found, at the same place, in `newer`, term
    /// for term, each new term matching no line its old one does not (`implies`); the sets
    /// after them only ask for more. So `zoe | c` narrows to `zoe | ch` and `ab` to `ab !c`,
    /// while a longer negation (`!a` to `!ab`) or a longer suffix (`a$` to `ba$`) does not.
    func narrows(to newer: LinePattern) -> Bool {
        guard !sets.isEmpty, sets.count <= newer.sets.count else { return false }
        return zip(sets, newer.sets).allSatisfy(Self.narrows)
    }

    /// Whether every line set `newer` matches, set `older` matches too: term for term, each new
    /// term implying its old one.
    static func narrows(_ older: [Term], to newer: [Term]) -> Bool {
        older.count == newer.count && zip(older, newer).allSatisfy { $1.implies($0) }
    }
}

extension LinePattern.Term {
    /// Whether every line this term matches, `older` matches too.
    func implies(_ older: LinePattern.Term) -> Bool {
        if kind == older.kind, inverse == older.inverse, text == older.text, caseSensitive == older.caseSensitive,
            normalize == older.normalize
        {
            return true
        }
        guard !inverse, !older.inverse else { return false }
        // The older term may ignore case or diacritics the newer one minds, never the reverse.
        guard caseSensitive == older.caseSensitive || !older.caseSensitive, normalize == older.normalize || older.normalize else { return false }
        var compared = text
        if !older.caseSensitive { compared = compared.map(LineCharacters.lowercased) }
        if older.normalize { compared = compared.map(LineCharacters.normalized) }
        switch older.kind {
        // Holding the characters in order: any term holding a longer run of them does.
        case .fuzzy: return compared.starts(with: older.text)
        // Holding the text: a longer text held anywhere, at the start, at the end or as the whole line does.
        case .exact: return kind != .fuzzy && compared.starts(with: older.text)
        case .prefix: return (kind == .prefix || kind == .equal) && compared.starts(with: older.text)
        case .exactBoundary, .suffix, .equal: return kind == older.kind && compared == older.text
        }
    }
}

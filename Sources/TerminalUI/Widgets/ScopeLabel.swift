import InstantSearchCore

/// "scope: this directory · Ctrl-R" on the tabs row, left of the sort: the scope in force
/// (`FilterScope`) and the key that cycles it; "scope: refined by hand" when the facet list
/// narrowed a scope's facet otherwise. Nothing when the index has no scopes.
enum ScopeLabel {
    static func text(state: IndexState, description: IndexDescription?, key: Key?) -> [(String, Style)]? {
        forms(state: state, description: description, key: key)?.first
    }

    /// The label's forms, longest first, for a narrow row: "scope: NAME · KEY", "NAME · KEY",
    /// then "NAME" alone (the name is what changes when the key is pressed).
    static func forms(state: IndexState, description: IndexDescription?, key: Key?) -> [[(String, Style)]]? {
        guard let scopes = description?.scopes, !scopes.isEmpty else { return nil }
        let active = FilterScope.active(scopes, in: state.query)
        let name = active.map { scopes[$0].name } ?? "refined by hand"
        let narrowed = active.map { scopes[$0].attribute != nil } ?? true
        let named = (name, narrowed ? Theme.refined : Theme.text)
        let keyed: [(String, Style)] = key.map { [(" · " + KeyName.label($0), Theme.key)] } ?? []
        return [[("scope: ", Theme.secondary), named] + keyed, [named] + keyed, [named]]
    }
}

/// The tabs row's right end (or the compact rule's): the scope's label, then the sort's, each
/// in the longest form that lets both fit in `width` columns; when none does, the shortest,
/// cut with an ellipsis where it is drawn.
enum HeaderLabels {
    static let gap = "   "

    static func fitting(scope: [[(String, Style)]]?, sort: [[(String, Style)]]?, width: Int) -> [(String, Style)]? {
        guard scope != nil || sort != nil else { return nil }
        var candidates: [[(String, Style)]] = []
        switch (scope, sort) {
        case (let scope?, let sort?):
            // The scope shortens first (its name stays), then the sort, then the scope again.
            for (s, t) in [(0, 0), (1, 0), (1, 1), (2, 1)] where s < scope.count && t < sort.count {
                candidates.append(scope[s] + [(gap, Theme.secondary)] + sort[t])
            }
        case (let scope?, nil): candidates = scope
        case (nil, let sort?): candidates = sort
        case (nil, nil): return nil
        }
        return candidates.first { Self.width(of: $0) <= width } ?? candidates.last
    }

    static func width(of label: [(String, Style)]) -> Int { label.reduce(0) { $0 + $1.0.displayWidth } }
}

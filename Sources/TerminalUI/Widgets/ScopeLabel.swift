import InstantSearchCore

/// "scope: this directory · Ctrl-R" on the tabs row, left of the sort: the scope in force
/// (`FilterScope`) and the key that cycles it; "scope: refined by hand" when the facet list
/// narrowed a scope's facet otherwise. Nothing when the index has no scopes.
enum ScopeLabel {
    static func text(state: IndexState, description: IndexDescription?, key: Key?) -> [(String, Style)]? {
        guard let scopes = description?.scopes, !scopes.isEmpty else { return nil }
        let active = FilterScope.active(scopes, in: state.query)
        let name = active.map { scopes[$0].name } ?? "refined by hand"
        let narrowed = active.map { scopes[$0].attribute != nil } ?? true
        var label: [(String, Style)] = [("scope: ", Theme.secondary), (name, narrowed ? Theme.refined : Theme.text)]
        if let key { label.append((" · " + KeyName.label(key), Theme.key)) }
        return label
    }
}

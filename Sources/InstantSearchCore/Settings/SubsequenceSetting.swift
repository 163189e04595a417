/// The `subsequence` setting (this engine's own): one attribute also matched the way fzf
/// matches a line — a query's letters in order anywhere in the value (`termapp` finds
/// `Sources/TerminalUI/App`), fzf's search syntax (`'exact`, `^start`, `end$`, `!not`, `a | b`),
/// fzf's score under `scheme`. Records it finds rank first, in fzf's order; the records only the
/// word search finds (a typo, another attribute) follow in theirs.
/// `"subsequence": "path"` or `{"attribute": "path", "scheme": "path"}`; `--subsequence path:path`.
public struct SubsequenceSetting: Hashable, Sendable {
    public var attribute: String
    /// fzf's `--scheme`: `path` for file paths, `history` for commands, `default` otherwise.
    public var scheme: LineMatchOptions.Scheme

    public init(attribute: String, scheme: LineMatchOptions.Scheme = .default) {
        self.attribute = attribute
        self.scheme = scheme
    }

    /// fzf's options for the attribute's values: its defaults with the scheme.
    public var matchOptions: LineMatchOptions {
        var options = LineMatchOptions()
        options.scheme = scheme
        return options
    }

    /// `ATTRIBUTE` or `ATTRIBUTE:SCHEME`, as the option gives it.
    public init(option text: String) throws(SyntaxSettingError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, !parts[0].isEmpty else {
            throw SyntaxSettingError("\"\(text.prefix(80))\" must be ATTRIBUTE or ATTRIBUTE:SCHEME (e.g. path:path)")
        }
        self.init(attribute: parts[0], scheme: try Self.scheme(parts.count == 2 ? parts[1] : nil))
    }

    static func parse(_ value: JSONValue) throws(SyntaxSettingError) -> SubsequenceSetting {
        let expected = "\"subsequence\" must be an attribute name or {\"attribute\": NAME, \"scheme\": \"default\"|\"path\"|\"history\"}"
        if let attribute = value.stringValue {
            guard !attribute.isEmpty else { throw SyntaxSettingError(expected) }
            return SubsequenceSetting(attribute: attribute)
        }
        guard case .object(let fields) = value, let attribute = fields["attribute"]?.stringValue, !attribute.isEmpty else {
            throw SyntaxSettingError(expected)
        }
        for key in fields.keys where key != "attribute" && key != "scheme" {
            throw SyntaxSettingError("\"subsequence\": \"\(key.prefix(80))\" is not one of its fields (attribute, scheme)")
        }
        guard let scheme = fields["scheme"] else { return SubsequenceSetting(attribute: attribute) }
        guard let name = scheme.stringValue else { throw SyntaxSettingError(expected) }
        return SubsequenceSetting(attribute: attribute, scheme: try Self.scheme(name))
    }

    private static func scheme(_ name: String?) throws(SyntaxSettingError) -> LineMatchOptions.Scheme {
        guard let name else { return .default }
        guard let scheme = LineMatchOptions.Scheme(rawValue: name) else {
            let known = LineMatchOptions.Scheme.allCases.map(\.rawValue).joined(separator: ", ")
            throw SyntaxSettingError("the scheme \"\(name.prefix(80))\" is not one of: \(known)")
        }
        return scheme
    }

    /// As a settings file gives it: the attribute alone under the default scheme.
    public var json: JSONValue {
        scheme == .default ? .string(attribute) : ["attribute": .string(attribute), "scheme": .string(scheme.rawValue)]
    }
}

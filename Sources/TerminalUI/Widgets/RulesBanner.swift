import InstantSearchCore

/// What the query rules that applied want shown (InstantSearch's QueryRuleCustomData): each
/// `userData` entry as one short text, drawn on the rule above the hits, after the pane's title.
enum RulesBanner {
    /// Keys a banner's text is commonly kept under, in the order they are looked for.
    static let textKeys = ["banner", "title", "message", "text", "description"]

    /// One line for every entry: a string as it is, an object by its first text key, anything
    /// else as compact JSON; nil when the rules sent nothing.
    static func text(_ userData: [JSONValue]) -> String? {
        let pieces = userData.map { entry -> String in
            if let text = entry.stringValue { return text }
            if let text = textKeys.lazy.compactMap({ entry[$0]?.stringValue }).first { return text }
            return entry.serialized()
        }.filter { !$0.isEmpty }
        return pieces.isEmpty ? nil : pieces.joined(separator: " · ")
    }

    /// Draws the banner from `x` to the end of `area`'s row (nothing when it says nothing).
    static func render(_ userData: [JSONValue], x: Int, in area: Rect, _ canvas: inout Canvas) {
        guard let text = text(userData), x + 4 < area.maxX else { return }
        canvas.write(" ★ \(text) ", x: x, y: area.y, style: Theme.refined, maxWidth: area.maxX - x - 1, overflow: .ellipsis)
    }
}

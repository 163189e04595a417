import InstantSearchCore

/// What a hit shows: its title and details as styled pieces, and a figure for the right edge.
struct HitDisplay {
    var title: [(String, Style)]
    var details: [(String, Style)]
    var figure: String?

    init(hit: Hit, description: IndexDescription?) {
        let attributes = Self.attributes(of: hit, description: description)
        let numeric = Set(description?.numericAttributes ?? [])
        let titleAttribute = attributes.first { !numeric.contains($0) } ?? attributes.first
        title = titleAttribute.map { Self.pieces(of: hit, attribute: $0, plain: Theme.title.bold(), highlighted: Theme.highlight) }
            ?? [(hit.objectID, Theme.title)]
        let figureAttribute = attributes.first { numeric.contains($0) && hit.record.value(atPath: $0)?.numberValue != nil }
        figure = figureAttribute.flatMap { attribute in
            hit.record.value(atPath: attribute).map { NumberText.format($0, attribute: attribute) }
        }
        var details: [(String, Style)] = []
        for attribute in attributes where attribute != titleAttribute && attribute != figureAttribute {
            guard let value = hit.record.value(atPath: attribute), !value.displayText.isEmpty else { continue }
            if !details.isEmpty { details.append(("  ·  ", Theme.secondary)) }
            if numeric.contains(attribute) {
                details.append(("\(attribute) \(value.displayText)", Theme.secondary))
            } else {
                details += Self.pieces(of: hit, attribute: attribute, plain: Theme.secondary, highlighted: Theme.highlight)
            }
        }
        self.details = details
    }

    /// The display attributes, or failing those the record's own scalar fields.
    static func attributes(of hit: Hit, description: IndexDescription?) -> [String] {
        if let display = description?.displayAttributes, !display.isEmpty { return display }
        guard let fields = hit.record.objectValue else { return [] }
        return fields.keys.filter { $0 != "objectID" && fields[$0]?.objectValue == nil }
    }

    static func pieces(of hit: Hit, attribute: String, plain: Style, highlighted: Style) -> [(String, Style)] {
        if let highlight = hit.highlights[attribute], !highlight.values.isEmpty {
            var pieces: [(String, Style)] = []
            for (i, value) in highlight.values.enumerated() {
                if i > 0 { pieces.append((", ", plain)) }
                pieces += value.segments(plain: plain, highlighted: highlighted)
            }
            return pieces
        }
        return [(hit.record.value(atPath: attribute)?.displayText ?? "", plain)]
    }
}

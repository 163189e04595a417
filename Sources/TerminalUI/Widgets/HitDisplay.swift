import InstantSearchCore

/// What a hit shows: its title, a figure (the first number, such as the price), the other
/// display attributes, and a snippet of the searchable text that matched when that text is not
/// displayed (Algolia's Snippet widget: why "compression" found `zlib1g`).
struct HitDisplay {
    struct Field {
        var attribute: String
        var text: [(String, Style)]
        /// What its column in the wide layout shows: a number with its name unless its format says what it is.
        var cell: [(String, Style)]
        var isNumber: Bool
        var isEmpty: Bool { text.allSatisfy { $0.0.isEmpty } }
    }

    var title: [(String, Style)]
    var figure: String?
    /// Every other display attribute, in order, empty where the record lacks it (so that the
    /// wide layout's columns line up from hit to hit).
    var fields: [Field]
    /// The matched text of a searchable attribute not displayed, highlighted, "…" where cut.
    var snippet: [(String, Style)]?
    /// Where nothing undisplayed matched: the start of the first searchable attribute not
    /// displayed (a package's summary), so the hit says what it is as the others do.
    var context: [(String, Style)]?

    init(hit: Hit, description: IndexDescription?, numbers: NumberText = .standard) {
        let numbers = numbers.forIndex(description)
        let attributes = Self.attributes(of: hit, description: description)
        let numeric = Set(description?.numericAttributes ?? [])
        let titleAttribute = attributes.first { !numeric.contains($0) } ?? attributes.first
        title =
            titleAttribute.map { Self.pieces(of: hit, attribute: $0, plain: Theme.title.bold(), highlighted: Theme.highlight) }
            ?? [(hit.objectID, Theme.title)]
        let figureAttribute = attributes.first { numeric.contains($0) && hit.record.value(atPath: $0)?.numberValue != nil }
        figure = figureAttribute.flatMap { attribute in
            hit.record.value(atPath: attribute).map {
                Self.labelled(numbers.value($0, attribute: attribute, cell: hit.sourceCells?[attribute]), attribute, numbers)
            }
        }
        fields = attributes.filter { $0 != titleAttribute && $0 != figureAttribute }.map { attribute in
            let value = hit.record.value(atPath: attribute)
            if numeric.contains(attribute) || value?.numberValue != nil {
                let number = value.map { numbers.value($0, attribute: attribute, cell: hit.sourceCells?[attribute]) } ?? ""
                let text = number.isEmpty ? "" : "\(attribute) \(number)"
                let cell = number.isEmpty ? "" : Self.labelled(number, attribute, numbers)
                return Field(attribute: attribute, text: [(text, Theme.secondary)], cell: [(cell, Theme.secondary)], isNumber: true)
            }
            let text = value.map { _ in Self.pieces(of: hit, attribute: attribute, plain: Theme.secondary, highlighted: Theme.highlight) } ?? []
            return Field(attribute: attribute, text: text, cell: text, isNumber: false)
        }
        snippet = Self.snippet(of: hit, description: description, displayed: Set(attributes))
        if snippet == nil { context = Self.context(of: hit, description: description, displayed: Set(attributes)) }
        if let distance = Self.distance(of: hit) {
            fields.insert(
                Field(attribute: GeoDistance.distanceAttribute, text: [(distance, Theme.secondary)], cell: [(distance, Theme.secondary)], isNumber: true), at: 0
            )
        }
    }

    /// How far the hit is from a geo search's centre (`_rankingInfo`'s matched location, else
    /// `geoDistance` times its precision), written for a person; nil without a centre.
    static func distance(of hit: Hit) -> String? {
        guard let info = hit.rankingInfo else { return nil }
        guard let meters = info.matchedGeoLocation?.distance ?? info.geoDistance.map({ $0 * max(1, info.geoPrecision ?? 1) }) else { return nil }
        return GeoDistance.text(meters: meters)
    }

    /// A number with its attribute's name ("rank 12"): a bare 12 says nothing of what it
    /// counts. One the settings give a format ("$12.99", "12 kg") says it already.
    static func labelled(_ number: String, _ attribute: String, _ numbers: NumberText) -> String {
        numbers.formats[attribute] == nil ? "\(attribute) \(number)" : number
    }

    /// The second row: why the hit matched (the snippet), else the other display attributes
    /// (unless columns show them), else the start of its undisplayed text; nil: nothing to say.
    func secondRow(columns: Bool) -> [(String, Style)]? {
        if let snippet { return snippet }
        if !columns, !details.isEmpty { return details }
        return context
    }

    /// Whether every hit of an index takes a second row, from its settings alone, so that hits
    /// are laid out alike whatever each holds: when some hit may have other display attributes
    /// to show there (not in columns), or undisplayed searchable text. nil: the settings do not
    /// say (no display attributes).
    static func indexHasSecondRow(_ description: IndexDescription?, columns: Bool) -> Bool? {
        guard let description, !description.displayAttributes.isEmpty else { return nil }
        let display = description.displayAttributes
        let numeric = Set(description.numericAttributes)
        let title = display.first { !numeric.contains($0) } ?? display.first
        let figure = display.first { numeric.contains($0) && $0 != title }
        let others = display.filter { $0 != title && $0 != figure }
        if !columns, !others.isEmpty { return true }
        let shown = Set(display)
        return description.searchableAttributes.map(Self.attributeName).contains { !shown.contains($0) }
    }

    /// The other display attributes on one line, " · " between them (the narrow layout's second row).
    var details: [(String, Style)] {
        var line: [(String, Style)] = []
        for field in fields where !field.isEmpty {
            if !line.isEmpty { line.append(("  ·  ", Theme.secondary)) }
            line += field.text
        }
        return line
    }

    /// The display attributes, or failing those the record's own scalar fields.
    static func attributes(of hit: Hit, description: IndexDescription?) -> [String] {
        if let display = description?.displayAttributes, !display.isEmpty { return display }
        guard let fields = hit.record.objectValue else { return [] }
        return fields.keys.filter { $0 != "objectID" && fields[$0]?.objectValue == nil }
    }

    static func pieces(of hit: Hit, attribute: String, plain: Style, highlighted: Style) -> [(String, Style)] {
        if let highlight = hit.highlights[attribute], !highlight.values.isEmpty {
            if let colors = hit.colors[attribute], highlight.values.count == 1 {
                // Text with its own colours (--ansi): those, and the terminal's own colour where it sets none.
                return highlight.values[0].segments(colors: colors, plain: Theme.text, highlighted: highlighted).map { (Self.showingLineEnds($0.0), $0.1) }
            }
            var pieces: [(String, Style)] = []
            for (i, value) in highlight.values.enumerated() {
                if i > 0 { pieces.append((", ", plain)) }
                pieces += value.segments(plain: plain, highlighted: highlighted)
            }
            return pieces.map { (Self.showingLineEnds($0.0), $0.1) }
        }
        return [(Self.showingLineEnds(hit.record.value(atPath: attribute)?.displayText ?? ""), plain)]
    }

    /// A line end inside a hit's text (a CR before a line's LF, a `--read0` record, a JSON
    /// value) shown as fzf shows it on one row: each CR a visible ␍, each LF a ␊. Scalar for
    /// scalar, so highlight offsets stay true.
    static func showingLineEnds(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            shown.append(scalar == "\r" ? "␍" : scalar == "\n" ? "␊" : scalar)
        }
        return String(shown)
    }

    /// The first searchable attribute (in ranking order) that matched and is not displayed:
    /// its snippet (the engine's `_snippetResult`) or, for a short text, its highlighted value;
    /// of an array, the values that matched.
    static func snippet(of hit: Hit, description: IndexDescription?, displayed: Set<String>) -> [(String, Style)]? {
        let searchable =
            (description?.searchableAttributes).flatMap { $0.isEmpty ? nil : $0.map(Self.attributeName) }
            ?? hit.highlights.keys.sorted()
        for attribute in searchable where !displayed.contains(attribute) {
            guard let highlight = hit.snippets[attribute] ?? hit.highlights[attribute], highlight.matchLevel != .none else { continue }
            let matched = highlight.values.filter { !$0.matchedRanges.isEmpty }
            guard !matched.isEmpty else { continue }
            var pieces: [(String, Style)] = [(Self.label(attribute) + ": ", Theme.secondary)]
            for (i, value) in matched.enumerated() {
                if i > 0 { pieces.append((" · ", Theme.secondary)) }
                pieces += Self.leadingUpTo(value).segments(plain: Theme.text, highlighted: Theme.highlight)
            }
            return pieces
        }
        return nil
    }

    /// The first searchable attribute not displayed that the record has text in: its name and
    /// the start of its text, plain.
    static func context(of hit: Hit, description: IndexDescription?, displayed: Set<String>) -> [(String, Style)]? {
        guard let searchable = description?.searchableAttributes else { return nil }
        for attribute in searchable.map(Self.attributeName) where !displayed.contains(attribute) {
            guard let text = hit.record.value(atPath: attribute)?.displayText, !text.trimmingBlanks().isEmpty else { continue }
            return [(Self.label(attribute) + ": ", Theme.secondary), (Self.showingLineEnds(text), Theme.text)]
        }
        return nil
    }

    /// An attribute's name as a row's label: without what a long header adds in parentheses
    /// (npm's `summary (words in [tested here: …] …)` is `summary`), and never more than
    /// `longestLabel` columns, so the text it labels keeps the row.
    static func label(_ attribute: String) -> String {
        var name = attribute
        if let open = name.firstIndex(of: "("), open > name.startIndex {
            let head = String(name[..<open]).trimmingBlanks()
            if !head.isEmpty { name = String(head) }
        }
        guard name.displayWidth > longestLabel else { return name }
        return String(name.prefix(longestLabel - 1)) + "…"
    }
    static let longestLabel = 20

    /// Characters kept before the first match of a value the engine did not cut (a text too
    /// short for a snippet, or a backend that makes none): the row shows the match, not the start.
    static let contextBeforeMatch = 16

    /// The value from a word boundary shortly before its first match, "… " where text was left out.
    static func leadingUpTo(_ value: HighlightedText) -> HighlightedText {
        guard let first = value.matchedRanges.map(\.lowerBound).min(), first > contextBeforeMatch + 2 else { return value }
        let characters = Array(value.text)
        var start = first - contextBeforeMatch
        while start < first, characters[start - 1] != " " { start += 1 }  // the next word's start
        guard start < first || characters[start - 1] == " " else { return value }
        let shift = 2 - start  // "… " is two characters
        return HighlightedText(
            text: "… " + String(characters[start...]),
            matchedRanges: value.matchedRanges.filter { $0.lowerBound >= start }.map { ($0.lowerBound + shift)..<($0.upperBound + shift) })
    }

    /// `unordered(plot)` → `plot`: the attribute a searchable-attributes entry names.
    private static func attributeName(_ entry: String) -> String {
        guard entry.hasPrefix("unordered("), entry.hasSuffix(")") else { return entry }
        return String(entry.dropFirst("unordered(".count).dropLast())
    }
}

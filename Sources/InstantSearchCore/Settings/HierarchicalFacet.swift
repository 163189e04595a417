/// A facet whose values form a tree (InstantSearch's HierarchicalMenu): either several level
/// attributes, each holding the path down to its level (`category.lvl0` = "Audio",
/// `category.lvl1` = "Audio > Headphones"), or one attribute holding whole paths with a
/// separator ("Audio > Headphones").
///
/// The engine indexes it as one facet named `name` whose values are every path and all its
/// ancestors ("Audio", "Audio > Headphones"): refining a path is refining that one value,
/// and as a disjunctive facet its counts, taken without its own refinement, give every level
/// of the tree at once.
public struct HierarchicalFacet: Hashable, Sendable {
    public var name: String
    /// The attributes the paths are read from: the levels, or the one attribute.
    public var sources: [String]
    public var separator: String

    public static let defaultSeparator = " > "
    /// Deeper paths are cut here: a tree deeper than this is not a menu.
    public static let maxDepth = 16

    public init(name: String, sources: [String], separator: String = HierarchicalFacet.defaultSeparator) {
        self.name = name
        self.sources = sources
        self.separator = separator
    }

    /// Every path a record is filed under, ancestors included, each once, from the values of
    /// its source attributes (strings or arrays of strings).
    public func paths(_ valueOf: (String) -> JSONValue?) -> [String] {
        var paths: [String] = []
        func add(_ text: String) {
            let parts = split(text)
            guard !parts.isEmpty else { return }
            for depth in 1...min(parts.count, Self.maxDepth) {
                let path = parts.prefix(depth).joined(separator: separator)
                if !paths.contains(path) { paths.append(path) }
            }
        }
        for source in sources {
            switch valueOf(source) {
            case .string(let text)?: add(text)
            case .array(let items)?: items.compactMap(\.stringValue).forEach(add)
            default: continue
            }
        }
        return paths
    }

    /// "Audio > Headphones" → ["Audio", "Headphones"] (blank parts dropped).
    public func split(_ path: String) -> [String] {
        guard !separator.isEmpty else { return path.isEmpty ? [] : [path] }
        return path.components(separator: separator).map { $0.trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// The path one level up; nil for a top-level value.
    public func parent(of path: String) -> String? {
        let parts = split(path)
        return parts.count > 1 ? parts.dropLast().joined(separator: separator) : nil
    }

    // MARK: Settings file

    /// `{"name": "category", "levels": ["category.lvl0", …]}` or
    /// `{"name": "category", "attribute": "categories", "separator": " > "}`.
    public static func parse(_ value: JSONValue, fail: (String) -> DataError) throws -> HierarchicalFacet {
        let shape = "\"hierarchical\" must be {\"name\": …, \"levels\": [\"…lvl0\", …]} or {\"name\": …, \"attribute\": …, \"separator\": \" > \"}"
        guard case .object(let fields) = value, case .string(let name)? = fields["name"], !name.isEmpty else { throw fail(shape) }
        if let unknown = fields.keys.first(where: { !["name", "levels", "attribute", "separator"].contains($0) }) {
            throw fail("unknown key \"\(unknown)\" in \"hierarchical\"; known: attribute, levels, name, separator")
        }
        var separator = defaultSeparator
        if let given = fields["separator"] {
            guard case .string(let text) = given, !text.isEmpty else { throw fail("\"hierarchical\".separator must be a non-empty string") }
            separator = text
        }
        switch (fields["levels"], fields["attribute"]) {
        case (.array(let levels)?, nil):
            let names = levels.compactMap(\.stringValue)
            guard !names.isEmpty, names.count == levels.count, names.count <= maxDepth else {
                throw fail("\"hierarchical\".levels must list 1 to \(maxDepth) attribute names")
            }
            return HierarchicalFacet(name: name, sources: names, separator: separator)
        case (nil, .string(let attribute)?):
            return HierarchicalFacet(name: name, sources: [attribute], separator: separator)
        default:
            throw fail(shape)
        }
    }

    /// The settings-file form, read back by `parse`.
    public var json: JSONValue {
        // Both forms read back as levels: one source attribute holding whole paths is a level
        // list of one (paths are split on the separator either way).
        ["name": .string(name), "levels": .array(sources.map { .string($0) }), "separator": .string(separator)]
    }
}

extension String {
    /// Pieces between occurrences of `separator` (Foundation-free).
    fileprivate func components(separator: String) -> [String] {
        var pieces: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            pieces.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        pieces.append(String(rest))
        return pieces
    }

    fileprivate var trimmingSpaces: String {
        var text = self[...]
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

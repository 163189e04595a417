/// How an index's values are shown, from its settings file: number formats (`"format":
/// {"price": "currency:USD"}`) and the order of each facet list (`"sortFacetValuesBy"`:
/// Algolia's `"count"` or `"alpha"` for every facet, or an object naming the order per facet).
/// They change no search: the index is built the same whatever they say.
public struct DisplaySettings: Hashable, Sendable {
    /// attribute → how its numbers are shown; left out: as the data has them.
    public var format: [String: NumberFormat] = [:]
    /// attribute → its facet list's order; `"*"`: every facet the object does not name.
    public var sortFacetValuesBy: [String: FacetValueOrder] = [:]
    /// Which facet lists show, their order and their pinned or hidden values (Algolia's
    /// `renderingContent.facetOrdering`), sent with every answer.
    public var renderingContent: RenderingContent?

    public init(format: [String: NumberFormat] = [:], sortFacetValuesBy: [String: FacetValueOrder] = [:]) {
        self.format = format
        self.sortFacetValuesBy = sortFacetValuesBy
    }

    public static let knownKeys = ["format", "sortFacetValuesBy", "renderingContent"]

    /// The order of `attribute`'s list, as the settings say (nil: they say nothing).
    public func order(of attribute: String) -> FacetValueOrder? { sortFacetValuesBy[attribute] ?? sortFacetValuesBy["*"] }

    /// Reads one of `knownKeys`; a wrong value is an error naming the key and what is expected.
    mutating func parse(key: String, value: JSONValue, fail: (String) -> DataError) throws {
        switch key {
        case "format":
            guard case .object(let fields) = value else { throw fail("\"format\" must be an object: {\"price\": \"currency:USD\"}") }
            for (attribute, text) in fields {
                guard case .string(let text) = text, let format = NumberFormat(parsing: text) else {
                    throw fail("\"format\" of \"\(attribute)\" must be \(NumberFormat.expected)")
                }
                self.format[attribute] = format
            }
        case "renderingContent":
            renderingContent = try RenderingContent.parse(value, fail: fail)
        default:
            func order(_ value: JSONValue, of what: String) throws -> FacetValueOrder {
                switch value.stringValue {
                case "count"?: return .count
                case "alpha"?, "name"?: return .name
                default: throw fail("\"sortFacetValuesBy\"\(what) must be \"count\" or \"alpha\"")
                }
            }
            if case .object(let fields) = value {
                for (attribute, text) in fields { sortFacetValuesBy[attribute] = try order(text, of: " of \"\(attribute)\"") }
            } else {
                sortFacetValuesBy["*"] = try order(value, of: "")
            }
        }
    }

    /// What a remote server's settings say (`format`, `sortFacetValuesBy`); a value this
    /// client cannot read is left out rather than refusing the index.
    public static func lenient(from settings: JSONValue) -> DisplaySettings {
        var display = DisplaySettings()
        for key in knownKeys {
            guard let value = settings[key] else { continue }
            var one = DisplaySettings()
            if (try? one.parse(key: key, value: value, fail: { DataError(file: "settings", message: $0) })) != nil {
                display.format.merge(one.format) { _, new in new }
                display.sortFacetValuesBy.merge(one.sortFacetValuesBy) { _, new in new }
                display.renderingContent = one.renderingContent ?? display.renderingContent
            }
        }
        return display
    }

    /// The keys as a settings file writes them (for an index file to store them); empty ones left out.
    public var fileFields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if !format.isEmpty {
            fields.append(
                ("format", .object(.init(uniqueKeysWithValues: format.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value.description)) }))))
        }
        if !sortFacetValuesBy.isEmpty {
            let orders = sortFacetValuesBy.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value == .name ? "alpha" : "count")) }
            fields.append(("sortFacetValuesBy", .object(.init(uniqueKeysWithValues: orders))))
        }
        if let renderingContent { fields.append(("renderingContent", renderingContent.json)) }
        return fields
    }
}

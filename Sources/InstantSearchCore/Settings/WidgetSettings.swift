import OrderedCollections

/// One choice of a numeric menu (InstantSearch's NumericMenu / NumberFilter): a label as the
/// settings file writes it and the range it stands for.
public struct NumericMenuBucket: Hashable, Sendable {
    public var label: String
    public var range: NumericRange

    public init(label: String, range: NumericRange) {
        self.label = label
        self.range = range
    }

    /// Reads a bucket from its label: `<50`, `50–200`, `>200` (see `NumericRangeText`).
    public init(parsing label: String) throws(NumericRangeText.ParseError) {
        self.init(label: label, range: try NumericRangeText.parse(label))
    }
}

/// One numeric attribute offered as a menu of buckets.
public struct NumericMenu: Hashable, Sendable {
    public var attribute: String
    public var buckets: [NumericMenuBucket]

    public init(attribute: String, buckets: [NumericMenuBucket]) {
        self.attribute = attribute
        self.buckets = buckets
    }
}

/// Settings that shape the refinement widgets rather than the matching: the sorts an index
/// offers (`sorts`), numeric menus (`numericMenus`) and on/off toggles (`toggles`; left out,
/// attributes holding only 0/1 or true/false are toggles). Every backend's front end reads
/// them, so they live beside the other settings types, in the core.
public struct WidgetSettings: Hashable, Sendable {
    public var sorts: [SortOption] = []
    public var numericMenus: [NumericMenu] = []
    /// nil: inferred from the data.
    public var toggles: [String]?
    /// The numeric attributes offered as range sliders (`sliders`); nil: every one of
    /// `numericAttributesForFiltering` that is not a toggle. Inferred settings name a few
    /// (`IndexSettings.slidersWorthShowing`); the rest can still be filtered and sorted by.
    public var sliders: [String]?

    public init(sorts: [SortOption] = [], numericMenus: [NumericMenu] = [], toggles: [String]? = nil, sliders: [String]? = nil) {
        self.sorts = sorts
        self.numericMenus = numericMenus
        self.toggles = toggles
        self.sliders = sliders
    }

    public static let knownKeys = ["sorts", "numericMenus", "toggles", "sliders"]
    /// Bounds on what a settings file may declare: a menu is read by a person.
    static let maxSorts = 64
    static let maxBuckets = 32

    /// Reads one of `knownKeys`; `fail` makes the error that names the file.
    public mutating func parse(key: String, value: JSONValue, fail: (String) -> DataError) throws {
        switch key {
        case "sorts":
            guard let items = value.arrayValue, items.count <= Self.maxSorts else {
                throw fail("\"sorts\" must be an array of at most \(Self.maxSorts) {\"name\": …, \"by\": \"attribute:desc\"} objects")
            }
            sorts = try items.map { item in try Self.sort(item, fail: fail) }
        case "numericMenus":
            guard let fields = value.objectValue else {
                throw fail("\"numericMenus\" must be an object: {\"price\": [\"<50\", \"50-200\", \">200\"]}")
            }
            numericMenus = try fields.map { attribute, labels in
                guard let items = labels.arrayValue, !items.isEmpty, items.count <= Self.maxBuckets,
                    items.allSatisfy({ $0.stringValue != nil })
                else {
                    throw fail("\"numericMenus\".\"\(attribute)\" must be an array of 1 to \(Self.maxBuckets) strings such as \"<50\", \"50-200\", \">200\"")
                }
                let buckets = try items.compactMap(\.stringValue).map { label in
                    do { return try NumericMenuBucket(parsing: label) } catch {
                        throw fail("\"numericMenus\".\"\(attribute)\": bucket \"\(label)\" at \(error)")
                    }
                }
                return NumericMenu(attribute: attribute, buckets: buckets)
            }
        case "toggles":
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("\"toggles\" must be an array of attribute names")
            }
            toggles = items.compactMap(\.stringValue)
        case "sliders":
            guard let items = value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw fail("\"sliders\" must be an array of numeric attribute names")
            }
            sliders = items.compactMap(\.stringValue)
        default: break
        }
    }

    private static func sort(_ item: JSONValue, fail: (String) -> DataError) throws -> SortOption {
        let by: String
        var name: String?
        if let text = item.stringValue {
            by = text
        } else if let fields = item.objectValue, let text = fields["by"]?.stringValue {
            by = text
            name = fields["name"]?.stringValue
            if fields["name"] != nil, name == nil { throw fail("\"sorts\": \"name\" must be a string") }
            if let unknown = fields.keys.first(where: { $0 != "name" && $0 != "by" }) {
                throw fail("\"sorts\": unknown key \"\(unknown)\"; known keys: name, by")
            }
        } else {
            throw fail("\"sorts\" entries must look like {\"name\": \"Most popular\", \"by\": \"count:desc\"}")
        }
        do {
            let criterion = try SortCriterion.parse(by)
            return SortOption(name: name ?? criterion.description, criterion: criterion)
        } catch {
            throw fail("\"sorts\": \(error)")
        }
    }

    /// The settings-file form, for an index file to store (only the keys that say something).
    public var fileFields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if !sorts.isEmpty {
            fields.append(("sorts", .array(sorts.map { ["name": .string($0.name), "by": .string($0.criterion.description)] })))
        }
        if !numericMenus.isEmpty {
            var menus = OrderedDictionary<String, JSONValue>()
            for menu in numericMenus { menus[menu.attribute] = .array(menu.buckets.map { .string($0.label) }) }
            fields.append(("numericMenus", .object(menus)))
        }
        if let toggles { fields.append(("toggles", .array(toggles.map { .string($0) }))) }
        if let sliders { fields.append(("sliders", .array(sliders.map { .string($0) }))) }
        return fields
    }
}

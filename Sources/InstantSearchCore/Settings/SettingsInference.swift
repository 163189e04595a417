/// What one top-level attribute holds across all records: the evidence inference decides on.
struct AttributeProfile {
    /// Distinct values counted; past this an attribute is no facet.
    static let distinctLimit = 1000
    /// Up to this many distinct values make a facet when each is shared by at least two
    /// records; more (a month over twenty years) when each is shared by twenty on average.
    static let smallFacetLimit = 200
    static let recordsPerValueOfALargeFacet = 20

    var present = 0
    var strings = 0
    var stringArrays = 0
    var numbers = 0
    /// Numbers that are 0 or 1: a column of nothing else is a flag (a toggle).
    var zeroOrOne = 0
    var ones = 0
    var bools = 0
    var textValues = 0
    var textLength = 0
    var urlLikeValues = 0
    var distinct: Set<String> = []
    var tooManyDistinct = false
    /// The numbers with the position of their record in the sample, in order: what tells a
    /// slider worth showing from a constant or a copy of another column (`SliderChoice`).
    var numberSample: [(record: Int, value: Double)] = []

    mutating func record(_ value: JSONValue, at position: Int) {
        switch value {
        case .null: return
        case .string(let s):
            // An empty text says nothing: a column of them is no facet of one empty value.
            guard s.contains(where: { !$0.isWhitespace }) else { return }
            strings += 1
            noteText(s)
        case .array(let items):
            guard !items.isEmpty else { return }  // an empty list says nothing about the type
            let texts = items.compactMap(\.stringValue).filter { $0.contains(where: { !$0.isWhitespace }) }
            if items.allSatisfy({ $0.stringValue != nil }) {
                guard !texts.isEmpty else { return }  // nor does a list of empty texts
                stringArrays += 1
            }
            texts.forEach { noteText($0) }
        case .number(let n):
            numbers += 1
            if n == 0 || n == 1 { zeroOrOne += 1 }
            if n == 1 { ones += 1 }
            numberSample.append((position, n))
        case .bool(let b):
            bools += 1
            noteDistinct(b ? "true" : "false")
        case .object: break
        }
        present += 1
    }

    private mutating func noteText(_ s: String) {
        textValues += 1
        textLength += s.utf8.count
        if AttributeProfile.looksLikeURLOrPath(s) { urlLikeValues += 1 }
        noteDistinct(s)
    }

    private mutating func noteDistinct(_ s: String) {
        guard !tooManyDistinct else { return }
        distinct.insert(s)
        if distinct.count > AttributeProfile.distinctLimit {
            tooManyDistinct = true
            distinct = []
        }
    }

    /// Links and file paths are not text anyone searches word by word. A byte scan: this
    /// runs on every text value of the data set.
    static func looksLikeURLOrPath(_ s: String) -> Bool {
        var hasSpace = false
        var hasSlash = false
        var hasDot = false
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: " "): hasSpace = true
            case UInt8(ascii: "/"):
                if previous == (UInt8(ascii: ":"), UInt8(ascii: "/")) { return true }  // "://"
                hasSlash = true
            case UInt8(ascii: "."): hasDot = true
            default: break
            }
            previous = (previous.1, byte)
        }
        guard !hasSpace else { return false }
        return s.utf8.first == UInt8(ascii: "/") || (hasSlash && hasDot)
    }

    var isText: Bool { present > 0 && (strings + stringArrays) * 2 > present }
    var isNumeric: Bool { present > 0 && numbers == present }
    var averageTextLength: Double { textValues == 0 ? 0 : Double(textLength) / Double(textValues) }
    var isMostlyURLs: Bool { urlLikeValues * 2 > textValues }

    /// Only 0/1 numbers, or only true/false: on / off / any rather than a slider or a list.
    /// A column of one value (every file modified today: `age` 0) refines nothing: no flag.
    var isFlag: Bool {
        if isNumeric { return zeroOrOne == numbers && ones > 0 && ones < numbers }
        return present > 0 && !tooManyDistinct && !distinct.isEmpty && distinct.isSubset(of: ["true", "false"])
    }

    /// Few values, each shared by several records: a list to refine by (a status, a brand, a
    /// month: up to 200 values shared by two records each, up to 1000 shared by twenty).
    var isFacetLike: Bool {
        guard isText || (bools == present && present > 0) else { return false }
        guard !tooManyDistinct, !distinct.isEmpty, distinct.count * 2 < present else { return false }
        return distinct.count <= Self.smallFacetLimit || distinct.count * Self.recordsPerValueOfALargeFacet <= present
    }
}

extension IndexSettings {
    /// Fills every missing key from the records.
    ///
    /// Inference rules: text attributes (strings, arrays of strings) are searchable unless
    /// they hold links/paths or are short codes that are facets anyway ("M"/"F"); title- and
    /// name-like keys rank first, then file order. Text or booleans with at most 200 distinct
    /// values shared by two records each, or at most 1000 shared by twenty each (a month over
    /// years), are facets; empty texts count as absent, so an empty column is none.
    /// Single-valued facets are disjunctive, since AND between two values of a one-value
    /// attribute could never match. Numbers that are not ids are numeric (filters, sorts); a
    /// few of them are sliders (`SliderChoice`); one that says how popular a record is ranks equally
    /// good matches (`PopularityChoice`). The title shown is the first searchable attribute.
    public func resolved(for records: [JSONValue]) -> ResolvedIndexSettings {
        resolved(recordCount: records.count) { records[$0] }
    }

    /// The same from records read one at a time (packed records parse on each read). They are
    /// read only when something is left to infer, and then only the first `sample` (at most
    /// `inferenceSample`): for data read from bytes, those `RecordFramer.sampleSize` counts,
    /// which a file's first snapshot holds when it loads in the background, so a file gets the
    /// same settings however it is opened.
    public func resolved(
        recordCount: Int, sample: Int = IndexSettings.inferenceSample, record recordAt: (Int) -> JSONValue
    ) -> ResolvedIndexSettings {
        var profiled = false
        // Profiles live in an array so each value updates one in place; records of one data
        // set usually share their key order, so the key's slot is guessed before hashing.
        var order: [String] = []
        var slotOfKey: [String: Int] = [:]
        var slots: [AttributeProfile] = []
        var profiles: [String: AttributeProfile] = [:]
        func profile() {
            guard !profiled else { return }
            profiled = true
            for index in 0..<min(recordCount, sample, Self.inferenceSample) {
                guard case .object(let fields) = recordAt(index) else { continue }
                for (position, (key, value)) in fields.enumerated() {
                    let slot: Int
                    if position < order.count, order[position] == key {
                        slot = position
                    } else if let known = slotOfKey[key] {
                        slot = known
                    } else {
                        slot = order.count
                        slotOfKey[key] = slot
                        order.append(key)
                        slots.append(AttributeProfile())
                    }
                    slots[slot].record(value, at: index)
                    // Nested leaves are candidates as dotted paths (`maker.name`, `cast.name`).
                    for (path, leaf) in Self.nestedLeaves(of: key, value) {
                        if let known = slotOfKey[path] {
                            slots[known].record(leaf, at: index)
                        } else {
                            slotOfKey[path] = slots.count
                            order.append(path)
                            slots.append(AttributeProfile())
                            slots[slots.count - 1].record(leaf, at: index)
                        }
                    }
                }
            }
            for (slot, key) in order.enumerated() { profiles[key] = slots[slot] }
        }
        let needsProfiles =
            objectIDAttribute == nil || attributesForFaceting == nil || numericAttributesForFiltering == nil
            || searchableAttributes == nil || disjunctiveFacets == nil || widgets.toggles == nil || customRanking == nil
        if needsProfiles { profile() }

        let idAttribute =
            objectIDAttribute
            ?? (profiles["objectID"] != nil ? "objectID" : profiles["id"] != nil ? "id" : nil)
        let candidates = order.filter { $0 != idAttribute && !Self.isIDLike($0) }

        // A tree's names and the attributes it is read from are shown as the tree, not as lists.
        let inTrees = Set(hierarchical.flatMap { [$0.name] + $0.sources })
        let facets = (attributesForFaceting ?? candidates.filter { profiles[$0]!.isFacetLike && !inTrees.contains($0) })
            .filter { !hierarchical.map(\.name).contains($0) }
        let numerics = numericAttributesForFiltering ?? candidates.filter { profiles[$0]!.isNumeric }
        let searchable =
            searchableAttributes
            ?? Self.rankedByName(
                candidates.filter { key in
                    let profile = profiles[key]!
                    guard profile.isText, !profile.isMostlyURLs else { return false }
                    return !(profile.isFacetLike && profile.averageTextLength < 4)
                })
        let disjunctive =
            disjunctiveFacets
            ?? facets.filter { key in profiles[key].map { $0.stringArrays == 0 } ?? false }
        let allFacets = facets + disjunctive.filter { !facets.contains($0) }

        // Toggles are inferred on the sample, like the rest, so an index still loading (whose
        // first snapshot holds no records) has them from the start.
        var widgets = self.widgets
        if widgets.toggles == nil {
            widgets.toggles = (numerics + allFacets).filter { profiles[$0]?.isFlag ?? false }
        }
        // Sliders for the few numbers worth one, when the numbers themselves were inferred
        // (numbers a person named are all sliders).
        if widgets.sliders == nil, numericAttributesForFiltering == nil {
            let toggled = Set(widgets.toggles ?? [])
            widgets.sliders = SliderChoice.choose(
                among: numerics.filter { !toggled.contains($0) }.map { (name: $0, profile: profiles[$0]!) }, sampled: min(recordCount, sample))
        }

        // A popularity column (downloads, votes, a rank) orders equally good matches, unless
        // the settings say how (an empty `customRanking` says: by none).
        let ranking =
            customRanking
            ?? [PopularityChoice.choose(among: numerics.compactMap { name in profiles[name].map { (name: name, profile: $0) } })]
            .compactMap { $0 }

        var display = displayAttributes ?? []
        if displayAttributes == nil {
            // A few lines per hit stay readable; data with dozens of numeric columns would not.
            for attribute in [searchable.first].compactMap({ $0 }) + allFacets + (widgets.sliders ?? numerics)
            where !display.contains(attribute) && display.count < Self.inferredDisplayLimit {
                display.append(attribute)
            }
            if display.isEmpty {
                profile()
                if let first = order.filter({ $0 != idAttribute && !Self.isIDLike($0) }).first { display = [first] }
            }
        }

        // An inferred popularity decides among matches about as good as each other (buckets of
        // relevance points), as the person who named the column would have had it: a popular
        // package with a typo in its name above an obscure one that holds the words in its
        // description. A width the settings give (0: off) stays.
        var relevance = self.relevance
        if customRanking == nil, !ranking.isEmpty, relevance.relevanceBucketWidth == nil {
            relevance.relevanceBucketWidth = PopularityChoice.bucketWidth
        }
        var resolved = ResolvedIndexSettings(
            searchableAttributes: searchable, attributesForFaceting: allFacets, disjunctiveFacets: disjunctive,
            numericAttributesForFiltering: numerics, customRanking: ranking,
            displayAttributes: display, objectIDAttribute: idAttribute, relevance: relevance, widgets: widgets
        )
        resolved.hierarchicalFacets = hierarchical
        resolved.display = self.display
        return resolved
    }

    static let inferredDisplayLimit = 5

    /// Records read to infer settings: enough to see which attributes repeat and which are
    /// numbers, without reading a large file's rows twice.
    public static let inferenceSample = 10_000

    /// `id`, `objectID`, `user_id`, `movieId`: identifiers, never searched, faceted or ranged.
    static func isIDLike(_ key: String) -> Bool {
        let lower = key.lowercased()
        if lower == "id" || lower == "objectid" || lower.hasSuffix("_id") { return true }
        return key.count > 2 && (key.hasSuffix("Id") || key.hasSuffix("ID"))
    }

    /// One level down: an object's scalar fields, or the fields of an array of objects
    /// gathered as lists, as dotted paths. Deeper levels are left to settings; a record whose
    /// objects have many keys offers only its first few.
    static func nestedLeaves(of key: String, _ value: JSONValue) -> [(String, JSONValue)] {
        let limit = 16
        switch value {
        case .object(let fields):
            let leaves = fields.elements.filter { $0.value.objectValue == nil }.prefix(limit)
            return leaves.map { (key + "." + $0.key, $0.value) }
        case .array(let items):
            var keys: [String] = []
            for item in items.prefix(limit) {
                for (sub, inner) in item.objectValue ?? [:] where inner.objectValue == nil && !keys.contains(sub) && keys.count < limit {
                    keys.append(sub)
                }
            }
            return keys.compactMap { sub in value.value(atPath: sub).map { (key + "." + sub, $0) } }
        default:
            return []
        }
    }

    /// Titles and names first: they are what people type.
    private static func rankedByName(_ keys: [String]) -> [String] {
        func rank(_ key: String) -> Int {
            let lower = key.lowercased()
            if lower == "title" || lower == "name" { return 0 }
            if lower.contains("title") || lower.contains("name") { return 1 }
            return 2
        }
        return keys.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }
}

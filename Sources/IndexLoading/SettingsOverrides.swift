import InstantSearchCore

/// Settings given on the command line (`--display`, `--searchable`, `--facets`, `--numeric`,
/// `--sort`, `--hits-layout`, `--query-type`, `--subsequence`, `--scope`), for every index or, with a `NAME:` prefix, for the index of that
/// name. They win over the settings file and inference; an index's own beat every index's; a
/// later option beats an earlier one. Parsed here once for the interactive command and `query`.
public struct SettingsOverrides: Hashable, Sendable {
    /// What the options set for one scope; nil fields are left to the settings file and inference.
    public struct Scope: Hashable, Sendable {
        public var display: [String]?
        public var searchable: [String]?
        public var facets: [String]?
        public var numeric: [String]?
        public var sort: [CustomRankingCriterion]?
        public var hitsLayout: HitsLayout?
        public var queryType: QueryType?
        public var subsequence: SubsequenceSetting?
        /// `--scope`, each option adding one.
        public var scopes: [FilterScope]?
    }

    public private(set) var everyIndex = Scope()
    public private(set) var byIndex: [String: Scope] = [:]
    /// The option that first named each index, for the error when there is no such index.
    private var optionNaming: [String: String] = [:]

    public init() {}

    public var isEmpty: Bool { everyIndex == Scope() && byIndex.isEmpty }

    public enum Option: String, CaseIterable, Sendable {
        case display, searchable, facets, numeric, sort, hitsLayout = "hits-layout", queryType = "query-type", subsequence, scope
        public var flag: String { "--" + rawValue }
    }

    /// Adds one option's value: `a,b,c` or `NAME:a,b,c`; for `--sort`, `[NAME:]attr:asc|desc[,…]`;
    /// for `--hits-layout`, `[NAME:]one|two`; for `--query-type`, `[NAME:]prefixLast|prefixAll|prefixNone`;
    /// for `--subsequence`, `[NAME:]ATTRIBUTE[:SCHEME]`; for `--scope`, `NAME=FACET:VALUE` or `NAME`
    /// (every index: its name is the scope's). A mistake throws a message naming the option.
    public mutating func add(_ option: Option, _ value: String) throws {
        func fail(_ message: String) -> SettingsOptionError { SettingsOptionError(message: "\(option.flag): \(message)") }
        if option == .scope {
            do {
                let scope = try FilterScope(option: value)
                everyIndex.scopes = (everyIndex.scopes ?? []) + [scope]
                guard everyIndex.scopes!.count <= 64 else { throw fail("at most 64 scopes") }
            } catch let error as SyntaxSettingError {
                throw fail(error.message)
            }
            return
        }
        let (name, rest) = try Self.split(option, value, fail: fail)
        guard name.map({ !$0.isEmpty }) ?? true else { throw fail("the index name before \":\" is empty in \"\(value)\"") }
        var scope = name.map { byIndex[$0] ?? Scope() } ?? everyIndex
        let items = rest.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingBlanks() }
        let names = rest.trimmingBlanks().isEmpty ? [] : items
        if names.contains("") { throw fail("an empty attribute name in \"\(value)\"") }
        guard names.count <= 256 else { throw fail("at most 256 attributes") }
        switch option {
        case .display: scope.display = names
        case .searchable: scope.searchable = names
        case .facets: scope.facets = names
        case .numeric: scope.numeric = names
        case .sort:
            scope.sort = try names.map { item in
                let parts = item.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, ["asc", "desc"].contains(parts[1]) else {
                    throw fail("\"\(item)\" must be ATTRIBUTE:asc or ATTRIBUTE:desc (e.g. count:desc)")
                }
                return CustomRankingCriterion(attribute: String(parts[0]), ascending: parts[1] == "asc")
            }
        case .hitsLayout:
            guard let layout = HitsLayout(rawValue: rest) else { throw fail("\"\(rest)\" must be one or two") }
            scope.hitsLayout = layout
        case .queryType:
            guard let type = QueryType(rawValue: rest) else { throw fail("\"\(rest)\" must be prefixLast, prefixAll or prefixNone") }
            scope.queryType = type
        case .subsequence:
            do { scope.subsequence = try SubsequenceSetting(option: rest) } catch { throw fail(error.message) }
        case .scope: break
        }
        if let name {
            byIndex[name] = scope
            if optionNaming[name] == nil { optionNaming[name] = option.flag }
        } else {
            everyIndex = scope
        }
    }

    /// The `NAME:` prefix, if any. For `--sort` a value's first entry has one colon of its own
    /// (`count:desc`), so the prefix is there only when the first entry has two.
    private static func split(
        _ option: Option, _ value: String, fail: (String) -> SettingsOptionError
    ) throws -> (String?, String) {
        guard let colon = value.firstIndex(of: ":") else { return (nil, value) }
        if option == .sort {
            let first = value.prefix { $0 != "," }
            guard first.filter({ $0 == ":" }).count >= 2 else { return (nil, value) }
        }
        // `path:path` is an attribute and its scheme; `files:path:path` names the index too.
        if option == .subsequence, value.filter({ $0 == ":" }).count < 2 { return (nil, value) }
        return (String(value[..<colon]), String(value[value.index(after: colon)...]))
    }

    /// The index names the options were given for, to check against the indices there are.
    public var indexNames: [String] { byIndex.keys.sorted() }

    /// Throws when a `NAME:` prefix names no index (with the nearest names).
    public func checkIndexNames(_ names: [String]) throws {
        for name in indexNames where !names.contains(name) {
            var message =
                "\(optionNaming[name] ?? "--display"): no index is named \"\(name)\" (given before \":\"); the indices: " + names.joined(separator: ", ")
            if let near = AttributeCheck.suggestions(for: name, among: Set(names)).first { message += "; did you mean \"\(near)\"?" }
            throw SettingsOptionError(message: message)
        }
    }

    /// What applies to the index `name`: its own options over every index's.
    public func scope(forIndex name: String) -> Scope {
        var merged = everyIndex
        guard let own = byIndex[name] else { return merged }
        merged.display = own.display ?? merged.display
        merged.searchable = own.searchable ?? merged.searchable
        merged.facets = own.facets ?? merged.facets
        merged.numeric = own.numeric ?? merged.numeric
        merged.sort = own.sort ?? merged.sort
        merged.hitsLayout = own.hitsLayout ?? merged.hitsLayout
        merged.queryType = own.queryType ?? merged.queryType
        merged.subsequence = own.subsequence ?? merged.subsequence
        merged.scopes = own.scopes ?? merged.scopes
        return merged
    }

    /// `settings` (from a file, or empty) with the options for index `name` laid over it.
    public func settings(_ settings: IndexSettings, forIndex name: String) -> IndexSettings {
        let scope = scope(forIndex: name)
        var result = settings
        if let display = scope.display { result.displayAttributes = display }
        if let searchable = scope.searchable { result.searchableAttributes = searchable }
        if let facets = scope.facets {
            result.attributesForFaceting = facets
            // Disjunctive ones the file named stay so only if they are still facets; else inferred.
            result.disjunctiveFacets = settings.disjunctiveFacets?.filter(facets.contains)
        }
        if let numeric = scope.numeric {
            result.numericAttributesForFiltering = numeric
            // Numbers named to filter by are sliders: none of them is taken for an on/off toggle.
            if result.widgets.toggles == nil { result.widgets.toggles = [] }
        }
        if let queryType = scope.queryType { result.relevance.queryType = queryType }
        if let subsequence = scope.subsequence { result.relevance.subsequence = subsequence }
        if let sort = scope.sort {
            result.customRanking = sort
            // F7 offers each as a sort of the whole result set too, after the file's own sorts.
            let declared = Set(result.widgets.sorts.map(\.criterion))
            result.widgets.sorts += sort.map { SortCriterion(attribute: $0.attribute, ascending: $0.ascending) }
                .filter { !declared.contains($0) }.map { SortOption(name: $0.description, criterion: $0) }
        }
        return result
    }

    /// A front end's description of index `name` with the options for what is shown (display
    /// attributes, rows per hit): those apply to an index file's index too.
    public func description(_ description: IndexDescription) -> IndexDescription {
        let scope = scope(forIndex: description.name)
        var result = description
        if let display = scope.display { result.displayAttributes = display }
        result.hitsLayout = scope.hitsLayout ?? result.hitsLayout
        if let scopes = scope.scopes { result.scopes = scopes }
        return result
    }

    /// The attributes the options name for index `name`, each with its option, to check.
    public func namedAttributes(forIndex name: String) -> [NamedAttribute] {
        let scope = scope(forIndex: name)
        var named: [NamedAttribute] = []
        for (option, names) in [
            (Option.display, scope.display), (.searchable, scope.searchable), (.facets, scope.facets), (.numeric, scope.numeric),
            (.sort, scope.sort?.map(\.attribute)), (.subsequence, scope.subsequence.map { [$0.attribute] }),
            (.scope, scope.scopes?.compactMap(\.attribute)),
        ] {
            named += (names ?? []).map { NamedAttribute($0, source: option.flag) }
        }
        return named
    }

    /// Part of an index cache entry's name: an index built with these options is another index.
    public func cacheKey(forIndex name: String) -> String {
        var scope = scope(forIndex: name)
        scope.scopes = nil  // a filter of the interface, not of the index
        guard scope != Scope() else { return "" }
        let lists = [scope.display, scope.searchable, scope.facets, scope.numeric].map { $0.map { $0.joined(separator: ",") } ?? "-" }
        let key = (lists + [scope.sort.map { $0.map(\.description).joined(separator: ",") } ?? "-"]).joined(separator: "|")
        let subsequence = scope.subsequence.map { "|~" + $0.attribute + ":" + $0.scheme.rawValue } ?? ""
        return key + (scope.queryType.map { "|" + $0.rawValue } ?? "") + subsequence
    }
}

/// A settings option that does not parse, or names an index there is not: one line, status 2.
public struct SettingsOptionError: Error, CustomStringConvertible, Hashable, Sendable {
    public var message: String
    public var description: String { message }
}

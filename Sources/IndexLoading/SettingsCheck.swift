import InstantSearchCore
import SearchEngine

/// Start-up check of every attribute a person named — in a settings file, a config file or a
/// settings option — against the attributes the index's records have (the first
/// `IndexSettings.inferenceSample` records; for a file or pipe read in the background, the
/// sample its settings are inferred from, read before the interface opens). A name no record
/// has is an error naming where it was written, with the nearest names.
public struct SettingsCheck {
    public let overrides: SettingsOverrides

    public init(overrides: SettingsOverrides = SettingsOverrides()) {
        self.overrides = overrides
    }

    public func check(_ index: SearchIndex, settingsFile: String?, extra: [NamedAttribute] = []) throws {
        try check(index.records, indexName: index.name, settingsFile: settingsFile, extra: extra)
    }

    /// `records`: an index's, or the sample a loader inferred its settings from.
    public func check(_ records: RecordStore, indexName: String, settingsFile: String?, extra: [NamedAttribute] = []) throws {
        var named = try settingsFile.map { try IndexSettings.load(path: $0).namedAttributes(source: $0) } ?? []
        named += overrides.namedAttributes(forIndex: indexName) + extra
        // Nothing to check against yet (an empty file, a pipe that has sent nothing).
        guard !named.isEmpty, records.count > 0 else { return }
        try AttributeCheck.check(named, existing: records.attributePaths(sample: IndexSettings.inferenceSample), indexName: indexName)
    }

    /// An index file keeps the settings it was built with: only what is shown can change.
    public func checkIndexFile(_ index: SearchIndex, path: String, extra: [NamedAttribute] = []) throws {
        let scope = overrides.scope(forIndex: index.name)
        let rebuilding: [(SettingsOverrides.Option, Bool)] = [
            (.searchable, scope.searchable != nil), (.facets, scope.facets != nil), (.numeric, scope.numeric != nil),
            (.sort, scope.sort != nil), (.queryType, scope.queryType != nil),
        ]
        if let (option, _) = rebuilding.first(where: \.1) {
            throw DataError(
                file: path,
                message:
                    "an index file keeps the settings it was built with; \(option.flag) applies to data files (build it again: instantsearch index DATA -o INDEX \(option.flag) …)"
            )
        }
        try check(index, settingsFile: nil, extra: extra)
    }
}

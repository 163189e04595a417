import InstantSearchCore

extension SearchIndex {
    /// The same records indexed again under changed settings: Algolia's `setSettings`, which
    /// changes the keys it names and keeps the others (a key set to `null` goes back to its
    /// default, inferred from the records where settings are). `changes` is a JSON object whose
    /// keys and values are checked as a settings file's are: a `DataError` naming the first
    /// wrong one, `file` saying where it came from.
    public func withSettings(changing changes: JSONValue, file: String) throws -> SearchIndex {
        guard case .object(var fields) = settings.fileJSON(), case .object(let changed) = changes else {
            throw DataError(file: file, message: "expected a JSON object of settings")
        }
        for (key, value) in changed {
            if value == .null { fields[key] = nil } else { fields[key] = value }
        }
        let merged = try IndexSettings.parse(bytes: Array(JSONValue.object(fields).serialized().utf8), file: file)
        return SearchIndex(name: name, records: records, settings: merged)
    }
}

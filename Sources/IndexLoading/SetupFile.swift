import InstantSearchCore
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A whole multi-index setup in one JSON file (`--config`): the indices, their settings, and
/// the sections view's sections (F5). Paths are relative to the file.
///
/// ```json
/// {
///   "indices": [{"data": "movies.json", "settings": "movies.settings.json"}, {"data": "actors.json"}],
///   "view": "sections",
///   "sections": [
///     {"title": "Actors", "index": "actors", "hits": 5},
///     {"title": "Genres", "index": "movies", "facet": "genres", "values": 4},
///     {"title": "Movies", "index": "movies", "hits": 10}
///   ]
/// }
/// ```
public struct SetupFile: Sendable {
    public struct IndexEntry: Hashable, Sendable {
        public var data: String
        public var settings: String?
        public var format: DataFormat?

        public init(data: String, settings: String? = nil, format: DataFormat? = nil) {
            (self.data, self.settings, self.format) = (data, settings, format)
        }
    }

    public var indices: [IndexEntry] = []
    public var sections: [SectionDefinition] = []
    public var startsWithSections = false
    /// The file itself, as given: what its errors are called.
    public var path = "--config"

    public init() {}

    public static func load(path: String) throws -> SetupFile {
        let root = try JSONParser.parse(try SettingsFile.read(path), file: path)
        let directory = PathText.deletingLastComponent(path)
        func fail(_ message: String) -> DataError { DataError(file: path, message: message) }
        func resolve(_ relative: String) -> String {
            relative.hasPrefix("/") || directory.isEmpty ? relative : directory + "/" + relative
        }

        guard let fields = root.objectValue else { throw fail("expected a JSON object") }
        try checkKeys(fields.keys, allowed: ["indices", "sections", "view"], where: "the setup", fail: fail)
        var setup = SetupFile()
        setup.path = path
        for (position, entry) in (fields["indices"]?.arrayValue ?? []).enumerated() {
            guard let object = entry.objectValue, let data = object["data"]?.stringValue else {
                throw fail("indices[\(position)] needs \"data\": a data or index file")
            }
            try checkKeys(object.keys, allowed: ["data", "settings", "format"], where: "indices[\(position)]", fail: fail)
            var format: DataFormat?
            if let name = object["format"] {
                guard let known = name.stringValue.flatMap(DataFormat.init(optionName:)) else {
                    throw fail("indices[\(position)].format must be one of " + DataFormat.optionNames.joined(separator: ", "))
                }
                format = known
            }
            setup.indices.append(IndexEntry(data: resolve(data), settings: object["settings"]?.stringValue.map(resolve), format: format))
        }
        guard !setup.indices.isEmpty else { throw fail("\"indices\" must list at least one data file") }
        for (position, entry) in (fields["sections"]?.arrayValue ?? []).enumerated() {
            setup.sections.append(try section(entry, position: position, fail: fail))
        }
        switch fields["view"]?.stringValue ?? "tabs" {
        case "tabs": setup.startsWithSections = false
        case "sections":
            guard !setup.sections.isEmpty else { throw fail("\"view\": \"sections\" needs \"sections\"") }
            setup.startsWithSections = true
        case let other: throw fail("\"view\" is \"tabs\" or \"sections\", not \"\(other)\"")
        }
        return setup
    }

    private static func section(_ entry: JSONValue, position: Int, fail: (String) -> DataError) throws -> SectionDefinition {
        let place = "sections[\(position)]"
        guard let object = entry.objectValue, let index = object["index"]?.stringValue else {
            throw fail("\(place) needs \"index\"")
        }
        try checkKeys(object.keys, allowed: ["title", "index", "hits", "facet", "values"], where: place, fail: fail)
        let title = object["title"]?.stringValue ?? index
        if let attribute = object["facet"]?.stringValue {
            let limit = Int(object["values"]?.numberValue ?? 5)
            return SectionDefinition(title: title, indexName: index, content: .facetValues(attribute: attribute, limit: max(1, limit)))
        }
        let limit = Int(object["hits"]?.numberValue ?? 5)
        return SectionDefinition(title: title, indexName: index, content: .hits(limit: max(1, limit)))
    }

    private static func checkKeys(
        _ keys: some Sequence<String>, allowed: Set<String>, where place: String, fail: (String) -> DataError
    ) throws {
        if let unknown = keys.first(where: { !allowed.contains($0) }) {
            if let near = AttributeCheck.suggestions(for: unknown, among: allowed).first {
                throw fail("unknown key \"\(unknown)\" in \(place); did you mean \"\(near)\"?")
            }
            throw fail("unknown key \"\(unknown)\" in \(place); known: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// The facets its sections name in the index `indexName`, to check against its records.
    public func namedAttributes(forIndex indexName: String) -> [NamedAttribute] {
        sections.enumerated().compactMap { position, section in
            guard section.indexName == indexName, case .facetValues(let attribute, _) = section.content else { return nil }
            return NamedAttribute(attribute, source: path, key: "sections[\(position)].facet")
        }
    }

    /// Every section names one of the indices, and a facet of it (by its settings: the interface
    /// opens before the records are in).
    public func checkSections(against indices: [SearchIndex]) throws {
        let names = Set(indices.map(\.name))
        if let stray = sections.first(where: { !names.contains($0.indexName) }) {
            throw DataError(
                file: path, message: "section \"\(stray.title)\" names index \"\(stray.indexName)\"; the indices are \(names.sorted().joined(separator: ", "))")
        }
        for (position, section) in sections.enumerated() {
            guard case .facetValues(let attribute, _) = section.content, let index = indices.first(where: { $0.name == section.indexName })
            else { continue }
            let facets = index.settings.attributesForFaceting
            guard facets.contains(attribute) else {
                throw DataError(
                    file: path,
                    message: "sections[\(position)].facet: \"\(attribute)\" is not a facet of \(index.name); its facets: \(facets.joined(separator: ", "))")
            }
        }
    }
}

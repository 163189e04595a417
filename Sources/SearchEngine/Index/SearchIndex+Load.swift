import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension SearchIndex {
    /// Loads a data file and its settings. Without `settingsPath`, `<file without extension>.settings.json`
    /// beside the data is used when it exists. The index is named after the file, without extension.
    /// The format is `format`, else the extension's, else sniffed from the content.
    public convenience init(
        path: String, settingsPath: String? = nil, format: DataFormat? = nil, options: LoadOptions = .strict
    ) throws {
        let settings = try IndexSettings.load(ifGiven: settingsPath ?? Self.settingsBeside(path))
        try self.init(path: path, settings: settings, format: format, options: options)
    }

    /// Loads a data file with settings already read (and perhaps changed by command-line options).
    public convenience init(path: String, settings: IndexSettings, format: DataFormat? = nil, options: LoadOptions = .strict) throws {
        try self.init(
            name: Self.indexName(ofDataFile: path), bytes: try DataLoader.readFile(path), sourceName: path,
            format: format ?? DataFormat.fromExtension(of: path), settings: settings, options: options)
    }

    /// A data file's index is named after the file, without its extension.
    public static func indexName(ofDataFile path: String) -> String {
        PathText.lastComponent(PathText.deletingExtension(path))
    }

    /// Indexes data read whole (standard input for `query -`); `sourceName` is what errors call it.
    /// Plain lines take the bytes over (`DataLoader.loadRecords`): pass an array nobody else holds.
    public convenience init(
        name: String, bytes: consuming [UInt8], sourceName: String, format: DataFormat?, settings: IndexSettings?,
        options: LoadOptions = .strict
    ) throws {
        let concrete = try DataFormat.resolve(format, bytes: bytes, file: sourceName)
        let sample = RecordFramer.sampleSize(of: bytes, format: concrete, dialect: options.dialect(for: concrete))
        let records = try DataLoader.loadRecords(bytes: consume bytes, name: sourceName, format: concrete, options: options)
        // Plain lines have one attribute; of settings given, only the relevance ones apply.
        self.init(
            name: name, records: records,
            settings: concrete == .lines ? LineRecords.settings(keepingRelevanceOf: settings ?? IndexSettings()) : settings ?? IndexSettings(),
            inferenceSample: sample)
    }

    /// `NAME.settings.json` beside `NAME.ext`, when there is one.
    public static func settingsBeside(_ dataPath: String) -> String? {
        sibling(of: dataPath, named: "settings")
    }

    /// The query rules file beside a data file (`products.json` → `products.rules.json`), if there is one.
    public static func rulesBeside(_ dataPath: String) -> String? {
        sibling(of: dataPath, named: "rules")
    }

    private static func sibling(of dataPath: String, named kind: String) -> String? {
        let path = PathText.deletingExtension(dataPath) + ".\(kind).json"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

extension IndexSettings {
    /// `load(path:)` when there is a path, else nothing set (everything inferred).
    public static func load(ifGiven path: String?) throws -> IndexSettings {
        guard let path else { return IndexSettings() }
        return try load(path: path)
    }
}

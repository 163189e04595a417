import InstantSearchCore

@testable import SearchEngine

/// Software packages, gadgets and places, written so that each rule decides at
/// least one query of `RelevanceRulesTests`: popularity (the custom ranking) is set against
/// the textual criteria on purpose, so a rule that did not apply would show.
enum RelevanceRulesFixture {
    static let records: [JSONValue] = [
        // Exactness: a name that is the word, its longer siblings, a completion.
        package("git", "git", "distributed version control", 50),
        package("git-lfs", "git-lfs", "large file storage for version control", 90),
        package("gitk", "gitk", "repository browser", 80),
        package("git-doc", "git", "manual pages", 95),
        // Joined words, and one record holding the words apart.
        package("imagemagick", "imagemagick", "convert bitmap images", 40),
        package("imagemagick-doc", "imagemagick", "manual for the bitmap converter", 70),
        package("image-magick-helper", "helper", "wrapper scripts", 10),
        package("nodejs", "nodejs", "javascript runtime", 60),
        package("libreoffice-writer", "libreoffice", "word processor", 55),
        package("libreoffice-calc", "libreoffice", "spreadsheet", 65),
        // A word split in two, its literal form, and the two parts apart.
        package("pandas-lite", "pandas", "a small data frame library", 85),
        package("dataframe-tools", "dataframe", "helpers", 15),
        package("frame-grabber", "grabber", "reads the frame of data from a camera", 99),
        // Identifiers.
        package("python3-numpy", "numpy", "array computing", 75),
        package("numpy-doc", "numpy", "numerical manuals", 35),
        package("numpy-docs", "numpy", "numerical guides", 90),
        package("lua5.4", "lua", "scripting language", 30),
        package("lua5.3", "lua", "older scripting language", 45),
        package("ninja_build", "ninja", "small build system", 25),
        // Synonyms.
        package("tv-remote", "remote", "infrared", 30),
        package("television-guide", "guide", "listings", 60),
        package("notebook-cover", "cover", "sleeve", 50),
        package("laptop-stand", "stand", "aluminium", 20),
        package("new-york-map", "maps", "streets", 40),
        package("ny-subway", "maps", "lines", 45),
        // Plurals.
        package("berries-basket", "basket", "wicker", 12),
        package("box-cutter", "cutter", "blade", 14),
        package("boxes-set", "boxes", "cardboard", 16),
        package("child-seat", "seat", "car", 18),
        package("children-books", "books", "stories", 19),
        // Text without spaces.
        package("東京の夜景", "tokyo", "夜景ツアー", 22),
        package("大阪の夜景ツアー", "osaka", "観光", 23),
        package("東京タワー", "tower", "展望台", 24),
    ]

    static func package(_ name: String, _ source: String, _ description: String, _ popularity: Int) -> JSONValue {
        [
            "objectID": .string(name), "name": .string(name), "description": .string(description), "source": .string(source),
            "popularity": .number(Double(popularity)),
        ]
    }

    static func settings(_ edit: (inout RelevanceSettings) -> Void = { _ in }) -> IndexSettings {
        var settings = IndexSettings(
            searchableAttributes: ["name", "description"], attributesForFaceting: ["source"],
            numericAttributesForFiltering: ["popularity"],
            customRanking: [CustomRankingCriterion(attribute: "popularity", ascending: false)])
        settings.relevance.synonyms = [
            Synonym(multiWay: ["tv", "television"]), Synonym(oneWay: "laptop", synonyms: ["notebook"]),
            Synonym(multiWay: ["ny", "new york"]),
        ]
        edit(&settings.relevance)
        return settings
    }

    static func index(_ edit: (inout RelevanceSettings) -> Void = { _ in }) -> SearchIndex {
        SearchIndex(name: "packages", records: records, settings: settings(edit))
    }

    static let standard = index()
    static let wordExactness = index { $0.exactOnSingleWordQuery = .word }
    static let noExactness = index { $0.exactOnSingleWordQuery = .none }
    static let stopWords = index { $0.removeStopWords = ["en", "fr"] }
    static let plurals = index { $0.ignorePlurals = true }
    static let distinct = index {
        $0.attributeForDistinct = "source"
        $0.distinct = 1
    }
}

import InstantSearchCore

@testable import SearchEngine

/// A package catalogue in miniature, written for `PopularityRankingTests`: popular packages
/// whose descriptions hold the words people type, obscure ones whose names do, and near-miss
/// names that typos reach. `downloads` is the custom ranking.
enum PopularityFixture {
    static let records: [JSONValue] = [
        package("requests", "Python HTTP library for humans", 900_000_000),
        package("http-library-lite", "small helpers", 120),
        package("requests-toolbelt", "utilities for requests", 80_000_000),
        package("reqests2", "a fork", 10),
        package("httpx", "the next generation HTTP client for Python", 300_000_000),
        package("http-client-kit", "socket wrappers", 80),
        package("numpy", "fundamental package for array computing with Python", 800_000_000),
        package("numpi", "numbers and pi", 40),
        package("flask", "a simple framework for building web applications", 200_000_000),
        package("flsk-tools", "misc", 5),
        package("django", "high-level Python web framework", 250_000_000),
        package("web-framework-mini", "toy", 60),
        package("pandas", "data analysis with powerful structures", 700_000_000),
        package("data-analysis-notes", "notebooks", 20),
        package("pandsa", "placeholder", 3),
        package("scipy", "scientific computing library", 400_000_000),
        package("scientific-computing-notes", "lecture notes", 15),
        package("pillow", "Python imaging library", 350_000_000),
        package("imaging-library-x", "experiments", 25),
        package("pyyaml", "YAML parser and emitter for Python", 500_000_000),
        package("yaml-parser-tiny", "a weekend project", 12),
        package("left-pad", "pads strings", 2),
        package("string-tools", "left pad and more for strings", 90_000_000),
    ]

    static func package(_ name: String, _ description: String, _ downloads: Int) -> JSONValue {
        [
            "objectID": .string(name), "name": .string(name), "description": .string(description),
            "downloads": .number(Double(downloads)),
        ]
    }

    static func settings(bucketWidth: Int) -> IndexSettings {
        var settings = IndexSettings(
            searchableAttributes: ["name", "description"], attributesForFaceting: [], numericAttributesForFiltering: ["downloads"],
            customRanking: [CustomRankingCriterion(attribute: "downloads", ascending: false)])
        settings.relevance.relevanceBucketWidth = bucketWidth
        return settings
    }

    static let bucketed = SearchIndex(name: "packages", records: records, settings: settings(bucketWidth: 2))
    static let unbucketed = SearchIndex(name: "packages", records: records, settings: settings(bucketWidth: 0))
}

import InstantSearchCore

@testable import SearchEngine

/// Films chosen so each relevance rule decides at least one query of `RelevanceTests`:
/// popularity (the custom ranking) is set against the textual criteria on purpose.
enum RelevanceFixture {
    static let films: [JSONValue] = [
        film("1", "The Godfather", ["Marlon Brando", "Al Pacino"], 100),
        film("2", "The Godfather Part II", ["Al Pacino", "Robert De Niro"], 90),
        film("3", "Star Wars", ["Mark Hamill", "Harrison Ford"], 95),
        film("4", "Star Trek", ["William Shatner"], 80),
        film("5", "Star Kids and the Wars", ["Nobody Known"], 99),
        film("6", "Starship Troopers", ["Casper Van Dien"], 60),
        film("7", "Amélie", ["Audrey Tautou"], 70),
        film("8", "Christopher Robin", ["Ewan McGregor"], 40),
        film("9", "The Searchers", ["John Wayne", "Jeffrey Hunter"], 85),
        film("10", "Mary Poppins", ["Julie Andrews"], 75),
        film("11", "Marty", ["Ernest Borgnine"], 20),
        film("12", "Zoë", [], 5),
        film("13", "Léon", ["Jean Reno", "Natalie Portman"], 88),
        film("14", "True Grit", ["John Wayne", "Glen Campbell"], 65),
        film("15", "John Carter", ["Taylor Kitsch"], 30),
        film("16", "Christophe", [], 10),
        film("17", "2001: A Space Odyssey", ["Keir Dullea"], 85),
    ]

    static func film(_ id: String, _ title: String, _ cast: [String], _ popularity: Int) -> JSONValue {
        [
            "objectID": .string(id), "title": .string(title), "cast": .array(cast.map { .string($0) }),
            "popularity": .number(Double(popularity)),
        ]
    }

    static let settings = IndexSettings(
        searchableAttributes: ["title", "cast"], attributesForFaceting: [], numericAttributesForFiltering: ["popularity"],
        customRanking: [CustomRankingCriterion(attribute: "popularity", ascending: false)])

    static let index = SearchIndex(name: "films", records: films, settings: settings)
}

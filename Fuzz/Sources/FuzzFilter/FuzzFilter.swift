import Foundation
import CFuzzDriver
import InstantSearchCore
import SearchEngine

/// The `filters` parser and its binding to an index: the input is the filter string.
let index = SearchIndex(
    name: "movies",
    records: [
        ["objectID": "1", "title": "Star Wars", "year": 1977, "genres": ["Science Fiction", "Adventure"], "pop": 90],
        ["objectID": "2", "title": "Starship Troopers", "year": 1997, "genres": ["Action"], "pop": 60],
        ["objectID": "3", "title": "Éclair", "year": 2007, "genres": ["Drama"], "pop": 10.5],
        ["objectID": "4", "title": "The Lone Star", "year": 1996, "genres": ["Western", "Drama"], "free": true],
    ],
    settings: IndexSettings(attributesForFaceting: ["genres", "free"], numericAttributesForFiltering: ["year", "pop"]))

func fuzzFilter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var query = Query(text: "", hitsPerPage: 5, facets: ["genres"])
    query.filters = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? index.search(query)
    return 0
}

@main enum FuzzFilterMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzFilter))
    }
}

import InstantSearchCore
import Testing

@testable import SearchCommandLine

/// What a pick prints: a table's row as the file had it (every cell, numbers with their own
/// text, empty cells as ""), any other record as JSON.
@Suite struct PickedRecordTextTests {
    @Test func aCSVRowPrintsItsCellsAsWrittenEmptyOnesIncluded() {
        let hit = Hit(
            objectID: "7", record: ["title": "Black Godfather, The", "year": 1974, "rating": 6, "votes": 12500],
            sourceCells: ["title": "Black Godfather, The", "year": "1974", "budget": "", "rating": "6.0", "votes": "12500", "mpaa": ""])
        #expect(
            PickSession.jsonLine(hit)
                == #"{"title":"Black Godfather, The","year":1974,"budget":"","rating":6.0,"votes":12500,"mpaa":""}"#)
    }

    @Test func aNumberCellJSONCannotHoldAsWrittenIsWrittenAsTheNumber() {
        // A CSV reads "+5" and ".5" as numbers; JSON has no such literals.
        let hit = Hit(objectID: "1", record: ["a": 5, "b": 0.5, "c": "007"], sourceCells: ["a": "+5", "b": ".5", "c": "007"])
        #expect(PickSession.jsonLine(hit) == #"{"a":5,"b":0.5,"c":"007"}"#)
    }

    @Test func aJSONRecordPrintsAsItIs() {
        let hit = Hit(objectID: "1", record: ["name": "x", "price": 6.0])
        #expect(PickSession.jsonLine(hit) == #"{"name":"x","price":6}"#)
    }

    @Test(arguments: [
        ("0", true), ("-0.5", true), ("6.0", true), ("1e6", true), ("2.5E-3", true),
        ("+5", false), (".5", false), ("5.", false), ("007", false), ("1e", false), ("", false), ("-", false), ("0x1F", false),
    ])
    func jsonNumbers(text: String, isNumber: Bool) {
        #expect(PickedRecordText.isJSONNumber(text) == isNumber)
    }
}

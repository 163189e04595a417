import InstantSearchCore
import Testing

@testable import TerminalUI

@Suite struct NumberTextTests {
    private let money = NumberText.standard.forIndex(IndexDescription(name: "shop")).with(["price": .currency(code: "USD")])

    /// One format: grouped from five digits, the data's decimals, currency only where the settings say.
    @Test(arguments: [
        (JSONValue.number(2426.99), "price", "$2426.99"),
        (.number(25), "price", "$25.00"),
        (.number(0.5), "price", "$0.50"),
        (.number(12_500.5), "price", "$12,500.50"),
        (.number(1999), "year", "1999"),
        (.number(1_690_784), "count", "1,690,784"),
        (.number(4.7), "rating", "4.7"),
        (.number(525.99), "cost", "525.99"),
        (.number(-14_062), "budget", "-14,062"),
        (.string("n/a"), "price", "n/a"),
    ])
    func attributesAreShownAsAPersonReadsThem(value: JSONValue, attribute: String, expected: String) {
        #expect(money.value(value, attribute: attribute) == expected)
    }

    @Test func countsAndFieldsShareTheGrouping() {
        let numbers = NumberText.standard
        #expect(numbers.count(14062) == numbers.number(14062))
        #expect(numbers.count(14062) == "14,062")
        #expect(numbers.count(3000) == "3000", "four digits are not grouped (CLDR's minimumGroupingDigits = 2)")
        #expect(numbers.count(-1_234_567) == "-1,234,567")
    }

    @Test func wholeAndFractionalNumbersReadAsTheDataHasThem() {
        let numbers = NumberText.standard
        #expect(numbers.number(-0.0) == "0")
        #expect(numbers.number(-12_500) == "-12,500")
        #expect(numbers.number(12_500.5) == "12,500.5")
        #expect(numbers.number(-0.25) == "-0.25")
        #expect(numbers.number(1e16) == "1e+16", "as JSON writes it")
        #expect(numbers.value(.number(6), attribute: "rating", cell: "6.0") == "6.0")
    }

    @Test(arguments: [
        ("12", 0), ("6.0", 1), ("-3.25", 2), ("+7.", 0), (".5", 1), ("1999", 0),
    ])
    func aCellsDecimalsAreItsDigitsAfterThePoint(cell: String, decimals: Int) {
        #expect(NumberText.decimals(ofCell: cell) == decimals)
    }

    @Test(arguments: ["", "-", "1e6", "1.2.3", "٣", "12a", " 12"])
    func aCellThatIsNoPlainDecimalHasNone(cell: String) {
        #expect(NumberText.decimals(ofCell: cell) == nil)
    }

    @Test func fixedDecimalsRound() {
        #expect(NumberText.standard.fixed(0.25, decimals: 1) == "0.3")
        #expect(NumberText.standard.fixed(3.04, decimals: 2) == "3.04")
    }

    @Test func theLocalesSeparatorsAreUsed() {
        let german = NumberText.separators(grouping: ".", decimal: ",")
        #expect(german.number(12_500.75) == "12.500,75")
        #expect(german.count(1_690_784) == "1.690.784")
        #expect(german.with(["price": .currency(code: "EUR")]).number(1234.5, attribute: "price") == "€1234,50")
        // The C locale defines no grouping: the standard separators stand in.
        #expect(NumberText.separators(grouping: "", decimal: ".") == NumberText.standard)
        #expect(NumberText.locale(named: "C") == NumberText.standard)
        #expect(NumberText.locale(named: "no_SUCH.locale") == NumberText.standard)
    }

    @Test func hitFieldsShareTheFormatDeclaredNumericOrNot() {
        var description = IndexDescription(name: "shop", numericAttributes: ["price"], displayAttributes: ["name", "reviews", "price"])
        description.numberFormats = ["price": .currency(code: "USD")]
        let hit = Hit(objectID: "1", record: ["name": "Kettle", "reviews": 14062, "price": 525.99])
        let shown = HitDisplay(hit: hit, description: description)
        #expect(shown.details.map(\.0).joined() == "reviews 14,062")
        #expect(shown.figure == "$525.99")
        description.numberFormats = [:]
        #expect(HitDisplay(hit: hit, description: description).figure == "price 525.99", "no format: no dollars, and the name says what it is")
    }

    @Test func plainAndUnknownCurrencies() {
        let numbers = NumberText.standard.with(["id": .plain, "fee": .currency(code: "NOK"), "yen": .currency(code: "JPY")])
        #expect(numbers.number(1_234_567, attribute: "id") == "1234567")
        #expect(numbers.number(12, attribute: "fee") == "NOK 12.00")
        #expect(numbers.number(1500, attribute: "yen") == "¥1500")
    }
}

@Suite struct StatsLineTests {
    @Test func droppedWordsAreReadFromQueryAfterRemoval() {
        var results = SearchResults(indexName: "movies", query: "drama starship")
        #expect(StatsLine.droppedWords(results) == nil)
        results.queryAfterRemoval = "drama <em>starship</em>"
        #expect(StatsLine.droppedWords(results) == "starship")
    }
}

@Suite struct LoadingProgressTextTests {
    func text(_ progress: LoadingProgress) -> String { StatsLine.describe(progress).map(\.0).joined() }

    @Test func progressShowsPercentRecordsAndRate() {
        let file = LoadingProgress(indexName: "babynames", records: 412_000, bytesRead: 7_000_000, totalBytes: 28_000_000, recordsPerSecond: 850_300.4)
        #expect(text(file) == "  · loading 25% · 412,000 records · 850,300/s")
        // A pipe has no size to take a percentage of.
        #expect(text(LoadingProgress(indexName: "stdin", records: 12, bytesRead: 90)) == "  · loading · 12 records")
        // An index file read behind the interface: what is under way until its records are in.
        #expect(text(LoadingProgress(indexName: "a", note: "opening the cached index")) == "  · opening the cached index…")
    }

    @Test func aFinishedLoadShowsItsNoteOrItsFailure() {
        #expect(text(LoadingProgress(indexName: "a", isFinished: true)) == "")
        #expect(text(LoadingProgress(indexName: "a", isFinished: true, note: "index from the cache in 80 ms")) == "  · index from the cache in 80 ms")
        #expect(
            text(LoadingProgress(indexName: "a", isFinished: true, failure: "<stdin>:58: expected 2 fields, found 1"))
                == "  ⚠ loading stopped (F6 shows why): <stdin>:58: expected 2 fields, found 1")
    }
}

import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// Issue 28, item 9: a CR alone ends a line (old Mac text) in every line-based format, and
/// CRLF is still one line end: same records, same line numbers in errors and in ids.
@Suite struct LineEndingTests {
    private func load(_ text: String, _ format: DataFormat?) throws -> [JSONValue] {
        try DataLoader.load(bytes: Array(text.utf8), name: "t", format: format)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func csvRowsEndInAnyLineEnd(_ end: String) throws {
        let text = ["name,city", "ann,Oslo", "\"bob\",\"Rome\"", ""].joined(separator: end)
        #expect(try load(text, .csv) == [.object(["name": "ann", "city": "Oslo"]), .object(["name": "bob", "city": "Rome"])])
        #expect(try load(text.replacingOccurrences(of: ",", with: "\t"), .tsv).count == 2)
        #expect(FormatSniffer.sniff(Array(text.utf8), isComplete: true) == .csv)
    }

    @Test func aCRInsideAQuotedCSVCellStaysInTheCell() throws {
        #expect(try load("name,note\r\"ann\",\"two\rlines\"\r", .csv) == [.object(["name": "ann", "note": "two\rlines"])])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func plainLinesEndInAnyLineEnd(_ end: String) throws {
        let text = ["first", "second", "", "fourth"].joined(separator: end) + end
        let store = try LineRecords.table(Array(text.utf8), file: "t").store
        #expect((0..<store.count).map { store[$0] } == ["first", "second", "fourth"].map { .object(["line": .string($0)]) })
        let index = SearchIndex(name: "t", records: store, settings: LineRecords.settings)
        #expect(index.objectIDs == ["1", "2", "4"], "ids are line numbers, CRLF counting once")
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func ndjsonRecordsEndInAnyLineEnd(_ end: String) throws {
        let text = [#"{"a": 1}"#, #"{"a": 2}"#, ""].joined(separator: end)
        #expect(try load(text, .ndjson) == [.object(["a": 1]), .object(["a": 2])])
    }

    @Test func errorsInCROnlyTextNameTheRightLine() throws {
        #expect(throws: DataError(file: "t", line: 3, column: 2, message: "expected 2 fields, found 1")) {
            try load("a,b\r1,2\r3\r", .csv)
        }
        #expect(throws: DataError.self) { try load("{\"a\": 1}\r{\"a\": }\r", .ndjson) }
        do {
            _ = try load("{\"a\": 1}\r\n{\"a\": }\r\n", .ndjson)
        } catch let error as DataError {
            #expect(error.line == 2, "CRLF is one line end")
        }
        do {
            _ = try load("{\"a\": 1}\r{\"a\": }\r", .ndjson)
        } catch let error as DataError {
            #expect(error.line == 2)
        }
    }

    @Test(arguments: [DataFormat.csv, .lines, .ndjson])
    func theStreamingFramerCutsAtACR(_ format: DataFormat) {
        let text = format == .ndjson ? "{\"a\": 1}\r{\"a\": 2}\r{\"a\"" : format == .csv ? "h,i\r1,2\r3,4\r5," : "one\rtwo\r\rthree"
        var framer = RecordFramer(format: format)
        framer.advance(over: Array(text.utf8))
        #expect(framer.records == 2)
        let prefix = framer.prefix(of: Array(text.utf8))
        #expect((try? DataLoader.load(bytes: prefix, name: "t", format: format).count) == 2)
    }
}

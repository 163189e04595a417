import Foundation
import InstantSearchCore
import Synchronization
import Testing

@testable import SearchEngine

/// Nothing in a data file is lost or changed silently. Each
/// problem is an error naming the file, line and column, or, with `--lenient`, a skipped
/// record counted in a report.
@Suite struct DataErrorTests {
    func loadError(_ text: String, name: String, format: DataFormat? = nil) -> String? {
        loadError(Array(text.utf8), name: name, format: format)
    }

    func loadError(_ bytes: [UInt8], name: String, format: DataFormat? = nil) -> String? {
        do {
            _ = try DataLoader.load(bytes: bytes, name: name, format: format)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Loads leniently; returns the records and what the report said.
    func lenient(_ bytes: [UInt8], name: String, format: DataFormat? = nil) throws -> ([JSONValue], LoadReport?) {
        let reports = Mutex<[LoadReport]>([])
        let options = LoadOptions(lenient: true) { report in reports.withLock { $0.append(report) } }
        let records = try DataLoader.load(bytes: bytes, name: name, format: format, options: options)
        let said = reports.withLock { $0 }
        #expect(said.count <= 1, "one report per file")
        return (records, said.first)
    }

    @Test func csvDuplicatedHeaderIsAnErrorAtTheSecondName() {
        #expect(
            loadError("a,b,a\n1,2,3\n", name: "d.csv", format: .csv)
                == "d.csv:1:5: duplicate column name \"a\" (also column 1 of the header): rename one of them")
    }

    @Test func csvFieldCountErrorsHaveLineAndColumn() {
        #expect(loadError("a,b,c\n1,2,3\n1,2\n", name: "f.csv", format: .csv) == "f.csv:3:4: expected 3 fields, found 2")
        #expect(loadError("a,b\n1,2\n\"x\",\"y\",\"z\"\n", name: "f.csv", format: .csv) == "f.csv:3:10: expected 2 fields, found 3")
    }

    @Test func numbersOutOfRangeAreErrorsWithTheirPosition() {
        #expect(loadError("[{\"year\": 1e999999}]", name: "n.json") == "n.json:1:11: number out of range (at most about 1.8e308)")
        #expect(loadError("{\"a\": 1}\n{\"a\": -2e400}\n", name: "n.ndjson") == "n.ndjson:2:7: number out of range (at most about 1.8e308)")
        #expect(
            loadError("name,year\nx,1999\ny,1e999999\n", name: "n.csv", format: .csv)
                == "n.csv:3:3: number out of range (at most about 1.8e308)")
        // Not a number at all, that column is text: no error.
        #expect(loadError("name,code\nx,1e999999z\n", name: "n.csv", format: .csv) == nil)
    }

    @Test func nonObjectRecordsSayWhere() {
        #expect(loadError("[1,2,3]", name: "a.json") == "a.json:1:2: record 1 of the array is a number, not an object")
        #expect(loadError("[\n  {\"a\": 1},\n  [2]\n]", name: "a.json") == "a.json:3:3: record 2 of the array is an array, not an object")
        #expect(loadError("\"str\"", name: "a.json", format: .jsonArray) == "a.json:1:1: expected a JSON array of objects, found '\"'")
    }

    @Test func duplicateObjectIDsNameBothPlaces() {
        #expect(
            loadError("[{\"objectID\": \"a\"},\n {\"objectID\": \"b\"},\n {\"objectID\": \"a\"}]", name: "i.json")
                == "i.json:3:2: duplicate objectID \"a\" (first at i.json:1:2)")
        #expect(
            loadError("{\"objectID\": 7}\n{\"objectID\": 7}\n", name: "i.ndjson")
                == "i.ndjson:2:1: duplicate objectID \"7\" (first at i.ndjson:1:1)")
        #expect(
            loadError("objectID,name\n1,a\n2,b\n1,c\n", name: "i.csv", format: .csv)
                == "i.csv:4:1: duplicate objectID \"1\" (first at i.csv:2:1)")
    }

    @Test func invalidUTF8AndBinaryDataAreReportedByLineAndOffset() {
        let json = Array("[{\"a\": \"ok\"},\n {\"a\": \"b".utf8) + [0xFF] + Array("\"}]".utf8)
        #expect(loadError(json, name: "u.json") == "u.json:2:10: invalid UTF-8 (byte 0xFF at byte offset 23); save the file as UTF-8")
        let csv = Array("name\nAnn\nB".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        #expect(loadError(csv, name: "u.csv", format: .csv) == "u.csv:3:2: invalid UTF-8 (byte 0xC3 at byte offset 10); save the file as UTF-8")
        // An all-zero file is binary, not an empty CSV.
        #expect(
            loadError([UInt8](repeating: 0, count: 4096), name: "zero.bin")
                == "zero.bin:1:1: a NUL byte (byte offset 0): this is binary data, not JSON, NDJSON or CSV text")
    }

    @Test func lenientSkipsBadRecordsAndCountsThem() throws {
        let csv = Array("objectID,n\n1,5\n2,6,7\n3,1e999\n1,8\n4,\u{e9}\n".utf8) + Array("5,x".utf8) + [0xFF] + Array("\n6,9\n".utf8)
        let (rows, report) = try lenient(csv, name: "l.csv", format: .csv)
        #expect(rows.map { $0["objectID"] } == [1, 4, 6])
        #expect(rows.map { $0["n"] } == ["5", "é", "9"])  // "é" makes the column text
        let said = try #require(report)
        #expect(said.skipped == 4)
        #expect(said.description.hasPrefix("l.csv: skipped 4 bad records (--lenient)\n  l.csv:3:5: expected 2 fields, found 3\n"))

        let json = Array("[{\"a\": 1}, 2, {\"a\": 1e999, \"b\": [1, {\"c\": \"]\"}]}, {\"a\": 3}, {\"objectID\": 1}, {\"objectID\": 1}]".utf8)
        let (records, jsonReport) = try lenient(json, name: "l.json")
        #expect(records == [["a": 1], ["a": 3], ["objectID": 1]])
        #expect(jsonReport?.skipped == 3)

        let ndjson = Array("{\"a\": 1}\n{\"a\": \n{\"a\": 2}\n[3]\n{\"a\": \"".utf8) + [0xFE] + Array("\"}\n{\"a\": 4}\n".utf8)
        let (lines, ndjsonReport) = try lenient(ndjson, name: "l.ndjson")
        #expect(lines == [["a": 1], ["a": 2], ["a": 4]])
        #expect(ndjsonReport?.skipped == 3)

        let (clean, nothing) = try lenient(Array("a\n1\n".utf8), name: "ok.csv", format: .csv)
        #expect(clean.count == 1 && nothing == nil)
    }

    @Test func lenientStillStopsWhereTheRestCannotBeRead() {
        let options = LoadOptions(lenient: true)
        #expect(throws: DataError.self) { try DataLoader.load(bytes: Array("a,a\n1,2\n".utf8), name: "h.csv", format: .csv, options: options) }
        #expect(throws: DataError.self) { try DataLoader.load(bytes: Array("[{\"a\": \"open".utf8), name: "o.json", options: options) }
    }

    @Test func textCheckAgreesWithTheStandardLibrary() {
        var generator = SplitMix64(state: 11)
        let pieces: [[UInt8]] = [
            [0x41], [0x00], [0xC3, 0xA9], [0xC3], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0x80], [0xFF], [0x7F, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47],
        ]
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let expected = String(validating: bytes, as: UTF8.self) != nil && !bytes.contains(0)
            let found = bytes.withUnsafeBufferPointer { TextCheck.firstInvalidByte($0, in: 0..<$0.count) }
            #expect((found == nil) == expected, "\(bytes)")
        }
    }
}

import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

@Suite struct DataLoaderTests {
    func load(_ text: String, name: String = "data", format: DataFormat? = nil) throws -> [JSONValue] {
        try DataLoader.load(bytes: Array(text.utf8), name: name, format: format)
    }

    func loadError(_ text: String, name: String, format: DataFormat? = nil) -> String? {
        do {
            _ = try load(text, name: name, format: format)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func formatFromTheExtension() {
        #expect(DataFormat.fromExtension(of: "x/people.CSV") == .csv)
        #expect(DataFormat.fromExtension(of: "a.jsonl") == .ndjson)
        #expect(DataFormat.fromExtension(of: "a.json") == .json)
        #expect(DataFormat.fromExtension(of: "a.tsv") == .tsv)
        #expect(DataFormat.fromExtension(of: "notes.txt") == nil)  // sniffed
    }

    @Test func jsonArrayOfObjects() throws {
        let records = try load(#"[{"a": 1}, {"a": 2, "b": "x"}]"#)
        #expect(records == [["a": 1], ["a": 2, "b": "x"]])
        #expect(loadError("[{\"a\": 1}, 3]", name: "p.json") == "p.json:1:12: record 2 of the array is a number, not an object")
    }

    @Test func ndjsonWithBlankLinesAndPrettyObjects() throws {
        let text = "{\"a\": 1}\n\n{\"a\": 2}\r\n{\n  \"a\": 3\n}\n"
        #expect(try load(text) == [["a": 1], ["a": 2], ["a": 3]])
        #expect(
            loadError("{\"a\": 1}\n{\"a\": }\n", name: "log.ndjson")
                == "log.ndjson:2:7: expected a value, found '}'")
        #expect(loadError("{\"a\": 1}\n[1]\n", name: "log.ndjson") == "log.ndjson:2:1: expected a JSON object per line, found an array")
    }

    @Test func csvQuotingAndNumericColumns() throws {
        let csv = "name,age,note,zip\r\n\"Smith, John\",42,\"said \"\"hi\"\"\nthen left\",02134\r\nAnn,7.5,,10001\r\n"
        let records = try load(csv)
        #expect(records.count == 2)
        #expect(records[0] == ["name": "Smith, John", "age": 42, "note": "said \"hi\"\nthen left", "zip": "02134"])
        // The empty note is left out; zip stays text because "02134" is a code, not a number.
        #expect(records[1] == ["name": "Ann", "age": 7.5, "zip": "10001"])
        #expect(records[0].objectValue.map { Array($0.keys) } == ["name", "age", "note", "zip"])
    }

    @Test func csvColumnWithOneNonNumberIsText() throws {
        let records = try load("id,v\n1,10\n2,n/a\n3,\n", format: .csv)
        #expect(records == [["id": 1, "v": "10"], ["id": 2, "v": "n/a"], ["id": 3]])
    }

    @Test func csvRaggedRowNamesItsLine() {
        let csv = "a,b,c,d\n1,2,3,4\n\"multi\nline\",2,3,4\n1,2,3,4,5\n"
        #expect(loadError(csv, name: "people.csv", format: .csv) == "people.csv:5:9: expected 4 fields, found 5")
        #expect(loadError("a,b\n\"open,1\n", name: "q.csv", format: .csv) == "q.csv:2:1: unterminated quoted field (opened here)")
        #expect(
            loadError("a,b\n\"x\"y,1\n", name: "q.csv", format: .csv)
                == "q.csv:2:4: expected ',' or end of line after a closing quote")
    }

    @Test func loadsFilesByExtension() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csvPath = directory.appendingPathComponent("people.csv").path
        try "name,age\nAnn,30\n".write(toFile: csvPath, atomically: true, encoding: .utf8)
        #expect(try DataLoader.load(path: csvPath) == [["name": "Ann", "age": 30]])
        let jsonlPath = directory.appendingPathComponent("log.jsonl").path
        try "{\"x\": true}\n".write(toFile: jsonlPath, atomically: true, encoding: .utf8)
        #expect(try DataLoader.load(path: jsonlPath) == [["x": true]])
        #expect(throws: DataError.self) { try DataLoader.load(path: directory.appendingPathComponent("none.json").path) }
    }
}

import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// Standard input is plain lines, as fzf reads it: what looks like records stays lines, and the
/// loader's remark says once which `--format` would read it as records.
@Suite struct PipedLinesTests {
    private func loaded(_ text: String) throws -> (lines: [String], remark: String?) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let loader = StreamingIndexLoader(source: .descriptor(ends[0]), name: "stdin", format: .lines)
        loader.saysWhenRecords = true
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == bytes.count)
        close(ends[1])
        let index = try loader.prepare(settings: IndexSettings())
        let lines = (0..<index.records.count).map { index.records.value(LineRecords.attribute, of: $0)?.stringValue ?? "?" }
        return (lines, loader.remark)
    }

    @Test func tabSeparatedLinesStayLinesAndTheRemarkNamesTSV() throws {
        let (lines, remark) = try loaded("a1\tb1\nc2\td2\n")
        #expect(lines == ["a1\tb1", "c2\td2"])
        #expect(remark == "looks like TSV: --format tsv reads it as records")
    }

    @Test func eachRecordFormatIsNamedByItsOption() throws {
        #expect(try loaded("{\"a\":1}\n{\"a\":2}\n").remark == "looks like NDJSON: --format ndjson reads it as records")
        #expect(try loaded("[{\"a\":1}]\n").remark == "looks like a JSON array: --format json reads it as records")
        #expect(try loaded("name,age\nann,3\nbob,4\n").remark == "looks like CSV: --format csv reads it as records")
    }

    @Test func plainTextHasNoRemark() throws {
        let (lines, remark) = try loaded("alpha beta\ngamma\n")
        #expect(lines == ["alpha beta", "gamma"])
        #expect(remark == nil)
    }

    @Test func anEmptyInputIsAnEmptyListNotAnError() throws {
        #expect(try loaded("").lines == [])
    }
}

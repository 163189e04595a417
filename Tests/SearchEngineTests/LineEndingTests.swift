import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// A CR alone ends a line (old Mac text) in every record format, and CRLF is still one line
/// end: same records, same line numbers in errors and in ids. Plain lines are fzf's: LF alone
/// ends one, and every other byte is the line's.
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

    /// fzf's lines: an LF ends one; a CR before it, or alone, is part of the line, and a blank
    /// line is a line (printed back as it came).
    @Test(arguments: [("\n", ["first", "second", "", "fourth"]), ("\r\n", ["first\r", "second\r", "\r", "fourth\r"]), ("\r", ["first\rsecond\r\rfourth\r"])])
    func plainLinesEndAtLineFeedsAlone(_ end: String, _ lines: [String]) throws {
        let text = ["first", "second", "", "fourth"].joined(separator: end) + end
        let store = try LineRecords.table(Array(text.utf8), file: "t").store
        #expect((0..<store.count).map { store[$0] } == lines.map { .object(["line": .string($0)]) })
        let index = SearchIndex(name: "t", records: store, settings: LineRecords.settings)
        #expect(index.objectIDs == (1...lines.count).map(String.init), "ids are line numbers")
    }

    /// Line ends are looked for with `memchr`: wherever one falls, next to bytes one off from it
    /// (\u{0B}, \u{0C}, \u{8A}…) or outside ASCII, the lines are those a byte-by-byte reading gives.
    @Test func plainLinesSplitAsAByteByByteReadingDoes() throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x0B, 0x0C, 0x09, 0x8A, 0x8D, 0x20, 0x61, 0x7A, 0xC3, 0xA9, 0x0E, 0x2D]
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let bytes = (0..<next(70)).map { _ in alphabet[next(alphabet.count)] }
            // The rule, a byte at a time: each LF ends a line, and what follows the last one is a
            // line when it holds anything.
            var expected: [[UInt8]] = []
            var line: [UInt8] = []
            for byte in bytes {
                if byte == 0x0A {
                    expected.append(line)
                    line = []
                } else {
                    line.append(byte)
                }
            }
            if !line.isEmpty { expected.append(line) }
            let store = try LineRecords.table(bytes, file: "t", options: LoadOptions(lenient: true)).store
            let index = SearchIndex(name: "t", records: store, settings: LineRecords.settings)
            #expect((0..<store.count).map { index.originalLineBytes(objectID: index.objectIDs[$0]) } == expected, "\(bytes)")
        }
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

    /// Plain lines are framed as fzf reads them: each LF ends one, a blank one too; a CR does not.
    @Test func theStreamingFramerCutsPlainLinesAtLineFeedsAlone() throws {
        let text = Array("one\r\ntwo\rstill two\n\nthree".utf8)
        var framer = RecordFramer(format: .lines)
        framer.advance(over: text)
        #expect(framer.records == 3)
        let prefix = framer.prefix(of: text)
        #expect(try DataLoader.load(bytes: prefix, name: "t", format: .lines) == ["one\r", "two\rstill two", ""].map { .object(["line": .string($0)]) })
    }

    @Test(arguments: [DataFormat.csv, .ndjson])
    func theStreamingFramerCutsAtACR(_ format: DataFormat) {
        let text = format == .ndjson ? "{\"a\": 1}\r{\"a\": 2}\r{\"a\"" : "h,i\r1,2\r3,4\r5,"
        var framer = RecordFramer(format: format)
        framer.advance(over: Array(text.utf8))
        #expect(framer.records == 2)
        let prefix = framer.prefix(of: Array(text.utf8))
        #expect((try? DataLoader.load(bytes: prefix, name: "t", format: format).count) == 2)
    }
}

import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// What standard input (or a file without a known extension) is taken for, and how each
/// format reads.
@Suite struct FormatSniffingTests {
    func sniff(_ text: String, complete: Bool = true) -> DataFormat {
        FormatSniffer.sniff(Array(text.utf8), isComplete: complete)
    }

    @Test func jsonByItsFirstByte() {
        #expect(sniff(#"[{"a":1},{"a":2}]"#) == .jsonArray)  // an array on one line
        #expect(sniff("\u{FEFF}  \n[\n{}]") == .jsonArray)
        #expect(sniff("{\"a\":1}\n{\"a\":2}\n") == .ndjson)
    }

    @Test func csvOnlyWhenTheHeaderAndTheRowsAgree() {
        #expect(sniff("name,age\nann,31\nbob,42\n") == .csv)
        #expect(sniff("title,notes\n\"Hello, world\",\"two\nlines\"\nx,y\n") == .csv)
        // A header alone, one column, rows that disagree, an unterminated quote: plain lines.
        #expect(sniff("name,age\n") == .lines)
        #expect(sniff("name\nann\nbob\n") == .lines)
        #expect(sniff("a,b\nc\nd,e\n") == .lines)
        #expect(sniff("a,b\n\"c,d\n") == .lines)
    }

    @Test func tsvLikewise() {
        #expect(sniff("name\tage\nann\t31\n") == .tsv)
        #expect(sniff("name\tage\nann 31\n") == .lines)
    }

    @Test func whatPeoplePipeIsLines() {
        let ls = "Makefile\nPackage.swift\nREADME.md\nSources\n"
        let ps = """
            USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
            root           1  0.0  0.0   4488  1760 ?        Ss   18:16   0:00 /sbin/init splash
            me          4242  1.5  0.3 712345 54321 pts/0    Sl+  18:20   0:03 vim a,b.txt, c.txt

            """
        #expect(sniff(ls) == .lines)
        #expect(sniff(ps) == .lines)
        #expect(sniff("") == .lines)
    }

    @Test func aPipeStillArrivingIsJudgedOnWholeLinesOnly() {
        // The last row is cut short: it neither confirms nor spoils the CSV.
        #expect(sniff("a,b\nc,d\ne", complete: false) == .csv)
    }

    @Test func linesBecomeRecordsNumberedByLine() throws {
        let store = try LineRecords.table(Array("first line\r\n\n   \nthird, with a comma\n".utf8), file: "t").store
        #expect((0..<store.count).map { store[$0] } == ["first line\r", "", "   ", "third, with a comma"].map { .object(["line": .string($0)]) })
        let index = SearchIndex(name: "t", records: store, settings: LineRecords.settings)
        #expect(index.objectIDs == ["1", "2", "3", "4"])
        #expect(index.settings.attributesForFaceting.isEmpty)
        let results = try index.search(Query(text: "comma"))
        #expect(results.hits.map(\.objectID) == ["4"])
    }

    @Test func aOneColumnCSVFileIsCSVByItsExtension() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-sniff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("names.csv")
        try "name\nann\nbob\n".write(to: csv, atomically: true, encoding: .utf8)
        #expect(try DataLoader.load(path: csv.path) == [.object(["name": "ann"]), .object(["name": "bob"])])
        // Sniffed (no extension), the same text is three lines; forced, it is CSV again.
        let bare = directory.appendingPathComponent("names")
        try "name\nann\nbob\n".write(to: bare, atomically: true, encoding: .utf8)
        #expect(try DataLoader.load(path: bare.path).count == 3)
        #expect(try DataLoader.load(path: bare.path, format: .csv).count == 2)
        // A header-only .csv file has no records, and says nothing wrong about it.
        let headerOnly = directory.appendingPathComponent("empty.csv")
        try "a,b,c\n".write(to: headerOnly, atomically: true, encoding: .utf8)
        #expect(try DataLoader.load(path: headerOnly.path).isEmpty)
    }

    @Test func tsvHasNoQuoting() throws {
        // IANA TSV: a quote is text; an escaped tab is how a cell holds one.
        let records = try DataLoader.load(bytes: Array("name\tnote\nann\t\"tab\\there\"\n".utf8), name: "t", format: .tsv)
        #expect(records == [.object(["name": "ann", "note": "\"tab\there\""])])
    }

    @Test func aJSONFileThatIsNotJSONSaysSo() {
        #expect(throws: DataError(file: "data.json", line: 2, column: 3, message: "expected JSON: an array '[' or an object '{'")) {
            try DataLoader.load(bytes: Array("\n  name,age\n".utf8), name: "data.json", format: .json)
        }
    }

    @Test func inferenceReadsASampleNotEveryRecord() {
        // Past the sample, "kind" takes thousands of values: only the sample decides it is a facet.
        let sample = IndexSettings.inferenceSample
        let records: [JSONValue] = (0..<(sample + 5000)).map { i in
            .object(["title": .string("record \(i)"), "kind": .string(i < sample ? (i % 2 == 0 ? "even" : "odd") : "kind \(i)")])
        }
        var reads = 0
        let resolved = IndexSettings().resolved(recordCount: records.count) {
            reads += 1; return records[$0]
        }
        #expect(reads == sample)
        #expect(resolved.attributesForFaceting == ["kind"])
    }
}

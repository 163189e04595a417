import Foundation
import InstantSearchCore
import Synchronization
import Testing

@testable import SearchEngine

/// TSV as registries, `cut`, Postgres `COPY` and spreadsheets write it (IANA: no quoting,
/// backslash escapes), the quoted kind read as CSV split at tabs, and `--lenient` going on
/// past rows that do not parse, in every format.
@Suite struct DelimitedDialectTests {
    /// Shaped like a package registry's list (PyPI's): summaries that start with a quote, quotes
    /// inside, a quote never closed, escapes, Postgres's NULL, an empty rank, a CRLF line.
    static let packages = [
        "name\tversion\tmonth\trank\tsummary",
        "agentjson\t0.1.2\t2025-12\t\tProbabilistic JSON repair library",
        "agentk\t0.3.2\t2025-04\t\t\"AGENT\" K is a complete minimalistic kubectl \"doner\"-wrap",
        "quoted\t1.0\t2024-01\t12\t\"the whole summary in quotes\"",
        "open\t2.0\t2024-02\t\\N\t\"a quote that never closes",
        "escapes\t3.0\t2024-03\t7\ttab\\there, line\\nbreak, back\\\\slash, kept \\x as is",
        "windows\t4.0\t2024-04\t9\tends in CRLF\r",
        "last\t5.0\t2024-05\t\tno newline at the end",
    ].joined(separator: "\n")

    func records(_ text: String, format: DataFormat?, options: LoadOptions = .strict) throws -> [JSONValue] {
        try DataLoader.load(bytes: Array(text.utf8), name: "p.tsv", format: format, options: options)
    }

    @Test func tsvHasNoQuotingAndDecodesEscapes() throws {
        let rows = try records(Self.packages, format: .tsv)
        #expect(rows.count == 7)
        #expect(rows[1]["summary"] == "\"AGENT\" K is a complete minimalistic kubectl \"doner\"-wrap")
        #expect(rows[2]["summary"] == "\"the whole summary in quotes\"")
        #expect(rows[3]["summary"] == "\"a quote that never closes")
        #expect(rows[3]["rank"] == nil, "\\N is an empty cell")
        #expect(rows[4]["summary"] == "tab\there, line\nbreak, back\\slash, kept \\x as is")
        #expect(rows[5]["summary"] == "ends in CRLF")
        #expect(rows[2]["rank"] == 12, "a column of numbers and empty cells stays numeric")
        #expect(rows[6]["name"] == "last")
    }

    @Test func sniffedTabSeparatedDataIsTSVWithoutQuoting() throws {
        #expect(FormatSniffer.sniff(Array(Self.packages.utf8), isComplete: true) == .tsv)
        #expect(try records(Self.packages, format: nil).count == 7)
    }

    @Test func theQuotedKindIsCSVSplitAtTabs() throws {
        let quoted = "name\tnote\nann\t\"tab\there\"\nbob\t\"say \"\"hi\"\"\"\n"
        let options = LoadOptions(csvSeparator: UInt8(ascii: "\t"))
        #expect(
            try records(quoted, format: .csv, options: options) == [
                ["name": "ann", "note": "tab\there"], ["name": "bob", "note": "say \"hi\""],
            ])
        // Read as TSV, the same bytes are text with quotes in it (and a field too many).
        #expect(throws: DataError.self) { try records(quoted, format: .tsv) }
        #expect(
            try records("a;b\n\"x;y\";2\n", format: .csv, options: LoadOptions(csvSeparator: UInt8(ascii: ";")))
                == [["a": "x;y", "b": 2]])
    }

    @Test func csvQuoteProblemsStopAStrictLoadWhereTheyAre() {
        #expect(throws: DataError(file: "p.tsv", line: 3, column: 9, message: "expected ',' or end of line after a closing quote")) {
            try records("a,b\n1,2\n3,\"four\" x\n", format: .csv)
        }
        #expect(throws: DataError(file: "p.tsv", line: 3, column: 3, message: "unterminated quoted field (opened here)")) {
            try records("a,b\n1,2\n3,\"four\n", format: .csv)
        }
    }

    /// Loads leniently; returns the records and what was reported.
    func lenient(_ text: String, format: DataFormat, separator: Character = ",") throws -> ([JSONValue], LoadReport?) {
        let reports = Mutex<[LoadReport]>([])
        let options = LoadOptions(lenient: true, csvSeparator: separator.asciiValue!) { report in reports.withLock { $0.append(report) } }
        let rows = try records(text, format: format, options: options)
        return (rows, reports.withLock { $0.first })
    }

    @Test func lenientCSVSkipsRowsThatDoNotParseAndGoesOn() throws {
        // PyPI's list read as CSV split at tabs: the summaries that start with a quote and do
        // not end with it are skipped and counted, every other row is kept.
        let (rows, report) = try lenient(Self.packages, format: .csv, separator: "\t")
        #expect(rows.compactMap { $0["name"]?.stringValue } == ["agentjson", "quoted", "escapes", "windows", "last"])
        let said = try #require(report)
        #expect(said.skipped == 2)
        #expect(said.examples.first?.description == "p.tsv:3:30: expected '\\t' or end of line after a closing quote")

        let (commas, commaReport) = try lenient("a,b\n1,\"one\" x\n2,two\n3,\"three\n4,four\n", format: .csv)
        #expect(commas.map { $0["a"] } == [2, 4])
        #expect(commaReport?.skipped == 2)
    }

    @Test func lenientTSVSkipsRowsWithTheWrongNumberOfFields() throws {
        let (rows, report) = try lenient("a\tb\n1\t2\n3\n4\t5\t6\n7\t8\n", format: .tsv)
        #expect(rows.map { $0["a"] } == [1, 7])
        #expect(report?.skipped == 2)
        #expect(report?.examples.first?.description == "p.tsv:3:2: expected 2 fields, found 1")
    }

    @Test func lenientJSONArrayAndNDJSONSkipWhatDoesNotParse() throws {
        let (array, arrayReport) = try lenient("[{\"a\": 1}, {\"a\": tru}, {\"a\": 3}]", format: .jsonArray)
        #expect(array == [["a": 1], ["a": 3]])
        #expect(arrayReport?.skipped == 1)
        let (objects, objectReport) = try lenient("{\"a\": 1}\n{\"a\": 2,,}\n{\"a\": 3}\n", format: .ndjson)
        #expect(objects == [["a": 1], ["a": 3]])
        #expect(objectReport?.skipped == 1)
    }

    @Test func aTSVFileWithQuotesLoadsWholeInTheBackground() throws {
        // Past the sample, so the framer cuts it into snapshots: a quote must not make it wait
        // for a closing one (which would hold back every row after it).
        var lines = ["name\tsummary"]
        for i in 0..<30_000 { lines.append(i % 7 == 0 ? "pkg\(i)\t\"quoted start \(i)" : "pkg\(i)\tplain \(i)") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("se-tsv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("packages.tsv").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

        let loader = StreamingIndexLoader(source: .file(path), name: "packages")
        _ = try loader.prepare(settings: IndexSettings())
        let last = Mutex<(SearchIndex?, LoadingProgress?)>((nil, nil))
        let done = DispatchSemaphore(value: 0)
        loader.start(
            onSnapshot: { index in last.withLock { $0.0 = index } },
            report: { progress in
                last.withLock { $0.1 = progress }
                if progress.isFinished || progress.failure != nil { done.signal() }
            })
        #expect(done.wait(timeout: .now() + 300) == .success)
        let (index, progress) = last.withLock { $0 }
        #expect(progress?.failure == nil)
        #expect(index?.recordCount == 30_000)
        #expect(try index?.search(Query(text: "start 29995")).hits.first?.record["summary"] == "\"quoted start 29995")
    }
}

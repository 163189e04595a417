import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// What is buffered while reading is bounded by what is kept. NUL bytes are
/// reported as they arrive; a record, or a run of blank lines without one, longer than the
/// limit is refused naming where it starts. Limits are injected small, so nothing here reads
/// more than a few kilobytes — even from /dev/zero.
@Suite struct InputGuardTests {
    private func options(lenient: Bool = false, limit: Int = 16) -> LoadOptions {
        LoadOptions(lenient: lenient, maxRecordBytes: limit)
    }

    /// `bytes` checked as a buffer that just arrived; what is left of it after (`--lenient` cuts
    /// a record too long).
    @discardableResult
    private func check(_ guarded: inout InputGuard, _ bytes: [UInt8], format: DataFormat?, atEnd: Bool = false) throws -> [UInt8] {
        var buffer = bytes
        _ = try guarded.check(&buffer, format: format, atEnd: atEnd)
        return buffer
    }

    private func error(_ body: () throws -> Void) -> DataError? {
        do {
            try body()
            return nil
        } catch let error as DataError {
            return error
        } catch {
            Issue.record("not a DataError: \(error)")
            return nil
        }
    }

    @Test func aNULByteIsReportedWhereItArrives() {
        var guarded = InputGuard(file: "<stdin>", options: options())
        let found = error { try check(&guarded, Array("ab\ncd\0ef".utf8), format: nil, atEnd: false) }
        #expect(found?.description.hasPrefix("<stdin>:2:3: a NUL byte") == true)
    }

    @Test func aCharacterCutBetweenTwoReadsIsNoError() throws {
        var guarded = InputGuard(file: "<stdin>", options: options(limit: 64))
        try check(&guarded, [0x61, 0xC3], format: .ndjson, atEnd: false)
        try check(&guarded, [0x61, 0xC3, 0xA9, 0x0A], format: .ndjson, atEnd: false)
        var cut = InputGuard(file: "<stdin>", options: options(limit: 64))
        #expect(error { try check(&cut, [0x61, 0xE2, 0x82], format: .ndjson, atEnd: true) } != nil, "cut short at the end")
        // Plain lines keep a byte that is not UTF-8 (shown as U+FFFD), as fzf does.
        var lines = InputGuard(file: "<stdin>", options: options(limit: 64))
        try check(&lines, [0x61, 0xE2, 0x82], format: .lines, atEnd: true)
    }

    @Test func blankLinesWithoutARecordAreRefusedPastTheLimit() throws {
        var guarded = InputGuard(file: "<stdin>", options: options())
        try check(&guarded, Array("{}".utf8) + Array(repeating: 0x0A, count: 16), format: .ndjson, atEnd: false)
        let found = error { try check(&guarded, Array("{}".utf8) + Array(repeating: 0x0A, count: 17), format: .ndjson, atEnd: false) }
        #expect(found == DataError(file: "<stdin>", line: 1, message: "more than 16 bytes of blank lines from here and not one record in them"))
    }

    /// A blank line is one of fzf's lines: any number of them is as many lines, never an error.
    @Test func blankPlainLinesAreLines() throws {
        var guarded = InputGuard(file: "<stdin>", options: options())
        let bytes = Array("a\n".utf8) + Array(repeating: 0x0A, count: 64) + Array("b".utf8)
        #expect(try check(&guarded, bytes, format: .lines, atEnd: true) == bytes)
    }

    @Test func aRecordLongerThanTheLimitIsRefusedWhereItStarts() {
        var guarded = InputGuard(file: "<stdin>", options: options())
        let found = error { try check(&guarded, Array("short\n\n  ".utf8) + Array(repeating: 0x78, count: 20), format: .lines, atEnd: false) }
        #expect(
            found
                == DataError(
                    file: "<stdin>", line: 3, column: 3,
                    message: "a record longer than 16 bytes starts here (a line, a CSV row or a JSON record is at most 16 bytes)"))
    }

    @Test(arguments: [DataFormat.lines, .csv, .ndjson, .jsonArray])
    func manyShortRecordsAreNeverRefused(_ format: DataFormat) throws {
        let record =
            switch format {
            case .csv: "1,2\n"
            case .ndjson: "{\"a\":1}\n"
            case .jsonArray: "{\"a\":1},"
            default: "abc\n"
            }
        let text = (format == .csv ? "h,i\n" : format == .jsonArray ? "[" : "") + String(repeating: record, count: 1_000)
        var guarded = InputGuard(file: "t", options: options())
        try check(&guarded, Array(text.utf8), format: format, atEnd: false)
    }

    @Test func lenientSkipsTheTextCheckAndALineTooLongAsItArrives() throws {
        var guarded = InputGuard(file: "<stdin>", options: options(lenient: true))
        var buffer = Array("one\n".utf8) + Array(repeating: 0, count: 16)
        #expect(try guarded.check(&buffer, format: .lines, atEnd: false) == nil, "NUL bytes are text to a lenient load")
        buffer += [0, 0]
        // Past the limit: the line goes, and what comes of it until its line end.
        #expect(try guarded.check(&buffer, format: .lines, atEnd: false) == 4)
        #expect(buffer == Array("one\n".utf8))
        buffer += Array(repeating: 0x78, count: 9) + Array("\ntwo\n".utf8)
        #expect(try guarded.check(&buffer, format: .lines, atEnd: true) == 4)
        #expect(buffer == Array("one\n\ntwo\n".utf8), "the line end stays: the lines after keep their numbers")
        #expect(guarded.skipped.counted.count == 1)
        #expect(guarded.skipped.counted.examples == [DataError(file: "<stdin>", line: 2, column: 1, message: InputGuard.recordTooLong(16))])
    }

    @Test(arguments: [DataFormat.csv, .tsv, .ndjson])
    func lenientSkipsARecordTooLongInEveryFormatOfLines(_ format: DataFormat) throws {
        let (header, short, long) =
            switch format {
            case .ndjson: ("", #"{"a":1}"#, #"{"a":""# + String(repeating: "x", count: 40) + #""}"#)
            case .tsv: ("a\tb\n", "1\t2", String(repeating: "x", count: 40) + "\t3")
            default: ("a,b\n", "1,2", String(repeating: "x", count: 40) + ",3")
            }
        var guarded = InputGuard(file: "<stdin>", options: options(lenient: true))
        // As a pipe gives it: a few bytes at a time.
        var buffer: [UInt8] = []
        for chunk in Array((header + short + "\n" + long + "\n" + short + "\n").utf8).chunks(of: 8) {
            buffer += chunk
            _ = try guarded.check(&buffer, format: format, atEnd: false)
        }
        #expect(String(decoding: buffer, as: UTF8.self) == header + short + "\n\n" + short + "\n")
        #expect(guarded.skipped.counted.count == 1)
    }

    @Test func aRecordThatNeverEndsIsNoRecordToSkip() throws {
        var guarded = InputGuard(file: "<stdin>", options: options(lenient: true))
        var buffer = Array("a\n".utf8)
        for _ in 0..<8 {
            buffer += Array(repeating: 0x78, count: 16)
            _ = try guarded.check(&buffer, format: .lines, atEnd: false)
        }
        buffer += Array(repeating: 0x78, count: 16)
        let found = error { _ = try guarded.check(&buffer, format: .lines, atEnd: false) }
        #expect(
            found
                == DataError(
                    file: "<stdin>", line: 2, column: 1,
                    message: "a record longer than 128 bytes starts here, too long even to skip (--lenient skips records longer than 16 bytes, up to 128 bytes)"
                ))
    }

    @Test func blankLinesTooManyAreStillRefusedWhenLenient() throws {
        var guarded = InputGuard(file: "<stdin>", options: options(lenient: true))
        let found = error { try check(&guarded, Array("{}".utf8) + Array(repeating: 0x0A, count: 17), format: .ndjson) }
        #expect(found == DataError(file: "<stdin>", line: 1, message: "more than 16 bytes of blank lines from here and not one record in them"))
    }

    @Test func readingDevZeroEndsAtItsFirstByteOrAtTheLimit() throws {
        let zero = open("/dev/zero", O_RDONLY)
        try #require(zero >= 0)
        defer { close(zero) }
        var strictOptions = options()
        let strict = error { _ = try DataLoader.readAll(descriptor: zero, options: &strictOptions, chunkSize: 64) }
        #expect(strict?.description.hasPrefix("<stdin>:1:1: a NUL byte") == true)
        var lenientOptions = options(lenient: true, limit: 1_000)
        let lenient = error { _ = try DataLoader.readAll(descriptor: zero, options: &lenientOptions, chunkSize: 64) }
        // Before its format is known, data is one record: too long, it cannot be skipped.
        #expect(lenient?.message.hasPrefix("a record longer than 1000 bytes") == true)
    }

    @Test func readingEndlessBlankLinesEndsAtTheLimit() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // A writer as `yes ""` is, until the reader gives up and closes its end.
        let writer = ends[1]
        let thread = Thread {
            signal(SIGPIPE, SIG_IGN)
            let newlines = [UInt8](repeating: 0x0A, count: 256)
            while newlines.withUnsafeBytes({ write(writer, $0.baseAddress, $0.count) }) > 0 {}
            close(writer)
        }
        thread.start()
        var limited = options(limit: 4_096)
        let found = error { _ = try DataLoader.readAll(descriptor: ends[0], format: .ndjson, options: &limited, chunkSize: 512) }
        #expect(found == DataError(file: "<stdin>", line: 1, message: "more than 4096 bytes of blank lines from here and not one record in them"))
    }

    @Test func aWholeFileOfLinesRefusesALineLongerThanTheLimit() {
        let text = "ok\n" + String(repeating: "x", count: 17) + "\n"
        let found = error { _ = try LineRecords.table(Array(text.utf8), file: "big.txt", options: options()) }
        #expect(found == DataError(file: "big.txt", line: 2, column: 1, message: InputGuard.recordTooLong(16)))
    }

    @Test func aWholeFileOfLinesSkipsALineLongerThanTheLimitWhenLenient() throws {
        let text = "ok\n" + String(repeating: "x", count: 17) + "\nfine\n"
        let said = Said()
        let options = LoadOptions(lenient: true, report: { said.reports.append($0) }, maxRecordBytes: 16)
        let table = try LineRecords.table(Array(text.utf8), file: "big.txt", options: options)
        #expect(table.records == [["line": "ok"], ["line": "fine"]])
        #expect(table.store.objectID(of: 1) == "3", "the line keeps its number")
        #expect(
            said.reports.map(\.description) == [
                "big.txt: skipped 1 bad record (--lenient)\n  "
                    + DataError(file: "big.txt", line: 2, column: 1, message: InputGuard.recordTooLong(16)).description
            ])
    }

    @Test func aPipeReadWholeSkipsALineTooLongAndCountsItInTheReport() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let text = Array(("ok\n" + String(repeating: "x", count: 100) + "\nfine\n").utf8)
        #expect(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == text.count)
        close(ends[1])
        defer { close(ends[0]) }
        let said = Said()
        var options = LoadOptions(lenient: true, report: { said.reports.append($0) }, maxRecordBytes: 16)
        let bytes = try DataLoader.readAll(descriptor: ends[0], format: .lines, options: &options, chunkSize: 64)
        #expect(bytes == Array("ok\n\nfine\n".utf8), "taken out as it arrived: never more than the limit held")
        let store = try DataLoader.loadRecords(bytes: bytes, format: .lines, options: options)
        #expect((0..<store.count).map { store.objectID(of: $0) } == ["1", "3"])
        #expect(said.reports.map(\.skipped) == [1])
    }

    @Test func theStreamingLoaderSkipsALineTooLongWhenLenient() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let said = Said()
        let options = LoadOptions(lenient: true, report: { said.reports.append($0) }, maxRecordBytes: 16)
        let loader = StreamingIndexLoader(source: .descriptor(ends[0]), name: "t", format: .lines, options: options)
        let writer = ends[1]
        let text = Array(("a\n" + String(repeating: "y", count: 100) + "\nb\n").utf8)
        #expect(text.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == text.count)
        close(writer)
        let index = try loader.prepare(settings: IndexSettings())
        #expect((0..<index.records.count).map { index.records.objectID(of: $0) } == ["1", "3"])
        #expect(said.reports.map(\.skipped) == [1])
    }

    @Test func theStreamingLoaderRefusesALongRecordBeforeTheInterfaceOpens() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("guard-\(UUID().uuidString).txt").path
        try ("fine\n" + String(repeating: "y", count: 40) + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let loader = StreamingIndexLoader(source: .file(path), name: "t", format: .lines, options: options())
        let found = error { _ = try loader.prepare(settings: IndexSettings()) }
        #expect(found?.line == 2 && found?.message == InputGuard.recordTooLong(16))
    }
}

/// What a load reported (`LoadOptions.report`), read once the load has returned.
private final class Said: @unchecked Sendable {
    var reports: [LoadReport] = []
}

extension Array {
    fileprivate func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

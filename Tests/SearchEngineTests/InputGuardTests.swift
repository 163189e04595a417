import Foundation
import InstantSearchCore
import Testing

@testable import SearchEngine

/// Issue 28, item 2: what is buffered while reading is bounded by what is kept. NUL bytes are
/// reported as they arrive; a record, or a run of blank lines without one, longer than the
/// limit is refused naming where it starts. Limits are injected small, so nothing here reads
/// more than a few kilobytes — even from /dev/zero.
@Suite struct InputGuardTests {
    private func options(lenient: Bool = false, limit: Int = 16) -> LoadOptions {
        LoadOptions(lenient: lenient, maxRecordBytes: limit)
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
        let found = error { try guarded.check(Array("ab\ncd\0ef".utf8), format: nil, atEnd: false) }
        #expect(found?.description.hasPrefix("<stdin>:2:3: a NUL byte") == true)
    }

    @Test func aCharacterCutBetweenTwoReadsIsNoError() throws {
        var guarded = InputGuard(file: "<stdin>", options: options(limit: 64))
        try guarded.check([0x61, 0xC3], format: .ndjson, atEnd: false)
        try guarded.check([0x61, 0xC3, 0xA9, 0x0A], format: .ndjson, atEnd: false)
        var cut = InputGuard(file: "<stdin>", options: options(limit: 64))
        #expect(error { try cut.check([0x61, 0xE2, 0x82], format: .ndjson, atEnd: true) } != nil, "cut short at the end")
        // Plain lines keep a byte that is not UTF-8 (shown as U+FFFD), as fzf does.
        var lines = InputGuard(file: "<stdin>", options: options(limit: 64))
        try lines.check([0x61, 0xE2, 0x82], format: .lines, atEnd: true)
    }

    @Test func blankLinesWithoutARecordAreRefusedPastTheLimit() throws {
        var guarded = InputGuard(file: "<stdin>", options: options())
        try guarded.check(Array("a\n".utf8) + Array(repeating: 0x0A, count: 16), format: .lines, atEnd: false)
        let found = error { try guarded.check(Array("a\n".utf8) + Array(repeating: 0x0A, count: 17), format: .lines, atEnd: false) }
        #expect(found == DataError(file: "<stdin>", line: 2, message: "more than 16 bytes of blank lines from here and not one record in them"))
    }

    @Test func aRecordLongerThanTheLimitIsRefusedWhereItStarts() {
        var guarded = InputGuard(file: "<stdin>", options: options())
        let found = error { try guarded.check(Array("short\n\n  ".utf8) + Array(repeating: 0x78, count: 20), format: .lines, atEnd: false) }
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
        try guarded.check(Array(text.utf8), format: format, atEnd: false)
    }

    @Test func lenientSkipsTheTextCheckButStillBoundsWhatIsRead() throws {
        var guarded = InputGuard(file: "<stdin>", options: options(lenient: true))
        try guarded.check(Array(repeating: 0, count: 16), format: .lines, atEnd: false)
        let found = error { try guarded.check(Array(repeating: 0, count: 17), format: .lines, atEnd: false) }
        #expect(found?.message.hasPrefix("a record longer than 16 bytes") == true)
    }

    @Test func readingDevZeroEndsAtItsFirstByteOrAtTheLimit() throws {
        let zero = open("/dev/zero", O_RDONLY)
        try #require(zero >= 0)
        defer { close(zero) }
        let strict = error { _ = try DataLoader.readAll(descriptor: zero, options: options(), chunkSize: 64) }
        #expect(strict?.description.hasPrefix("<stdin>:1:1: a NUL byte") == true)
        let lenient = error { _ = try DataLoader.readAll(descriptor: zero, options: options(lenient: true, limit: 1_000), chunkSize: 64) }
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
        let found = error { _ = try DataLoader.readAll(descriptor: ends[0], format: .lines, options: options(limit: 4_096), chunkSize: 512) }
        #expect(found == DataError(file: "<stdin>", line: 1, message: "more than 4096 bytes of blank lines from here and not one record in them"))
    }

    @Test func aWholeFileOfLinesRefusesALineLongerThanTheLimit() {
        let text = "ok\n" + String(repeating: "x", count: 17) + "\n"
        let found = error { _ = try LineRecords.table(Array(text.utf8), file: "big.txt", options: options()) }
        #expect(found == DataError(file: "big.txt", line: 2, column: 1, message: InputGuard.recordTooLong(16)))
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

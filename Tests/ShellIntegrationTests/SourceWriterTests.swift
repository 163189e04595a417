import Foundation
import InstantSearchCore
import ShellIntegration
import Testing

/// The pipe between a source and the interface: every record a line, and a quiet stop when
/// the interface has gone.
@Suite struct SourceWriterTests {
    @Test func writesOneJSONLinePerRecordThenCloses() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let records: [JSONValue] = (1...100).map { .object(["path": .string("dir/file \($0)\t.txt")]) }
        let writeEnd = ends[1]
        let writer = Thread { SourceWriter.write(records, to: writeEnd) }
        writer.start()
        let data = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()  // ends when closed
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines == records.map { $0.serialized() })
    }

    @Test func stopsWhenTheReaderHasGone() throws {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        let writer = SourceWriter(descriptor: ends[1])
        writer.add(.string("first"))  // the first records are written at once: the failure is seen
        #expect(writer.readerGone)
        #expect(!writer.add(.string("second")))
        close(ends[1])
    }
}

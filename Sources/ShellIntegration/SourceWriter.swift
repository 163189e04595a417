import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Writes a source's records as NDJSON into a file descriptor (the pipe the interface's loader
/// reads), in batches: the first ones at once so the interface has something to show, then
/// whenever a batch fills or some time has passed. Stops quietly when the reader has gone
/// (the interface closed before the walk ended).
public final class SourceWriter {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var lastFlush = ContinuousClock.now
    private var written = 0
    public private(set) var readerGone = false

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Adds one record; false once the reader is gone.
    @discardableResult
    public func add(_ record: JSONValue) -> Bool {
        add(line: record.serialized())
    }

    /// Adds one record already written as a JSON line (without its newline).
    @discardableResult
    public func add(line: String) -> Bool {
        buffer += line.utf8
        buffer.append(UInt8(ascii: "\n"))
        written += 1
        if written <= 64 || buffer.count >= 1 << 16 || ContinuousClock.now - lastFlush > .milliseconds(50) { flush() }
        return !readerGone
    }

    public func flush() {
        lastFlush = ContinuousClock.now
        var offset = 0
        while offset < buffer.count, !readerGone {
            let count = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                readerGone = true
            } else {
                offset += count
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Walks `walker`'s tree into the descriptor, each entry the line `line` makes of it, then
    /// closes it.
    @discardableResult
    public static func writeWalk(
        _ walker: FileWalker, to descriptor: Int32, line: (FileWalker.Entry) -> String
    ) -> FileWalker.Summary {
        let writer = SourceWriter(descriptor: descriptor)
        let summary = walker.walk { writer.add(line: line($0)) }
        writer.flush()
        close(descriptor)
        return summary
    }

    /// Writes `records` into the descriptor, then closes it.
    public static func write(_ records: [JSONValue], to descriptor: Int32) {
        let writer = SourceWriter(descriptor: descriptor)
        for record in records where !writer.readerGone { writer.add(record) }
        writer.flush()
        close(descriptor)
    }
}

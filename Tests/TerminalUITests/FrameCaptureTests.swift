import Testing

@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// What curses writes for a frame in many pieces reaches the terminal as one write.
/// The "terminal" is one end of a datagram socket pair: every write is a message of its own,
/// so the test counts writes by counting messages.
@Suite struct FrameCaptureTests {
    /// A connected pair whose reading end never blocks.
    private static func messagePair() throws -> (writer: Int32, reader: Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0 else { throw CaptureTestError() }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// Every message waiting, each as text.
    private static func messages(_ fd: Int32) -> [String] {
        var result: [String] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return result }
            result.append(String(decoding: buffer[..<n], as: UTF8.self))
        }
    }

    private static func send(_ text: String, to fd: Int32) {
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    @Test func theFramesPiecesGoOutAsOneWrite() throws {
        let (writer, reader) = try Self.messagePair()
        defer { _ = close(writer); _ = close(reader) }
        let capture = try #require(FrameCapture(target: writer))
        let bytes = capture.capture {
            // As curses does inside doupdate: a flush at each cursor move.
            for piece in ["\u{1B}[1;10H", "12", "\u{1B}[5d", "results"] { Self.send(piece, to: writer) }
        }
        #expect(Self.messages(reader) == ["\u{1B}[1;10H12\u{1B}[5dresults"])
        #expect(bytes == 20)
    }

    @Test func betweenFramesTheDescriptorIsTheTerminalAgain() throws {
        let (writer, reader) = try Self.messagePair()
        defer { _ = close(writer); _ = close(reader) }
        let capture = try #require(FrameCapture(target: writer))
        capture.capture { Self.send("a long first frame", to: writer) }
        Self.send("mode", to: writer)
        // A shorter frame after a longer one: only its own bytes, nothing left from before.
        let bytes = capture.capture { Self.send("b", to: writer) }
        #expect(Self.messages(reader) == ["a long first frame", "mode", "b"])
        #expect(bytes == 1)
    }

    @Test func aFrameThatWritesNothingSendsNothing() throws {
        let (writer, reader) = try Self.messagePair()
        defer { _ = close(writer); _ = close(reader) }
        let capture = try #require(FrameCapture(target: writer))
        #expect(capture.capture {} == 0)
        #expect(Self.messages(reader).isEmpty)
    }

    @Test func theTerminalKeepsANumberOfItsOwnForTheCrashPath() throws {
        let (writer, reader) = try Self.messagePair()
        defer { _ = close(writer); _ = close(reader) }
        let capture = try #require(FrameCapture(target: writer))
        #expect(capture.terminal != writer)
        capture.capture { Self.send("restore", to: capture.terminal) }  // a signal mid-frame
        #expect(Self.messages(reader) == ["restore"], "straight to the terminal, not into the frame")
    }
}

private struct CaptureTestError: Error {}

import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What a session prints. With `buffered` (`--filter`, which prints every hit), gathered into
/// writes of 64 KiB, not a system call a line; otherwise written at once, so that a pick is out
/// before anything slower (the insights files) is done.
///
/// `--filter` often prints more than its reader wants (`| head -1`). A write to a reader that
/// went away ends the process by SIGPIPE, as it ends fzf, but only after `beforeFailedWriteEnd`
/// (an index cache being written is finished first, so the next run opens it); any other
/// write error (a full disk) ends it with a message and status 2.
final class StandardOutput {
    private let buffered: Bool
    private let beforeFailedWriteEnd: () -> Void
    private var pending: [UInt8] = []
    private static let chunk = 1 << 16

    init(buffered: Bool, beforeFailedWriteEnd: @escaping () -> Void = {}) {
        self.buffered = buffered
        self.beforeFailedWriteEnd = beforeFailedWriteEnd
        if buffered { signal(SIGPIPE, SIG_IGN) }  // a write error instead, so that the work ends first
    }

    func write(_ bytes: [UInt8]) {
        pending += bytes
        if !buffered || pending.count >= Self.chunk { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        let failure: Int32? = pending.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written < 0 { return errno }
                offset += written
            }
            return nil
        }
        pending.removeAll(keepingCapacity: true)
        guard let failure else { return }
        beforeFailedWriteEnd()
        if failure == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        // Any other failure (a full disk) must not pass for a complete answer.
        StandardError.write("instantsearch: standard output: \(String(cString: strerror(failure)))\n")
        exit(2)
    }
}

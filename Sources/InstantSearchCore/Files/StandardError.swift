#if canImport(Glibc)
import Glibc
#endif

/// Messages for the person at the terminal, on standard error, unbuffered: written whole
/// (short writes and interruptions retried), in one call when it fits, so lines from threads
/// do not interleave mid-line.
public enum StandardError {
    public static func write(_ text: String, to descriptor: Int32 = STDERR_FILENO) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    /// `bytes` written whole to `descriptor` (standard error unless told: standard output's
    /// one-off lines go the same way).
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32 = STDERR_FILENO) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            // Nowhere is left to say that standard error failed.
            guard written > 0 else { return }
            offset += written
        }
    }
}

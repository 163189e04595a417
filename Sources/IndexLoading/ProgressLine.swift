import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One line on standard error while the sample loads, erased before the interface opens or a
/// message is printed; nothing at all when standard error is not a terminal.
struct ProgressLine {
    private let enabled = isatty(STDERR_FILENO) != 0

    func show(_ message: String) {
        guard enabled else { return }
        StandardError.write("\r\u{1B}[Kinstantsearch: \(message)")
    }

    func clear() {
        guard enabled else { return }
        StandardError.write("\r\u{1B}[K")
    }
}

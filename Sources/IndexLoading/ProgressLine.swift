import Foundation

/// One line on standard error while the sample loads, erased before the interface opens or a
/// message is printed; nothing at all when standard error is not a terminal.
struct ProgressLine {
    private let enabled = isatty(STDERR_FILENO) != 0

    func show(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[Kinstantsearch: \(message)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

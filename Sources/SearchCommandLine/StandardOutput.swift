import Foundation

/// What a session prints. With `buffered` (`--filter`, which prints every hit), gathered into
/// writes of 64 KiB, not a system call a line; otherwise written at once, so that a pick is out
/// before anything slower (the insights files) is done.
final class StandardOutput {
    private let buffered: Bool
    private var pending: [UInt8] = []
    private static let chunk = 1 << 16

    init(buffered: Bool) { self.buffered = buffered }

    func write(_ bytes: [UInt8]) {
        pending += bytes
        if !buffered || pending.count >= Self.chunk { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        FileHandle.standardOutput.write(Data(pending))
        pending.removeAll(keepingCapacity: true)
    }
}

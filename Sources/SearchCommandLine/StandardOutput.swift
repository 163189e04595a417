import Foundation

/// What a session prints, gathered into writes of 64 KiB: `--filter` prints every hit, and a
/// write a line would be a system call a line.
final class StandardOutput {
    private var pending: [UInt8] = []
    private static let chunk = 1 << 16

    func write(_ bytes: [UInt8]) {
        pending += bytes
        if pending.count >= Self.chunk { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        FileHandle.standardOutput.write(Data(pending))
        pending.removeAll(keepingCapacity: true)
    }
}

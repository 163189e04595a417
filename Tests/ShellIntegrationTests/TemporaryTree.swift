import Foundation

/// A folder of files made for one test, removed when the value is released.
final class TemporaryTree {
    let root: String

    init(_ files: [String: String]) throws {
        root = NSTemporaryDirectory() + "shell-integration-\(UUID().uuidString)"
        for (path, contents) in files {
            let full = root + "/" + path
            if path.hasSuffix("/") {
                try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
                continue
            }
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: full))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

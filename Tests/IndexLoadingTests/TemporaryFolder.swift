import Foundation

/// A folder of its own for one test's files, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "index-loading-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` (folders created as needed) and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

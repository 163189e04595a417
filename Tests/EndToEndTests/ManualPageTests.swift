import Foundation
import Testing

/// `--man` shows the manual the binary was built from: through `man` when there is one,
/// printed as it is (roff) when there is none.
@Suite struct ManualPageTests {
    private static let page = FileManager.default.contents(atPath: Project.root.appendingPathComponent("docs/instantsearch.1").path) ?? Data()

    /// Runs `--man` with PATH limited to `folder` (whose programs it may find), MANPAGER cat.
    private func runMan(path folder: String) throws -> (status: Int32, output: String) {
        try spawn("/usr/bin/env", ["-i", "PATH=\(folder)", "LANG=C.UTF-8", "MANPAGER=cat", "PAGER=cat", "MANWIDTH=80", Project.binary, "--man"])
    }

    @Test func withoutManThePageIsPrintedByteForByte() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let (status, output) = try runMan(path: empty.path)
        #expect(status == 0)
        #expect(Array(output.utf8) == Array(Self.page))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
    func withManThePageIsFormatted() throws {
        let (status, output) = try runMan(path: "/usr/bin:/bin")
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        #expect(lines.first?.hasPrefix("INSTANTSEARCH(1)") == true, "\(lines.prefix(3))")
        #expect(lines.contains("NAME"))
        #expect(lines.contains("SYNOPSIS"))
        // Formatted: no roff request left at the start of a line.
        #expect(!lines.contains { $0.hasPrefix(".") })
    }
}

import Foundation
import Testing

@testable import TerminalUI

@Suite struct ReadmeKeyMapTests {
    /// The README's key map, between its markers, must be exactly the help overlay's table.
    /// With KEYMAP_UPDATE=1 in the environment (`make keymap`) the test writes the table into
    /// the README instead, for whoever just added keys.
    @Test func readmeKeyMapMatchesTheHelpOverlay() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- keymap:start -->\n"))
        let end = try #require(text.range(of: "<!-- keymap:end -->"))
        let documented = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let expected = Self.markdown(KeyTable.standard)

        if ProcessInfo.processInfo.environment["KEYMAP_UPDATE"] == "1" {
            let updated = text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: expected.joined(separator: "\n") + "\n")
            try updated.write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(documented == expected, "the README's key map is out of date: run make keymap")
    }

    /// The help overlay's groups as the README's Markdown table.
    static func markdown(_ table: KeyTable) -> [String] {
        var lines = ["| keys | action (name) | what it does |", "| --- | --- | --- |"]
        for group in table.groups {
            lines.append("| **\(group.title)** | | |")
            lines += group.rows.map { "| \($0.keys) | \($0.name.isEmpty ? "" : "`\($0.name)`") | \($0.action) |" }
        }
        return lines
    }
}

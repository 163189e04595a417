import Foundation
import Testing

@testable import TerminalUI

@Suite struct KeyMapDocumentTests {
    /// The key map of docs/keys.md, between its markers, must be exactly the help overlay's table.
    /// With KEYMAP_UPDATE=1 in the environment (`make keymap`) the test writes the table into
    /// the document instead, for whoever just added keys.
    @Test func documentedKeyMapMatchesTheHelpOverlay() throws {
        let document = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs").appendingPathComponent("keys.md")
        let text = try String(contentsOf: document, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- keymap:start -->\n"))
        let end = try #require(text.range(of: "<!-- keymap:end -->"))
        let documented = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let expected = Self.markdown(KeyTable.standard)

        if ProcessInfo.processInfo.environment["KEYMAP_UPDATE"] == "1" {
            let updated = text.replacingCharacters(in: start.upperBound..<end.lowerBound, with: expected.joined(separator: "\n") + "\n")
            try updated.write(to: document, atomically: true, encoding: .utf8)
            return
        }
        #expect(documented == expected, "the key map in docs/keys.md is out of date: run make keymap")
    }

    /// The help overlay's groups as the document's Markdown table.
    static func markdown(_ table: KeyTable) -> [String] {
        var lines = ["| keys | action (name) | what it does |", "| --- | --- | --- |"]
        for group in table.groups {
            lines.append("| **\(group.title)** | | |")
            lines += group.rows.map { "| \($0.keys) | \($0.name.isEmpty ? "" : "`\($0.name)`") | \($0.action) |" }
        }
        return lines
    }
}

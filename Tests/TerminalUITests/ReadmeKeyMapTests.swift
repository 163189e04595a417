import Foundation
import Testing
@testable import TerminalUI

@Suite struct ReadmeKeyMapTests {
    /// The README's key map, between its markers, must be exactly the help overlay's table.
    @Test func readmeKeyMapMatchesTheHelpOverlay() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- keymap:start -->\n"))
        let end = try #require(text.range(of: "<!-- keymap:end -->"))
        let documented = text[start.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)

        var expected = ["| keys | action (name) | what it does |", "| --- | --- | --- |"]
        for group in KeyTable.standard.groups {
            expected.append("| **\(group.title)** | | |")
            expected += group.rows.map { "| \($0.keys) | \($0.name.isEmpty ? "" : "`\($0.name)`") | \($0.action) |" }
        }
        #expect(documented == expected)
    }
}

import Foundation
import InstantSearchCore
import Testing

@testable import TerminalUI

/// What the README promises of `--preview` placeholders, run for real with
/// `sh -c`: a placeholder standing on its own (not inside quotes the user wrote) is quoted by
/// us, so a record's text reaches the command as one argument, byte for byte, and nothing in
/// it runs — command substitutions, backticks, quotes of either kind, newlines, semicolons.
@Suite struct PlaceholderSafetyTests {
    @Test func aHostileRecordIsPassedAsTextAndNothingInItRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("placeholders-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let payloads = [
            "$(touch \(directory)/m1)",
            "`touch \(directory)/m2`",
            "'; touch \(directory)/m3; '",
            "\"; touch \(directory)/m4; \"",
            "two\nlines $(touch \(directory)/m5)",
            "back\\slash ${IFS}touch${IFS}\(directory)/m6 & touch \(directory)/m7 | cat",
        ]
        let record: JSONValue = .object(["objectID": "1", "name": .string(payloads[0]), "notes": .array(payloads.dropFirst().map { .string($0) })])
        let hit = Hit(objectID: "1", record: record)
        let query = "it's $(touch \(directory)/m8)"
        let command = PreviewCommand("printf '[%s]\\n' {name} {notes} {q} {}").expanded(for: hit, query: query)

        let harness = PreviewCommandRunnerTests.Harness()
        harness.runner.start(command)
        let output = try #require(await harness.output { $0.isFinished })
        #expect(output.status == 0)
        let expected = ["[\(payloads[0])]", "[\(payloads.dropFirst().joined(separator: ", "))]", "[\(query)]", "[\(record.serialized())]"]
        #expect(output.texts.joined(separator: "\n") == expected.joined(separator: "\n"))
        let made = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(made.isEmpty, "nothing in the record or the query ran: \(made)")
    }
}

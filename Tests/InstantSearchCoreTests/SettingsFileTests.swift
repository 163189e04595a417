import Foundation
import InstantSearchCore
import Testing

/// Settings are read and parsed in InstantSearchCore, so a backend needs no engine for them.
@Suite struct SettingsFileTests {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "settings-\(UUID().uuidString).json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aSettingsFileLoadsFromCore() throws {
        let path = try temporaryFile(Array(#"{"searchableAttributes": ["title"], "customRanking": ["desc(count)"]}"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let settings = try IndexSettings.load(path: path)
        #expect(settings.searchableAttributes == ["title"])
        #expect(settings.customRanking == [CustomRankingCriterion(attribute: "count", ascending: false)])
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: DataError(file: "/nonexistent/settings.json", message: "no such file")) {
            try IndexSettings.load(path: "/nonexistent/settings.json")
        }
    }

    @Test func aFileOverTheBoundIsRefusedBeforeParsing() throws {
        let path = try temporaryFile(Array(repeating: UInt8(ascii: " "), count: 65))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: DataError.self) { try SettingsFile.read(path, maxBytes: 64) }
        #expect(try SettingsFile.read(path, maxBytes: 65).count == 65)
    }
}

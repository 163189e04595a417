import InstantSearchCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The record formats the engine reads (`--format`, or a setup file's `"format"`).
public enum DataFormat: String, Sendable, CaseIterable {
    /// JSON: an array of objects or objects one after another, told apart by the first byte.
    case json
    /// A JSON array of objects.
    case jsonArray
    /// Newline-delimited JSON: one object per line; blank lines and pretty-printed objects are accepted.
    case ndjson
    /// CSV with a header row.
    case csv
    /// Tab-separated values with a header row.
    case tsv
    /// Plain text: each non-blank line is a record `{"line": TEXT}`, its line number the objectID.
    case lines

    /// The names `--format` takes.
    public static let optionNames = ["json", "ndjson", "csv", "tsv", "lines"]

    public init?(optionName: String) {
        guard Self.optionNames.contains(optionName.lowercased()) else { return nil }
        self.init(rawValue: optionName.lowercased())
    }

    /// The format a file name announces, or nil when only its content can tell.
    public static func fromExtension(of path: String) -> DataFormat? {
        switch PathText.pathExtension(path).lowercased() {
        case "json": return .json
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "ndjson", "jsonl": return .ndjson
        default: return nil
        }
    }

    /// The concrete format to parse `bytes` with: `stated` if it is one, JSON told apart by its
    /// first byte, and nothing stated: sniffed (`FormatSniffer`).
    static func resolve(_ stated: DataFormat?, bytes: [UInt8], file: String) throws -> DataFormat {
        guard let stated else { return FormatSniffer.sniff(bytes, isComplete: true) }
        guard stated == .json else { return stated }
        let start = FormatSniffer.firstSignificantByte(bytes)
        switch start.map({ bytes[$0] }) {
        case UInt8(ascii: "[")?: return .jsonArray
        case UInt8(ascii: "{")?, nil: return .ndjson
        case .some:
            let (line, column) = bytes.withUnsafeBufferPointer { SourceLocation.lineAndColumn(of: start!, in: $0) }
            throw DataError(file: file, line: line, column: column, message: "expected JSON: an array '[' or an object '{'")
        }
    }
}

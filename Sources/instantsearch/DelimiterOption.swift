import ArgumentParser
import SearchEngine

/// `--delimiter C`: CSV's field separator. `--format tsv` reads TSV as IANA has it (no quoting,
/// backslash escapes); a tab-separated file written with CSV's quoting is read as CSV split at
/// tabs: `--format csv --delimiter '\t'`.
struct DelimiterOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "CSV's field separator, one character ('\\t' for a tab), with --format csv: --format csv --delimiter '\\t' reads tab-separated files that quote cells as CSV does (--format tsv reads TSV unquoted).",
            valueName: "char"))
    var delimiter: String?

    /// The separator's byte, once `check` has passed (a comma when not given).
    var separator: UInt8 { Self.separator(delimiter) }

    func check(format: DataFormat?) throws { try Self.check(delimiter, format: format) }

    static func separator(_ delimiter: String?) -> UInt8 {
        guard let delimiter else { return UInt8(ascii: ",") }
        return delimiter == "\\t" ? UInt8(ascii: "\t") : delimiter.utf8.first!
    }

    /// One ASCII character that is not a quote or a line end, and only where CSV is read.
    static func check(_ delimiter: String?, format: DataFormat?) throws {
        guard let delimiter else { return }
        let bytes = Array(delimiter.utf8)
        guard delimiter == "\\t" || (bytes.count == 1 && bytes[0] < 0x80 && ![0x22, 0x0A, 0x0D].contains(bytes[0])) else {
            throw ValidationError("--delimiter takes one ASCII character other than '\"' and a line end, or '\\t' for a tab; got '\(delimiter)'.")
        }
        guard format == .csv else {
            throw ValidationError("--delimiter sets CSV's separator: give it with --format csv (--format tsv reads TSV without quoting).")
        }
    }
}

import ArgumentParser
import InstantSearchCore
import SearchCommandLine
import SearchEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension DataFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(optionName: argument) }
    public static var allValueStrings: [String] { DataFormat.optionNames }
}

/// How data files are read, for every command that reads them.
struct DataOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The data's format: json, ndjson, csv, tsv or lines. Default: a file's extension, else sniffed; standard input is plain lines, as fzf reads it.",
            valueName: "format"))
    var format: DataFormat?

    @Flag(name: .customLong("no-index-cache"), help: "Build every index afresh and keep none in the index cache ($XDG_CACHE_HOME/instantsearch).")
    var noIndexCache = false

    var cache: IndexCache? { noIndexCache ? nil : IndexCache.standard() }

    /// The index cache for data read with `options`: none when `--read0` or `--header-lines`
    /// make other records of the same file (the cache's key knows neither).
    func cache(for options: LoadOptions) -> IndexCache? {
        options.headerLines > 0 || options.lineSeparator != .newline ? nil : cache
    }

    /// The format to read: `--format`, else plain lines when a line option says so (`--read0`,
    /// `--header-lines`, `--ansi`), else nil (a file's extension's, or sniffed; standard input's: lines).
    func format(for lines: LineArguments) -> DataFormat? {
        format ?? (lines.readsPlainLines ? .lines : nil)
    }

    /// How records are read: `--lenient`'s choice, plain lines' `--read0` and `--header-lines`
    /// and, with `--format csv`, the CSV separator `--delimiter` names (which cuts plain lines
    /// into fields otherwise).
    func loadOptions(_ lenient: LenientOption, lines: LineArguments) throws -> LoadOptions {
        try lines.checkFormat(format?.rawValue)
        var options = try loadOptions(lenient, delimiter: lines.delimiter)
        options.lineSeparator = lines.read0 ? .nul : .newline
        options.headerLines = lines.headerLines ?? 0
        return options
    }

    private func loadOptions(_ lenient: LenientOption, delimiter: String?) throws -> LoadOptions {
        var options = lenient.loadOptions
        if delimiter != nil, let format, format != .csv, format != .lines {
            throw ValidationError(
                "--delimiter cuts plain lines into fields, or sets CSV's separator with --format csv; it does nothing for --format \(format.rawValue).")
        }
        if format == .csv {
            try DelimiterOption.check(delimiter, format: format)
            options.csvSeparator = DelimiterOption.separator(delimiter)
        }
        return options
    }
}

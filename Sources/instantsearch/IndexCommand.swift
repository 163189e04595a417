import ArgumentParser
import IndexLoading
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

/// `instantsearch index FILE -o INDEX_FILE`: build once, open fast. The TUI and `query`
/// accept the written file wherever they accept a data file.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Build the index of a data file and write it to a file that opens without rebuilding.",
        discussion: """
            The settings come from --settings, else FILE's sibling NAME.settings.json, else the \
            data. The index is written beside the target first and then renamed over it, so an \
            interrupted run never leaves a broken index behind.
            """
    )

    @Argument(help: "A data file: .json, .ndjson / .jsonl, .csv / .tsv (with a header), else sniffed.", completion: .file())
    var file: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the index.", valueName: "index-file"))
    var output: String

    @Option(help: ArgumentHelp("Settings file for the index.", valueName: "file"))
    var settings: String?

    @Option(help: ArgumentHelp("The data's format: json, ndjson, csv, tsv or lines.", valueName: "format"))
    var format: DataFormat?

    @OptionGroup var delimiter: DelimiterOption

    @OptionGroup var lenient: LenientOption

    /// --searchable / --facets / --numeric / --sort / --display, built into the index file.
    @OptionGroup(title: "Settings (as for the interactive search)")
    var settingsOptions: SettingsArguments

    func validate() throws {
        try delimiter.check(format: format)
    }

    func run() throws {
        do {
            let started = ContinuousClock.now
            let overrides = try settingsOptions.overrides()
            let settingsInForce = settings ?? SearchIndex.settingsBeside(file)
            let name = SearchIndex.indexName(ofDataFile: file)
            let given = overrides.settings(try IndexSettings.load(ifGiven: settingsInForce), forIndex: name)
            var options = lenient.loadOptions
            options.csvSeparator = delimiter.separator
            let index = try SearchIndex(path: file, settings: given, format: format, options: options)
            try SettingsCheck(overrides: overrides).check(index, settingsFile: settingsInForce)
            try overrides.checkIndexNames([index.name])
            try index.write(to: output)
            let elapsed = ContinuousClock.now - started
            StandardError.write("indexed \(index.recordCount) records of \(file) into \(output) in \(elapsed.secondsText)\n")
        } catch {
            StandardError.write("instantsearch index: \(error)\n")
            throw ExitCode(2)
        }
    }
}

import ArgumentParser
import InstantSearchCore
import TerminalUI

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension PickSession {
    /// How every executable opens its interface on `search`: the terminal and keys as
    /// `interface` says (`--bind`, `--no-mouse`, `--height`'s terminal, colours), the preview as
    /// `preview` says (its placeholders read hits as `placeholders` says: lines or records), then the session with fzf's `pick` options. A status other than 0 (fzf's
    /// 1 and 130) ends the command with it. `lists`: what each index's list is (`InsightsList`),
    /// recorded with its queries so that picks re-rank that list alone.
    public static func launch(
        _ search: TerminalSearch, noColor: Bool, pick: PickArguments, interface: InterfaceArguments, preview: PreviewArguments,
        layout: LayoutArguments = LayoutArguments(),
        recordText: (Hit) -> String = PickSession.jsonLine, recordBytes: RecordBytes? = nil, placeholders: Placeholders? = nil,
        headerLines: [String: [ANSIText]] = [:], lists: [String: String] = [:], print: ([UInt8]) -> Void = PickSession.writeLine
    ) throws {
        var search = search
        search.terminal = interface.terminalOptions(noColor: noColor)
        search.keys = try interface.keyTable()
        preview.configure(&search)
        search.previewWindow = preview.window(presetBorder: layout.sections.presetPreviewBorder)
        if interface.sync, pick.filter == nil {
            // fzf's --sync: everything read before the interface opens.
            if let failed = loadToTheEnd(search) { throw ExitCode(failed) }
            search.loaders = []
        }
        // --filter picks nothing: no events to record.
        let writer = pick.insights && pick.filter == nil ? InsightsLog.writer() : nil
        if let writer { search.insights = InsightsLog.options(writer, pick: pick, lists: lists) }
        let status = try run(search, pick: pick, print: print, recordText: recordText, recordBytes: recordBytes) { options in
            interface.configure(&options)
            layout.configure(&options)
            preview.configure(&options)
            if let placeholders {
                options.placeholders = placeholders
                // Plain lines get fzf's screen (the app keeps its panes where the data has facets).
                options.fzfScreen = placeholders.lines
                // fzf keeps three lines in view around the selected one unless told otherwise.
                if placeholders.lines, layout.scrollOff == nil { options.scrollOff = 3 }
            }
            options.headerLines = headerLines
        }
        // The pick is printed first: a slow or full disk never holds it back.
        if let failure = writer?.flush() { StandardError.write("instantsearch: \(failure)\n") }
        if status != 0 { throw ExitCode(status) }
    }
}

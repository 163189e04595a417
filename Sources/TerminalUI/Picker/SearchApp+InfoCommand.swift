import InstantSearchCore

/// What `--info-command` printed last, and for which count and position it ran.
struct InfoCommandState {
    var output: ANSIText?
    /// The count and position it was last started for: it runs again when either changes.
    var startedFor: String?
}

/// fzf's `--info-command` on plain lines: the command runs when the count or the selected
/// line's position changes, with `$FZF_INFO` the count it replaces; its first line takes the
/// count's place once it has printed (in the background: the interface never waits for it).
extension SearchApp {
    func refreshInfoCommand() {
        guard let template = options.infoCommand, drawsPicker, let runner = previewRunner else { return }
        let state = hub.state.active
        let total = state.loading?.records ?? descriptions[state.name]?.recordCount ?? state.results?.nbHits ?? 0
        var info = PickerInfo(found: state.results?.nbHits ?? 0, total: total)
        if options.multi { (info.marked, info.markLimit) = (marks.count, options.multiLimit == Int.max ? nil : options.multiLimit) }
        var environment = self.environment
        environment["FZF_INFO"] = info.count
        let key = info.count + "\u{0}" + (environment["FZF_POS"] ?? "")
        guard key != script.infoCommand.startedFor else { return }
        script.infoCommand.startedFor = key
        runner.start(expand(template), in: .info, environment: environment, output: .separate)
    }

    /// Its output, once it has finished: the first line, read with its colours.
    func takeInfoCommandResult() -> Int {
        guard let result = previewRunner?.take(.info), result.isFinished else { return 0 }
        let line = String(decoding: result.output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        script.infoCommand.output = ANSIText(parsing: String(line))
        return 1
    }
}

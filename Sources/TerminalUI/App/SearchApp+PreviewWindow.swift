import InstantSearchCore

#if canImport(Glibc)
import Glibc
#endif

/// fzf's actions on the preview window: `change-preview-window`, `change-preview` and `preview(…)`.
extension SearchApp {
    /// fzf's change-preview: the command from now on; an empty one closes the pane, and
    /// a command again opens it (unless the window is hidden).
    func changePreview(to template: String) {
        let hadCommand = previewCommand != nil
        (commandRunning, script.oneOffPreview) = (nil, nil)
        guard !template.allSatisfy(\.isWhitespace) else {
            previewCommand = nil
            if preview.isShown { togglePreview() }
            return
        }
        previewCommand = PreviewCommand(template)
        preview.runsCommand = true
        if !hadCommand, !preview.isShown, !preview.inEffect.startsHidden || preview.inEffect.hiddenUntilCommand { togglePreview() }
        refreshPreview()
    }

    /// fzf's change-preview-window: the options' window with the argument's words on top (the
    /// wrap toggled before kept unless they say wrap or nowrap). Alternatives separated by `|`
    /// take turns, one per press; an empty one is the options' window itself.
    func changePreviewWindow(_ argument: String) {
        let choices = argument.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let turn = script.previewWindowTurns[argument, default: 0]
        if choices.count > 1 { script.previewWindowTurns[argument] = (turn + 1) % choices.count }
        let words = choices[turn % choices.count]
        var window = preview.givenWindow
        window.wraps = nil
        if !words.isEmpty { window.startsHidden = false }
        do {
            try window.apply(words)
        } catch {
            script.notice = "change-preview-window: \(error)"
            return
        }
        preview.change(to: window)
        if let wraps = window.wraps { preview.wrapsOutput = wraps }
        if preview.isShown == window.startsHidden { togglePreview() }
        resize(width: screen.width, height: screen.height)
    }

    /// fzf's preview(…): the command runs once for the selected line, the pane opening if it
    /// is closed; its output stays until another line is selected (for good without a
    /// `--preview` command).
    func showOneOffPreview(_ template: String) {
        if !preview.isShown { togglePreview() }
        preview.runsCommand = true
        let command = expansion(template)
        commandRunning = command
        script.oneOffPreview = .some(hitsList.selectedHit?.objectID)
        script.oneOffPreviewToStart = command
    }

    /// The chain's `preview(…)`, once the chain has run (see `ScriptState.oneOffPreviewToStart`).
    func startOneOffPreview() {
        guard let command = script.oneOffPreviewToStart else { return }
        script.oneOffPreviewToStart = nil
        guard command == commandRunning else { return }  // another command took the pane since
        previewRunner?.start(previewLine(command), environment: previewEnvironment)
        preview.start(scroll: previewScroll)
    }

    /// The preview's command line, its `f` files written; those of the command before are
    /// removed (it is stopped as this one starts).
    func previewLine(_ command: ExpandedCommand) -> String {
        for file in script.previewFiles { unlink(file) }
        script.previewFiles = []
        return command.line { [self] content in
            let path = writeTemporaryFile(content)
            if let path { script.previewFiles.append(path) }
            return path
        }
    }

    /// The preview window's `+SCROLL` for the selected line, as fzf reads it (the line's
    /// placeholders filled in; no files).
    var previewScroll: String? {
        preview.inEffect.scroll.map { expansion($0).line { _ in nil } }
    }
}

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
        if !hadCommand, !preview.isShown, !preview.inEffect.startsHidden { togglePreview() }
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
        commandRunning = expand(template)
        script.oneOffPreview = .some(hitsList.selectedHit?.objectID)
        previewRunner?.start(commandRunning ?? "", environment: previewEnvironment)
        preview.start(scroll: preview.inEffect.scroll.map(expand))
    }
}

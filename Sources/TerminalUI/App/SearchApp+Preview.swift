import InstantSearchCore

/// The preview pane following the selection: what it shows, when its command runs again, and F6.
extension SearchApp {
    /// The preview follows the selected hit; the `--preview` command runs again when what it
    /// would run changes (another record, or the query with `{q}`), killing the one before.
    func refreshPreview() {
        guard preview.isShown, !hub.showsSections else { return }
        let hit = hitsList.selectedHit
        if let line = script.oneOffPreview {
            if previewCommand == nil || line == hit?.objectID { return }
            script.oneOffPreview = nil
        }
        let moved = preview.show(hit, numbers: numbers.forIndex(hub.activeDescription), notice: hub.activeState.loading?.failure)
        guard let previewCommand, let previewRunner else { return }
        // With nothing selected, fzf still runs a command that does not name the line ({q}); a
        // record's preview waits for a record.
        let running = options.placeholders.lines ? runs(previewCommand.template) : hit != nil
        let command = running ? expansion(previewCommand.template) : nil
        guard moved || command != commandRunning else { return }
        commandRunning = command
        if let command { previewRunner.start(previewLine(command), environment: previewEnvironment) } else { previewRunner.cancel() }
        preview.start(scroll: command == nil ? nil : previewScroll)
    }

    /// F6 / Alt-p: the pane opens or closes, the layout follows, and the backend is asked for
    /// ranking criteria only while the record's own preview shows them.
    func togglePreview() {
        preview.toggle()
        if preview.isShown { preview.show(nil) } else { previewRunner?.cancel() }
        notePreviewOpened()
        commandRunning = nil  // shown afresh: the command runs again
        hub.dispatch(.setRankingInfo(preview.isShown && previewCommand == nil))
        resize(width: screen.width, height: screen.height)
    }
}

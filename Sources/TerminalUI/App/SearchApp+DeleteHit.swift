import InstantSearchCore

/// `delete-hit` (Shift-Delete where the source can delete, as Ctrl-R's history can): the
/// selected hit's deletion is asked on the stats line, and the next key answers — `y` deletes
/// it where the source keeps it (`HitDeleting`) and takes it out of the list, any other key
/// keeps it. The answer is said on the stats line until the next key.
extension SearchApp {
    /// The hit a `delete-hit` asked about, waiting for y or n.
    struct PendingDeletion {
        var indexName: String
        var hit: Hit
        var question: String
    }

    func askToDeleteHit() {
        guard focus == .hits, !hub.showsSections, let hit = hitsList.selectedHit else { return }
        guard let hitDeleter, let question = hitDeleter.question(about: hit.record) else {
            script.notice = "delete-hit: nothing here can be deleted"
            return
        }
        pendingDeletion = PendingDeletion(indexName: hub.state.active.name, hit: hit, question: question)
    }

    /// The key after the question: `y` (or `Y`) deletes, any other keeps.
    func answerDeletion(_ key: Key) {
        guard let pending = pendingDeletion else { return }
        pendingDeletion = nil
        guard case .character(let character) = key, character == "y" || character == "Y", let hitDeleter else {
            script.notice = "kept"
            return
        }
        do {
            script.notice = try hitDeleter.delete(pending.hit.record)
        } catch {
            script.notice = error.message
            return
        }
        if marks.contains(pending.hit, in: pending.indexName) { marks.toggle(pending.hit, in: pending.indexName) }
        guard reloader?.remove(objectIDs: [pending.hit.objectID], from: pending.indexName) == true else { return }
        // The selection stays on its row, as through a reload, until the list without it is in.
        hitsList.beginReload()
        deletedHit = (pending.indexName, pending.hit.objectID)
        hub.dispatch(.refreshIndex(pending.indexName))
    }

    /// Once the list without the deleted hit is in: the everyday selection rule again. Called
    /// after each update of the views.
    func finishDeletionIfDone() {
        guard let (name, objectID) = deletedHit, let state = hub.state.index.first(where: { $0.name == name }) else { return }
        guard !state.isSearching, state.pendingRequests == 0, let results = state.results,
            !results.hits.contains(where: { $0.objectID == objectID })
        else { return }
        deletedHit = nil
        hitsList.endReload()
    }
}

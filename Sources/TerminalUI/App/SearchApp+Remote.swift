import InstantSearchCore

extension SearchApp {
    /// `--listen`: runs the chains received since the last wake-up, as keys bound to them would.
    func takeRemoteActions() -> Int {
        guard let remote else { return 0 }
        let chains = remote.take()
        chains.forEach(run)
        return chains.count
    }

    /// What `GET /` answers, as fzf's `--listen` does: the query, the index, the counts, the
    /// selected hit and the marks.
    func publishState() {
        guard let remote else { return }
        let state = hub.state.active
        let selected = hitsList.selectedHit
        var fields: [(String, JSONValue)] = [
            ("query", .string(searchBox.text)),
            ("prompt", .string(searchBox.prompt)),
            ("index", .string(state.name)),
            ("matchCount", .number(Double(state.results?.nbHits ?? 0))),
            ("selectCount", .number(Double(marks.count))),
            ("loading", .bool(!(state.loading?.isFinished ?? true))),
        ]
        if let selected {
            fields.append(("position", .number(Double(hitsList.selection + 1))))
            fields.append(
                (
                    "current",
                    .object([
                        "text": .string(PreviewCommand.text(of: selected)), "objectID": .string(selected.objectID), "record": selected.record,
                    ])
                ))
        } else {
            fields.append(("current", .null))
        }
        fields.append(("marked", .array(marks.hits.map { .string(PreviewCommand.text(of: $0)) })))
        var object = JSONValue.object([:])
        if case .object(var ordered) = object {
            for (name, value) in fields { ordered[name] = value }
            object = .object(ordered)
        }
        remote.publish(object.serialized())
    }
}

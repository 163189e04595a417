import InstantSearchCore

extension SearchIndex {
    /// The same index without the records of these objectIDs (`delete-hit`), built again from
    /// the records that stay with the same settings; each keeps its objectID.
    func removing(objectIDs: Set<String>) -> SearchIndex {
        var kept: [JSONValue] = []
        var keptIDs: [String] = []
        for position in 0..<records.count {
            let id = records.objectID(of: position)
            guard !objectIDs.contains(id) else { continue }
            kept.append(records[position])
            keptIDs.append(id)
        }
        let store = RecordStore(storage: .memory(kept), ids: PackedStrings(keptIDs))
        return SearchIndex(name: name, records: store, resolved: settings)
    }
}

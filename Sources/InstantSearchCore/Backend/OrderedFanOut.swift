/// The queries of a multi-query side by side, their answers in request order: the one fan-out
/// every backend uses (the embedded engine, `SearchClient`'s adapters). A single item runs
/// inline, without a task group; the first failure cancels the others and is thrown.
public func inRequestOrder<Item: Sendable, Answer: Sendable>(
    _ items: [Item], _ answer: @escaping @Sendable (Item) async throws -> Answer
) async throws -> [Answer] {
    if items.count == 1 {
        try Task.checkCancellation()
        return [try await answer(items[0])]
    }
    return try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
        for (position, item) in items.enumerated() {
            group.addTask { (position, try await answer(item)) }
        }
        var ordered = [Answer?](repeating: nil, count: items.count)
        for try await (position, result) in group { ordered[position] = result }
        return ordered.map { $0! }
    }
}

import InstantSearchCore

/// A rule's `consequence.params.filters` checked when the rule is written (a PUT, a batch, a
/// rules file), with the parser every search uses and its bounds (nesting, conditions), inside
/// the parentheses that join it to the query's own filters (`RuleSet.apply`): a filter no
/// search could read is refused then, with where it fails, never accepted to make every
/// matching search fail blaming filters its client never sent.
extension QueryRule {
    public func checkFilters() throws(FilterError) {
        guard let filters else { return }
        do {
            _ = try FilterParser.parse(filters, enclosingDepth: 1)
        } catch let error as FilterError {
            throw error
        } catch {
            throw FilterError(message: "\(error)", column: 1, filter: filters)
        }
    }
}

extension RuleSet {
    /// A rules file (`load(path:)`), each rule's filters checked as searches will read them.
    public static func loadChecked(path: String) throws -> RuleSet {
        let set = try load(path: path)
        for (position, rule) in set.rules.enumerated() {
            do {
                try rule.checkFilters()
            } catch {
                throw DataError(file: path, message: "rule \(position + 1) (\"\(rule.objectID)\"): consequence.params.\(error)")
            }
        }
        return set
    }
}

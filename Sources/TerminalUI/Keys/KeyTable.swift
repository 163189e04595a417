/// Every key binding of the TUI, as data: the dispatcher looks keys up here, the help overlay
/// and the README's key map are written from it (a test compares the README), and `--bind`
/// overrides it. A later binding of the same key in the same context wins, so overriding is
/// appending.
public struct KeyTable: Sendable {
    public struct Binding: Hashable, Sendable {
        public var key: Key
        public var context: KeyContext
        public var action: KeyAction

        public init(_ key: Key, _ context: KeyContext, _ action: KeyAction) {
            self.key = key
            self.context = context
            self.action = action
        }
    }

    public private(set) var bindings: [Binding]

    public init(bindings: [Binding]) {
        self.bindings = bindings
    }

    /// The action of `key` in the first of `contexts` that binds it.
    public func action(for key: Key, in contexts: [KeyContext]) -> KeyAction? {
        for context in contexts {
            if let binding = bindings.last(where: { $0.key == key && $0.context == context }) { return binding.action }
        }
        return nil
    }

    /// Binds `key` to `action` in `context`, over whatever it did there before.
    public mutating func bind(_ key: Key, to action: KeyAction, in context: KeyContext) {
        bindings.removeAll { $0.key == key && $0.context == context }
        bindings.append(Binding(key, context, action))
    }

    /// Reads fzf's `KEY:ACTION` (`ctrl-x:clear-refinements`), optionally `CONTEXT/KEY:ACTION`
    /// (`hits/enter:accept`); without a context the binding applies everywhere.
    public mutating func bind(_ spec: String) throws(KeyTableError) {
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw .malformed(spec) }
        var keyName = parts[0]
        var context = KeyContext.global
        if let slash = keyName.firstIndex(of: "/"), keyName.count > 1 {
            guard let named = KeyContext(rawValue: String(keyName[..<slash])) else { throw .unknownContext(String(keyName[..<slash])) }
            context = named
            keyName = String(keyName[keyName.index(after: slash)...])
        }
        guard let key = KeyName.parse(keyName) else { throw .unknownKey(keyName) }
        if case .character = key { throw .printableKey(keyName) }
        guard let action = KeyAction(name: parts[1]) else { throw .unknownAction(parts[1]) }
        bind(key, to: action, in: context)
    }

    /// `--bind`'s value: `KEY:ACTION[,KEY:ACTION…]`, bound left to right (so a later one wins).
    /// On a mistake nothing is bound, and the error gives the column (from 1) of the name at fault.
    public mutating func bind(list: String) throws(KeyBindingError) {
        var table = self
        var start = 1
        for spec in list.split(separator: ",", omittingEmptySubsequences: false) {
            do {
                try table.bind(String(spec))
            } catch {
                let keyEnd = spec.firstIndex(of: ":").map { spec.distance(from: spec.startIndex, to: $0) } ?? spec.count
                let offset: Int
                switch error {
                case .unknownAction(let name): offset = spec.count - name.count
                case .unknownKey(let name), .printableKey(let name): offset = keyEnd - name.count
                case .malformed, .unknownContext: offset = 0
                }
                throw KeyBindingError(column: start + offset, problem: error)
            }
            start += spec.count + 1
        }
        self = table
    }

    /// fzf's `--history`: Ctrl-P and Ctrl-N walk the history in the search box instead of
    /// moving the lists (the help keeps its own scrolling).
    public func walkingHistory() -> KeyTable {
        var table = self
        let keys: [Key] = [.control("p"), .control("n")]
        table.bindings.removeAll { keys.contains($0.key) && $0.context != .searchBox && $0.context != .help }
        return table
    }

    /// The keys of `action` in `context`, in table order.
    public func keys(for action: KeyAction, in context: KeyContext) -> [Key] {
        bindings.filter { $0.action == action && $0.context == context }.map(\.key)
    }

    /// The help's groups: per context, one row per action with all its keys; `name` is the
    /// action's name for `--bind` (empty for typing, which is no action).
    public var groups: [(title: String, rows: [(keys: String, name: String, action: String)])] {
        KeyContext.allCases.compactMap { context in
            var actions: [KeyAction] = []
            for binding in bindings where binding.context == context && !actions.contains(binding.action) {
                actions.append(binding.action)
            }
            var rows = actions.map { action in
                (keys: keys(for: action, in: context).map(KeyName.label).joined(separator: ", "), name: action.name,
                 action: action.summary(in: context))
            }
            if context == .searchBox { rows.insert(("Space, letters, …", "", "edit the query, whichever pane has focus"), at: 0) }
            return rows.isEmpty ? nil : (context.title, rows)
        }
    }

    /// The one-line hint bar: the first key of a few actions.
    public func hints(sections: Bool, showingSections: Bool) -> [(key: String, action: String)] {
        func first(_ action: KeyAction, _ context: KeyContext = .global) -> String? { keys(for: action, in: context).first.map(KeyName.label) }
        var hints: [(key: String, action: String)] = []
        if let help = first(.toggleHelp) { hints.append((help, "help")) }
        if let index = first(.nextIndex) { hints.append((index, "index")) }
        if sections, let toggle = first(.toggleSections) { hints.append((toggle, showingSections ? "tabs" : "sections")) }
        let panes = [KeyAction.focusHits, .focusRefinements, .focusSlider].compactMap { keys(for: $0, in: .global).first }
        if panes == [.function(2), .function(3), .function(4)] {
            hints.append(("F2-F4", "panes"))
        } else if !panes.isEmpty {
            // Rebound: each pane's own key, since a range would name keys that do something else.
            hints.append((panes.map(KeyName.label).joined(separator: "/"), "panes"))
        }
        if !showingSections, let preview = first(.togglePreview) { hints.append((preview, "preview")) }
        if let accept = first(.accept, .hits) { hints.append((accept, "pick")) }
        if let abort = first(.abort, .hits) { hints.append((abort, "back/quit")) }
        return hints
    }
}

public enum KeyTableError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case unknownKey(String)
    case unknownAction(String)
    case unknownContext(String)
    /// A key that types (`a`, `space`): printable keys always edit the query.
    case printableKey(String)

    public var description: String {
        switch self {
        case .malformed(let spec): return "\"\(spec)\" is not KEY:ACTION (for example ctrl-x:clear-refinements)"
        case .unknownKey(let name): return "no key is named \"\(name)\"; keys: \(KeyName.validNames)"
        case .printableKey(let name):
            return "\"\(name)\" types into the query and cannot be bound; keys: \(KeyName.validNames)"
        case .unknownAction(let name):
            return "no action is named \"\(name)\"; actions: \(KeyAction.allCases.map(\.name).joined(separator: ", "))"
        case .unknownContext(let name):
            return "no context is named \"\(name)\"; contexts: \(KeyContext.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }
}

/// A mistake in `--bind`'s value, and where it starts in it.
public struct KeyBindingError: Error, Equatable, CustomStringConvertible {
    /// The column (from 1) where the binding at fault starts.
    public var column: Int
    public var problem: KeyTableError

    public var description: String { "column \(column): \(problem)" }
}

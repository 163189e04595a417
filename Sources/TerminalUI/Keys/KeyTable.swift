/// Every key binding of the TUI, as data: the dispatcher looks keys up here, the help overlay
/// and the README's key map are written from it (a test compares the README), and `--bind`
/// overrides it. A later binding of the same key in the same context wins, so overriding is
/// appending.
public struct KeyTable: Sendable {
    /// A key (or an event) in a context, and the chain of actions it runs.
    public struct Binding: Hashable, Sendable {
        public var key: Key
        public var context: KeyContext
        public var actions: [BoundAction]

        public init(_ key: Key, _ context: KeyContext, _ action: KeyAction) {
            self.init(key, context, actions: [BoundAction(action)])
        }

        public init(_ key: Key, _ context: KeyContext, actions: [BoundAction]) {
            self.key = key
            self.context = context
            self.actions = actions
        }

        /// The first action: what the help and the hints know the binding by.
        public var action: KeyAction { actions[0].action }

        /// A single action without an argument: one of the table's plain rows.
        var isPlain: Bool { actions.count == 1 && actions[0].argument == nil }
    }

    public private(set) var bindings: [Binding]

    public init(bindings: [Binding]) {
        self.bindings = bindings
    }

    /// The first action of `key` in the first of `contexts` that binds it.
    public func action(for key: Key, in contexts: [KeyContext]) -> KeyAction? {
        actions(for: key, in: contexts)?.first?.action
    }

    /// The chain `key` (or an event) runs in the first of `contexts` that binds it.
    public func actions(for key: Key, in contexts: [KeyContext]) -> [BoundAction]? {
        for context in contexts {
            if let binding = bindings.last(where: { $0.key == key && $0.context == context }) { return binding.actions }
        }
        return nil
    }

    /// Binds `key` to `action` in `context`, over whatever it did there before.
    public mutating func bind(_ key: Key, to action: KeyAction, in context: KeyContext) {
        bind(key, to: [BoundAction(action)], in: context)
    }

    /// Binds `key` to a chain of actions in `context`, over whatever it did there before.
    public mutating func bind(_ key: Key, to actions: [BoundAction], in context: KeyContext) {
        bindings.removeAll { $0.key == key && $0.context == context }
        bindings.append(Binding(key, context, actions: actions))
    }

    /// Whether anything is bound to `event`.
    public func binds(_ event: KeyEvent) -> Bool {
        bindings.contains { $0.key == .event(event) }
    }

    /// Reads a chain of actions alone (`reload(ls)+first`), as `transform` prints them and
    /// `--listen` receives them.
    public static func parseActions(_ chain: String) throws(KeyBindingError) -> [BoundAction] {
        try BindingParser.actions(chain)
    }

    /// Reads one binding, `KEY:ACTIONS` (`ctrl-x:clear-refinements`), optionally
    /// `CONTEXT/KEY:ACTIONS` (`hits/enter:accept`); without a context it applies everywhere.
    public mutating func bind(_ spec: String) throws(KeyTableError) {
        do {
            try bind(list: spec)
        } catch {
            throw error.problem
        }
    }

    /// `--bind`'s value: `KEY:ACTIONS[,KEY:ACTIONS…]` (see `BindingParser`), bound left to
    /// right (so a later one wins). On a mistake nothing is bound, and the error gives the
    /// column (from 1) of the part at fault.
    public mutating func bind(list: String) throws(KeyBindingError) {
        var table = self
        for parsed in try BindingParser.bindings(list) {
            // Without a context, a key is the user's on fzf's ground too: the hits list and the
            // search box give up their own binding of it (`enter:execute(…)`, `tab:…`); the
            // side panes, the help and the small inputs keep theirs.
            let ground: [KeyContext] = parsed.context == .global ? [.hits, .global, .searchBox] : [parsed.context]
            let before = parsed.appends ? table.actions(for: parsed.key, in: ground) ?? [] : []
            if parsed.context == .global, !parsed.key.isEvent {
                table.bindings.removeAll { $0.key == parsed.key && ($0.context == .hits || $0.context == .searchBox) }
            }
            table.bind(parsed.key, to: before + parsed.actions, in: parsed.context)
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

    /// The keys bound to `action` alone in `context`, in table order.
    public func keys(for action: KeyAction, in context: KeyContext) -> [Key] {
        bindings.filter { $0.isPlain && $0.action == action && $0.context == context }.map(\.key)
    }

    /// The help's groups: per context, one row per action with all its keys; `name` is the
    /// action's name for `--bind` (empty for typing, which is no action).
    public var groups: [(title: String, rows: [(keys: String, name: String, action: String)])] {
        KeyContext.allCases.compactMap { context in
            var actions: [KeyAction] = []
            for binding in bindings where binding.context == context && binding.isPlain && !actions.contains(binding.action) {
                actions.append(binding.action)
            }
            var rows = actions.map { action in
                (
                    keys: keys(for: action, in: context).map(KeyName.label).joined(separator: ", "), name: action.name,
                    action: action.summary(in: context)
                )
            }
            // Chains and actions with arguments (`--bind`): one row each, written as bound.
            rows += bindings.filter { $0.context == context && !$0.isPlain }.map { binding in
                (
                    keys: KeyName.label(binding.key), name: binding.actions.map(\.description).joined(separator: "+"),
                    action: binding.actions.map { $0.action.summary(in: context) }.joined(separator: "; then ")
                )
            }
            if context == .searchBox { rows.insert(("Space, letters, …", "", "edit the query, whichever pane has focus"), at: 0) }
            return rows.isEmpty ? nil : (context.title, rows)
        }
    }

    /// The one-line hint bar: the first key of a few actions, those that do something here:
    /// no index key with one index, no pane keys when the hits are the only pane (plain lines).
    public func hints(
        sections: Bool, showingSections: Bool, indices: Int = 2, sidePanes: Bool = true
    ) -> [(key: String, action: String)] {
        func first(_ action: KeyAction, _ context: KeyContext = .global) -> String? { keys(for: action, in: context).first.map(KeyName.label) }
        var hints: [(key: String, action: String)] = []
        if let help = first(.toggleHelp) { hints.append((help, "help")) }
        if indices > 1, let index = first(.nextIndex) { hints.append((index, "index")) }
        if sections, let toggle = first(.toggleSections) { hints.append((toggle, showingSections ? "tabs" : "sections")) }
        let panes = sidePanes ? [KeyAction.focusHits, .focusRefinements, .focusSlider].compactMap { keys(for: $0, in: .global).first } : []
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
    /// An action's argument opened and never closed: `reload(ls`.
    case unbalanced(action: String, opener: Character, closer: Character)
    case needsArgument(String)
    case takesNoArgument(String)
    /// Nothing where an action belongs: `ctrl-a:`, `up+`.
    case missingAction
    /// Something after an action that is neither `+` nor `,`.
    case unexpected(Character)
    /// An event bound in a context: events happen to the whole session.
    case eventInContext(String)

    public var description: String {
        switch self {
        case .malformed(let spec): return "\"\(spec)\" is not KEY:ACTION (for example ctrl-x:clear-refinements)"
        // fzf's words first ("unsupported key: …", "unknown action: …"), then what there is.
        case .unknownKey(let name): return "unsupported key: \(name); keys: \(KeyName.validNames)"
        case .unknownAction(let name):
            return "unknown action: \(name); actions: \(KeyAction.allCases.map(\.name).joined(separator: ", "))"
        case .unknownContext(let name):
            return "no context is named \"\(name)\"; contexts: \(KeyContext.allCases.map(\.rawValue).joined(separator: ", "))"
        case .unbalanced(let action, let opener, let closer):
            return
                "\"\(action)\(opener)\" is never closed by \"\(closer)\"; choose a delimiter the argument does not contain: \(action)(…), \(action)[…], \(action){…}, \(action)<…>, \(action)~…~, or \(action):… at the end"
        case .needsArgument(let name):
            return "\"\(name)\" needs an argument, as \(name)(…)"
        case .takesNoArgument(let name): return "\"\(name)\" takes no argument"
        case .missingAction: return "an action is missing (after \":\" or \"+\")"
        case .unexpected(let character):
            return "\"\(character)\" after an action: chain actions with + and separate bindings with ,"
        case .eventInContext(let name): return "the event \"\(name)\" belongs to the whole session: bind it without a context"
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

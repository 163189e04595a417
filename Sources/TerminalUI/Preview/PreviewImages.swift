/// Which of a preview command's images go on to the terminal (`--preview-images`): those the
/// terminal is known to draw (`auto`), all of them as fzf sends them (`always`), or none
/// (`never`). An image not sent is named in its place in the pane, with the option that sends it.
public struct PreviewImages: Sendable, Hashable {
    public enum Mode: String, Sendable, CaseIterable {
        case auto, always, never
    }

    /// The protocols sent on.
    public var kinds: Set<TerminalGraphic.Kind>
    /// Inside tmux: kitty's and iTerm2's sequences go through tmux's passthrough.
    public var insideTmux: Bool
    /// Why the others are not (shown in their place).
    public var reason: String

    public init(kinds: Set<TerminalGraphic.Kind>, insideTmux: Bool = false, reason: String = "") {
        self.kinds = kinds
        self.insideTmux = insideTmux
        self.reason = reason
    }

    /// None sent: for tests and for panes that show records.
    public static let none = PreviewImages(kinds: [], reason: "--preview-images never")

    /// The terminal's protocols as its environment tells them. Terminals announce themselves
    /// in variables that also reach a shell inside tmux or over ssh (`KITTY_WINDOW_ID`,
    /// `LC_TERMINAL`, `WEZTERM_PANE`, …); a terminal asked at run time would answer through
    /// the keyboard the interface is reading, so it is not asked.
    public static func detect(_ mode: Mode, environment: [String: String]) -> PreviewImages {
        let insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        switch mode {
        case .always: return PreviewImages(kinds: Set(TerminalGraphic.Kind.allCases), insideTmux: insideTmux)
        case .never: return PreviewImages(kinds: [], insideTmux: insideTmux, reason: "--preview-images never")
        case .auto: break
        }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        func has(_ name: String) -> Bool { environment[name].map { !$0.isEmpty } ?? false }
        var kinds: Set<TerminalGraphic.Kind> = []
        if term == "xterm-kitty" || has("KITTY_WINDOW_ID") || term == "xterm-ghostty" || program == "ghostty" || has("GHOSTTY_RESOURCES_DIR")
            || program == "WezTerm" || has("WEZTERM_PANE") || has("KONSOLE_VERSION")
        {
            kinds.insert(.kitty)
        }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" || program == "WezTerm" || has("WEZTERM_PANE")
            || program == "mintty"
        {
            kinds.insert(.iterm)
        }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") || term == "contour" || program == "WezTerm" || has("WEZTERM_PANE")
            || has("KONSOLE_VERSION") || has("WT_SESSION") || program == "mintty"
        {
            // tmux draws sixel itself only when built with it (3.4 and later, not Debian's 3.3).
            if !insideTmux { kinds.insert(.sixel) }
        }
        return PreviewImages(
            kinds: kinds, insideTmux: insideTmux,
            reason: insideTmux ? "not known to pass through tmux here" : "this terminal does not say it draws them")
    }

    func sends(_ kind: TerminalGraphic.Kind) -> Bool { kinds.contains(kind) }

    /// What stands in the pane for an image not sent.
    func placeholder(_ kind: TerminalGraphic.Kind) -> String {
        "[\(kind.rawValue) image not shown: \(reason); --preview-images always sends it]"
    }
}

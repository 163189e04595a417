/// fzf's `--tmux [center|top|bottom|left|right][,WIDTH[%]][,HEIGHT[%]]`: where the popup goes
/// and its size (default center, 50% each way). With one size, top and bottom take it as the
/// height (the width is the whole), left and right as the width, center as both.
/// `border-native` anywhere in it: tmux draws the popup's border (otherwise the popup has
/// none and the interface draws its own, as fzf's).
public struct TmuxPopupSpec: Sendable, Hashable {
    public enum Position: String, Sendable, CaseIterable { case center, top, bottom, left, right }

    /// A size in cells, or a percentage of the tmux window.
    public enum Size: Sendable, Hashable {
        case cells(Int)
        case percent(Int)

        /// As tmux's display-popup takes it.
        var argument: String {
            switch self {
            case .cells(let n): String(n)
            case .percent(let p): "\(p)%"
            }
        }
    }

    public var position = Position.center
    public var width = Size.percent(50)
    public var height = Size.percent(50)
    /// `border-native`: tmux's border around the popup.
    public var nativeBorder = false

    /// The value `--tmux` alone stands for.
    public static let bare = "center,50%"
    static let form = "[center|top|bottom|left|right][,WIDTH[%]][,HEIGHT[%]][,border-native] (sizes 1 to 10000 cells or 1% to 100%)"

    public init() {}

    public static func parse(_ text: String) -> TmuxPopupSpec? {
        var spec = TmuxPopupSpec()
        var parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 4 else { return nil }
        if let native = parts.firstIndex(of: "border-native") {
            spec.nativeBorder = true
            parts.remove(at: native)
        }
        if let first = parts.first, let position = Position(rawValue: first) {
            spec.position = position
            parts.removeFirst()
        }
        guard parts.count <= 2 else { return nil }
        let sizes = parts.map(Self.size)
        guard !sizes.contains(where: { $0 == nil }) else { return nil }
        switch (sizes.count, spec.position) {
        case (0, .top), (0, .bottom): (spec.width, spec.height) = (.percent(100), .percent(50))
        case (0, .left), (0, .right): (spec.width, spec.height) = (.percent(50), .percent(100))
        case (0, _): break
        case (1, .top), (1, .bottom): (spec.width, spec.height) = (.percent(100), sizes[0]!)
        case (1, .left), (1, .right): (spec.width, spec.height) = (sizes[0]!, .percent(100))
        case (1, _): (spec.width, spec.height) = (sizes[0]!, sizes[0]!)
        default: (spec.width, spec.height) = (sizes[0]!, sizes[1]!)
        }
        return spec
    }

    private static func size(_ text: String) -> Size? {
        let percent = text.hasSuffix("%")
        let digits = percent ? String(text.dropLast()) : text
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n >= 1 else { return nil }
        if percent { return n <= 100 ? .percent(n) : nil }
        return n <= 10_000 ? .cells(n) : nil
    }

    /// display-popup's placement and size options (tmux's own letters: C the centre, R the
    /// right edge, S next to the status line); `-B` (no border of tmux's) unless `border-native`.
    var popupArguments: [String] {
        let place: [String] =
            switch position {
            case .center: ["-xC", "-yC"]
            case .top: ["-xC", "-y0"]
            case .bottom: ["-xC", "-yS"]
            case .left: ["-x0", "-yC"]
            case .right: ["-xR", "-yC"]
            }
        return place + ["-w", width.argument, "-h", height.argument] + (nativeBorder ? [] : ["-B"])
    }

    /// Outside tmux the session runs inline instead (fzf's fallback), in the popup's height
    /// (a percentage of the terminal, or rows).
    public var inlineHeight: String { height.argument }

    /// What the command run in the popup is given first, as fzf's `popupArgStr`: without tmux's
    /// border, a rounded border of its own (unless `--border` names one); with it, a column of
    /// margin each side (unless `--margin` is given).
    public func interfaceArguments(borderGiven: Bool, marginGiven: Bool) -> [String] {
        if !nativeBorder { return borderGiven ? [] : ["--border=rounded"] }
        return marginGiven ? [] : ["--margin=0,1"]
    }
}

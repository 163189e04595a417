extension KeyTable {
    /// The bindings the TUI starts with (fzf's keys where fzf has them).
    public static let standard = KeyTable(bindings: [
        Binding(.control("c"), .global, .abort),
        Binding(.function(1), .global, .toggleHelp),
        Binding(.tab, .global, .nextIndex),
        Binding(.backTab, .global, .previousIndex),
        Binding(.function(2), .global, .focusHits),
        Binding(.function(3), .global, .focusRefinements),
        Binding(.function(4), .global, .focusSlider),
        Binding(.function(5), .global, .toggleSections),
        Binding(.control("x"), .global, .clearRefinements),
        Binding(.control("l"), .global, .clearScreen),
        // Sort by (issue 16: ranges)
        Binding(.function(7), .global, .nextSort),

        Binding(.backspace, .searchBox, .backwardDeleteChar),
        Binding(.delete, .searchBox, .deleteChar),
        Binding(.left, .searchBox, .backwardChar),
        Binding(.right, .searchBox, .forwardChar),
        Binding(.home, .searchBox, .beginningOfLine),
        Binding(.control("a"), .searchBox, .beginningOfLine),
        Binding(.end, .searchBox, .endOfLine),
        Binding(.control("e"), .searchBox, .endOfLine),
        Binding(.control("u"), .searchBox, .unixLineDiscard),
        Binding(.control("w"), .searchBox, .unixWordRubout),
    ]
        + listBindings(.hits) + [
            Binding(.enter, .hits, .accept),
            Binding(.escape, .hits, .abort),
        ]
        + listBindings(.refinements) + [
            Binding(.character(" "), .refinements, .toggleRefinement),
            Binding(.enter, .refinements, .toggleRefinement),
            Binding(.escape, .refinements, .focusHits),
        ] + [
            Binding(.left, .slider, .moveThumbLeft),
            Binding(.right, .slider, .moveThumbRight),
            Binding(.character(" "), .slider, .switchThumb),
            Binding(.up, .slider, .previousAttribute),
            Binding(.control("p"), .slider, .previousAttribute),
            Binding(.down, .slider, .nextAttribute),
            Binding(.control("n"), .slider, .nextAttribute),
            Binding(.delete, .slider, .clearRange),
            // Typed ranges and the attribute list (issue 16: ranges)
            Binding(.control("f"), .slider, .editRange),
            Binding(.pageUp, .slider, .pageUp),
            Binding(.pageDown, .slider, .pageDown),
            Binding(.home, .slider, .firstAttribute),
            Binding(.end, .slider, .lastAttribute),
            Binding(.shiftLeft, .slider, .moveThumbFarLeft),
            Binding(.shiftRight, .slider, .moveThumbFarRight),
            Binding(.enter, .slider, .accept),
            Binding(.escape, .slider, .focusHits),
        ]
        + listBindings(.sections) + [
            Binding(.enter, .sections, .accept),
            Binding(.character(" "), .sections, .toggleRefinement),
            Binding(.escape, .sections, .abort),
        ]
        + listBindings(.help) + [
            Binding(.escape, .help, .closeHelp),
            Binding(.function(1), .help, .closeHelp),
            Binding(.control("c"), .help, .abort),
        ])

    /// Up / Down (and Ctrl-P / Ctrl-N, as in fzf), PgUp / PgDn: the same in every list.
    private static func listBindings(_ context: KeyContext) -> [Binding] {
        [
            Binding(.up, context, .up), Binding(.control("p"), context, .up),
            Binding(.down, context, .down), Binding(.control("n"), context, .down),
            Binding(.pageUp, context, .pageUp), Binding(.pageDown, context, .pageDown),
        ]
    }
}
